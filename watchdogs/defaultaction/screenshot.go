package defaultaction

import (
	"bytes"
	"cmp"
	"context"
	"encoding/base64"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/mafredri/cdp/protocol/dom"
	"github.com/mafredri/cdp/protocol/page"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/marks"
	"github.com/agentbrowser/agentbrowser/internal/safefile"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
	"github.com/agentbrowser/agentbrowser/session"
)

// maxLabels bounds the refs drawn by a labelled screenshot.
const maxLabels = 500

// screenshotFormat checks a screenshot's format, quality and extent, and
// returns the format as CDP names it.
func screenshotFormat(e events.ScreenshotEvent) (string, error) {
	format := strings.ToLower(e.Format)
	switch format {
	case "", "png":
		format = "png"
	case "jpeg", "jpg":
		format = "jpeg"
	default:
		return "", events.Errorf(events.CodeInvalidArgument, "format %q: want png or jpeg", e.Format)
	}
	if e.Quality < 0 || e.Quality > 100 || (e.Quality != 0 && format != "jpeg") {
		return "", events.Errorf(events.CodeInvalidArgument, "quality %d: want 1-100, with format jpeg only", e.Quality)
	}
	if e.Full && e.Ref != "" {
		return "", events.Errorf(events.CodeInvalidArgument, "a screenshot is of the full page or of one ref, not both")
	}
	return format, nil
}

func (a *attachment) screenshot(ctx context.Context, e events.ScreenshotEvent) (events.ScreenshotResult, error) {
	format, err := screenshotFormat(e)
	if err != nil {
		return events.ScreenshotResult{}, err
	}
	path := e.Path
	if path != "" {
		abs, err := filepath.Abs(path)
		if err != nil {
			return events.ScreenshotResult{}, events.Errorf(events.CodeInvalidArgument, "path %q: %v", path, err)
		}
		if st, err := os.Stat(filepath.Dir(abs)); err != nil || !st.IsDir() {
			return events.ScreenshotResult{}, events.Errorf(events.CodeInvalidArgument, "path %s: its directory does not exist", abs)
		}
		// Writing to a FIFO would block until someone reads it, and to a
		// device or directory is never an image file.
		if st, err := os.Stat(abs); err == nil && !st.Mode().IsRegular() {
			return events.ScreenshotResult{}, events.Errorf(events.CodeInvalidArgument, "path %s exists and is not a regular file (%v); nothing was captured", abs, st.Mode().Type())
		}
		path = abs
	}
	tab, err := a.s.Tab(e.TabID)
	if err != nil {
		return events.ScreenshotResult{}, err
	}
	if d := a.dlg.Pending(ctx, tab.ID); d != nil {
		return events.ScreenshotResult{}, events.DialogBlocks(*d, "")
	}
	args := page.NewCaptureScreenshotArgs().SetFormat(format)
	if format == "jpeg" {
		q := e.Quality
		if q == 0 {
			q = 80
		}
		args.SetQuality(q)
	}
	var data []byte
	labels := 0
	var boxes []labelBox
	var view page.Viewport // the region a viewport capture shows, in document CSS pixels
	d, err := a.raceDialog(ctx, tab, func(ctx context.Context) error {
		switch {
		case e.Ref != "":
			el, err := a.element(ctx, tab.ID, e.Ref)
			if err != nil {
				return err
			}
			defer el.release(ctx)
			clip, err := a.elementClip(ctx, el)
			if err != nil {
				return err
			}
			args.SetClip(clip).SetCaptureBeyondViewport(true)
		case e.Full:
			m, err := tab.Client.Page.GetLayoutMetrics(ctx)
			if err != nil {
				return fmt.Errorf("reading layout metrics: %w", err)
			}
			cs := m.CSSContentSize
			args.SetClip(page.Viewport{X: 0, Y: 0, Width: math.Ceil(cs.Width), Height: math.Ceil(cs.Height), Scale: 1}).SetCaptureBeyondViewport(true)
			if path == "" {
				scale := 1.0
				if cs.Width > 0 && m.ContentSize.Width > 0 {
					scale = m.ContentSize.Width / cs.Width // device pixels per CSS pixel
				}
				if err := a.checkInline(math.Ceil(cs.Width*scale), math.Ceil(cs.Height*scale), format); err != nil {
					return err
				}
			}
		}
		if path == "" && args.Clip != nil && !e.Full {
			if err := a.checkInline(args.Clip.Width*args.Clip.Scale, args.Clip.Height*args.Clip.Scale, format); err != nil {
				return err
			}
		}
		if e.Labels {
			var err error
			if boxes, view, err = a.labelBoxes(ctx, tab); err != nil {
				return err
			}
		}
		r, err := tab.Client.Page.CaptureScreenshot(ctx, args)
		if err != nil {
			return fmt.Errorf("capturing screenshot: %w", err)
		}
		data = r.Data
		return nil
	})
	if d != nil {
		return events.ScreenshotResult{}, events.DialogBlocks(*d, "the capture stopped (it opened while capturing)")
	}
	if err != nil {
		return events.ScreenshotResult{}, err
	}
	if e.Labels {
		region := view
		if args.Clip != nil {
			region = *args.Clip
		}
		if data, labels, err = drawMarks(data, format, args.Quality, region, boxes); err != nil {
			return events.ScreenshotResult{}, err
		}
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return events.ScreenshotResult{}, fmt.Errorf("decoding screenshot: %w", err)
	}
	res := events.ScreenshotResult{TabID: tab.ID, Format: format, Width: cfg.Width, Height: cfg.Height, Bytes: len(data), Labels: labels}
	if path == "" {
		res.Data = base64.StdEncoding.EncodeToString(data)
		return res, nil
	}
	// 0600, whole, never through a link or into a FIFO.
	written, err := safefile.Write(path, data)
	if err != nil {
		return events.ScreenshotResult{}, events.Errorf(events.CodeInvalidArgument, "writing the screenshot: %v", err)
	}
	res.Path = written
	return res, nil
}

