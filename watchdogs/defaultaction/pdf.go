package defaultaction

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/cdpstream"
	"github.com/agentbrowser/agentbrowser/internal/safefile"
)

// paperSizes are the sheets PDFEvent prints on, in inches.
var paperSizes = map[string][2]float64{
	events.PaperLetter: {8.5, 11},
	events.PaperA4:     {8.27, 11.69},
}

// pdf prints a tab with Page.printToPDF, streamed (a long page's PDF can
// be larger than one CDP message should be) into a file written 0600.
func (a *attachment) pdf(ctx context.Context, e events.PDFEvent) (events.PDFResult, error) {
	paper := e.Paper
	if paper == "" {
		paper = events.PaperLetter
	}
	size, ok := paperSizes[paper]
	if !ok {
		return events.PDFResult{}, events.Errorf(events.CodeInvalidArgument, "paper %q: want A4 or Letter", e.Paper)
	}
	if e.Path == "" {
		return events.PDFResult{}, events.Errorf(events.CodeInvalidArgument, "a PDF needs a path to be written to")
	}
	tab, err := a.s.Tab(e.TabID)
	if err != nil {
		return events.PDFResult{}, err
	}
	if d := a.dlg.Pending(ctx, tab.ID); d != nil {
		return events.PDFResult{}, events.DialogBlocks(*d, "it cannot be printed")
	}
	var stream string
	d, err := a.raceDialog(ctx, tab, func(ctx context.Context) error {
		var r struct {
			Stream string `json:"stream"`
		}
		args := map[string]any{
			"landscape": e.Landscape, "printBackground": e.Background,
			"paperWidth": size[0], "paperHeight": size[1],
			"transferMode": "ReturnAsStream",
		}
		if err := rpcc.Invoke(ctx, "Page.printToPDF", args, &r, tab.Conn); err != nil {
			return fmt.Errorf("printing to PDF: %w", err)
		}
		stream = r.Stream
		return nil
	})
	if d != nil {
		return events.PDFResult{}, events.DialogBlocks(*d, "printing stopped (a beforeprint handler opened it)")
	}
	if err != nil {
		return events.PDFResult{}, err
	}
	defer cdpstream.CloseIO(ctx, tab.Conn, stream, settleCap)
	var n int64
	path, err := safefile.WriteFrom(e.Path, func(w io.Writer) error {
		var err error
		n, err = cdpstream.CopyIO(ctx, tab.Conn, stream, "the PDF", w)
		return err
	})
	var pe *safefile.PathError
	if errors.As(err, &pe) {
		return events.PDFResult{}, events.Errorf(events.CodeInvalidArgument, "writing the PDF: %s; nothing was written", pe.Msg)
	}
	if err != nil {
		return events.PDFResult{}, err
	}
	return events.PDFResult{TabID: tab.ID, Path: path, Bytes: int(n)}, nil
}
