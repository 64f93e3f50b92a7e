package events

// Paper sizes of PDFEvent.
const (
	PaperLetter = "Letter"
	PaperA4     = "A4"
)

// PDFEvent prints a tab (TabID, or the active tab) to a PDF file at Path,
// an absolute path or one relative to the working directory of whoever
// handles it, written mode 0600 and never through a symbolic link. Paper is
// "Letter" (the default) or "A4"; Landscape turns it; Background prints
// background colours and images. Handled by DefaultActionWatchdog; result
// PDFResult.
type PDFEvent struct {
	TabID      TargetID
	Path       string
	Landscape  bool
	Paper      string
	Background bool
}

// PDFResult describes a written PDF.
type PDFResult struct {
	TabID TargetID `json:"tab_id"`
	Path  string   `json:"path"`
	Bytes int      `json:"bytes"`
}