// inlinePixelsPerByte is how many pixels of an image returned inline
// (base64 in the result) a byte of the result cap allows before the
// capture is refused: about 0.5 bytes a pixel as PNG or 0.17 as JPEG,
// after base64, which a page of text or photos easily takes. A plain page
// compresses better and is refused anyway: the cap stands for what an
// agent can take in, and a file (a PATH) has no such limit.
var inlinePixelsPerByte = map[string]float64{"png": 2, "jpeg": 6}

// checkInline refuses, before anything is captured, an inline image of
// w by h device pixels that would not fit the result cap: capturing a
// page of 30,000 pixels takes Chrome tens of seconds and builds tens of
// megabytes, only to be refused afterwards.
func (a *attachment) checkInline(w, h float64, format string) error {
	limit := a.maxResult
	if limit == 0 {
		limit = events.DefaultMaxResultBytes
	}
	if limit < 0 {
		return nil
	}
	px := w * h
	if most := float64(limit) * inlinePixelsPerByte[format]; px > most {
		return events.Errorf(events.CodeResultTooLarge,
			"the screenshot would be %.0fx%.0f pixels, too large to return inline under the cap of %d bytes (at most %.0f pixels as %s); nothing was captured: give a PATH to write it to a file, capture the viewport or an element (--ref), or raise --max-result-bytes",
			w, h, limit, most, format).WithDetails(events.ErrorDetails{Cap: limit})
	}
	return nil
}

