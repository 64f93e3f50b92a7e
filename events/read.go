package events

// ReadEvent asks for the readable content of a tab (TabID, or the active
// tab), or of the element Ref names, as compact Markdown: headings,
// paragraphs, lists, tables, quotes and code, each link written
// [text][eN] with the ref a snapshot gives it. Without All, a page with a
// main region reads as that region, and navigation chrome (navigation,
// banner, page header and footer, sidebars, search) is left out, as are
// form controls and media. Out-of-process iframes are read in place. No
// snapshot text is taken. Owned by DefaultActionWatchdog; result
// ReadResult.
type ReadEvent struct {
	TabID TargetID
	Ref   Ref
	All   bool
}

// ReadResult is the content ReadEvent read.
type ReadResult struct {
	TabID    TargetID `json:"tab_id"`
	URL      string   `json:"url"`
	Title    string   `json:"title"`
	Markdown string   `json:"markdown"`
}