// box returns the bounding box of the element's content quads in tab
// viewport coordinates.
func (a *attachment) box(ctx context.Context, el *element, vp rect) (rect, error) {
	fb, err := a.frameBox(ctx, el.target, vp)
	if err != nil {
		return rect{}, err
	}
	q, err := el.res.Client.DOM.GetContentQuads(ctx, dom.NewGetContentQuadsArgs().SetObjectID(el.res.ObjectID))
	if err != nil {
		return rect{}, el.gone(notVisible(el, err))
	}
	r := rect{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, quad := range q.Quads {
		b := quadRect(quad).shift(fb.dx, fb.dy)
		r = rect{math.Min(r.x0, b.x0), math.Min(r.y0, b.y0), math.Max(r.x1, b.x1), math.Max(r.y1, b.y1)}
	}
	if r.empty() {
		return rect{}, events.Errorf(events.CodeElementCovered, "element %s has no visible box", el.describe()).WithDetails(events.ErrorDetails{Ref: el.ref, Covering: coverNoBox})
	}
	return r, nil
}

// elementClip scrolls the element into view and returns its box in
// document coordinates, as Page.captureScreenshot's clip wants.
func (a *attachment) elementClip(ctx context.Context, el *element) (page.Viewport, error) {
	if err := a.scrollIntoView(ctx, el); err != nil {
		return page.Viewport{}, err
	}
	m, err := el.tab.Client.Page.GetLayoutMetrics(ctx)
	if err != nil {
		return page.Viewport{}, fmt.Errorf("reading layout metrics: %w", err)
	}
	v := m.CSSVisualViewport
	r, err := a.box(ctx, el, rect{0, 0, v.ClientWidth, v.ClientHeight})
	if err != nil {
		return page.Viewport{}, err
	}
	return page.Viewport{X: r.x0 + v.PageX, Y: r.y0 + v.PageY, Width: r.x1 - r.x0, Height: r.y1 - r.y0, Scale: 1}, nil
}

// labelBox is one label of a set-of-marks screenshot, in document
// coordinates.
type labelBox struct {
	Ref        string
	X, Y, W, H float64
}

// labelBoxes takes an interactive snapshot (refs of elements already
// snapshotted stay the same) and returns each ref's box, as the browser's
// layout gives it (DOM.getContentQuads), in document coordinates, with
// the region of the document the viewport shows. Nothing is drawn in the
// page: drawMarks draws the labels into the captured image, where page
// script can neither see nor change them.
func (a *attachment) labelBoxes(ctx context.Context, tab *session.Target) ([]labelBox, page.Viewport, error) {
	res, err := a.engine(tab).Capture(ctx, snapshot.Options{Interactive: true})
	if err != nil {
		return nil, page.Viewport{}, refError(err)
	}
	a.noteRefs(tab.ID, res.Refs)
	m, err := tab.Client.Page.GetLayoutMetrics(ctx)
	if err != nil {
		return nil, page.Viewport{}, fmt.Errorf("reading layout metrics: %w", err)
	}
	v := m.CSSVisualViewport
	view := page.Viewport{X: v.PageX, Y: v.PageY, Width: v.ClientWidth, Height: v.ClientHeight, Scale: 1}
	vp := rect{0, 0, v.ClientWidth, v.ClientHeight}
	refs := make([]events.Ref, 0, len(res.Refs))
	for r := range res.Refs {
		refs = append(refs, r)
	}
	// In ref order, so that the same page gives the same picture.
	slices.SortFunc(refs, func(x, y events.Ref) int { return cmp.Compare(refNumber(x), refNumber(y)) })
	if len(refs) > maxLabels {
		refs = refs[:maxLabels]
	}
	boxes := make([]*labelBox, len(refs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i, ref := range refs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			el, err := a.element(ctx, tab.ID, ref)
			if err != nil {
				return
			}
			defer el.release(ctx)
			r, err := a.box(ctx, el, vp)
			if err != nil {
				return
			}
			boxes[i] = &labelBox{Ref: string(ref), X: r.x0 + v.PageX, Y: r.y0 + v.PageY, W: r.x1 - r.x0, H: r.y1 - r.y0}
		}()
	}
	wg.Wait()
	list := make([]labelBox, 0, len(boxes))
	for _, b := range boxes {
		if b != nil && b.W > 0 && b.H > 0 {
			list = append(list, *b)
		}
	}
	return list, view, nil
}

func refNumber(r events.Ref) int {
	n, _ := strconv.Atoi(strings.TrimPrefix(string(r), "e"))
	return n
}

// maxLabelledPixels bounds a labelled screenshot, which is decoded,
// drawn on and encoded again in this process: 40 million pixels (160 MB
// decoded).
const maxLabelledPixels = 40_000_000

// drawMarks draws each box's ref into the captured image data (format
// png or jpeg, at quality), whose pixels show region of the document, and
// returns the new image and how many labels it holds.
func drawMarks(data []byte, format string, quality *int, region page.Viewport, boxes []labelBox) ([]byte, int, error) {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, 0, fmt.Errorf("decoding screenshot: %w", err)
	}
	if px := cfg.Width * cfg.Height; px > maxLabelledPixels {
		return nil, 0, events.Errorf(events.CodeInvalidArgument,
			"the screenshot is %dx%d pixels, too large to draw labels on (at most %d million pixels); nothing was written: capture the viewport or an element (--ref), or leave out --labels", cfg.Width, cfg.Height, maxLabelledPixels/1_000_000)
	}
	src, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, 0, fmt.Errorf("decoding screenshot: %w", err)
	}
	img, ok := src.(draw.Image)
	if !ok {
		rgba := image.NewRGBA(src.Bounds())
		draw.Draw(rgba, rgba.Bounds(), src, src.Bounds().Min, draw.Src)
		img = rgba
	}
	scale := 1.0
	if region.Width > 0 {
		scale = float64(cfg.Width) / region.Width
	}
	var ms []marks.Mark
	for _, b := range boxes {
		r := image.Rect(
			int(math.Round((b.X-region.X)*scale)), int(math.Round((b.Y-region.Y)*scale)),
			int(math.Round((b.X+b.W-region.X)*scale)), int(math.Round((b.Y+b.H-region.Y)*scale)))
		if r.Overlaps(img.Bounds()) {
			ms = append(ms, marks.Mark{Text: b.Ref, Box: r})
		}
	}
	marks.Draw(img, ms, max(1, int(math.Round(2*scale))))
	var out bytes.Buffer
	if format == "jpeg" {
		q := 80
		if quality != nil {
			q = *quality
		}
		err = jpeg.Encode(&out, img, &jpeg.Options{Quality: q})
	} else {
		err = png.Encode(&out, img)
	}
	if err != nil {
		return nil, 0, fmt.Errorf("encoding the labelled screenshot: %w", err)
	}
	return out.Bytes(), len(ms), nil
}
