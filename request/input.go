package request

import (
	"context"
	"encoding/json"
	"path/filepath"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/watchdogs/defaultaction"
)

// Point is a position in viewport CSS pixels.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Click clicks an element by ref (scrolled into view, checked for
// overlays, real mouse events; through script with Force), or the
// viewport at At.
type Click struct {
	Returns[events.ActionResult]
	Ref       events.Ref         `json:"ref,omitempty"`
	At        *Point             `json:"at,omitempty"`
	Button    events.MouseButton `json:"button,omitempty"`
	Double    bool               `json:"double,omitempty"`
	Modifiers []string           `json:"modifiers,omitempty"`
	Force     bool               `json:"force,omitempty"`
}

func (Click) Command() string { return "click" }

func (q Click) count() int {
	if q.Double {
		return 2
	}
	return 1
}

// Validate implements Validator.
func (q Click) Validate() error {
	switch {
	case q.Ref != "" && q.At != nil:
		return invalid("click takes a ref or coordinates, not both")
	case q.At != nil:
		return defaultaction.Check(events.ClickCoordinateEvent{X: q.At.X, Y: q.At.Y, Button: q.Button, ClickCount: q.count(), Modifiers: q.Modifiers})
	}
	if err := needRef("click", q.Ref); err != nil {
		return err
	}
	return defaultaction.Check(events.ClickElementEvent{Ref: q.Ref, Button: q.Button, ClickCount: q.count(), Modifiers: q.Modifiers})
}

// Hover moves the mouse over an element; with Force, without the check
// for what covers it.
type Hover struct {
	Returns[events.ActionResult]
	Ref   events.Ref `json:"ref"`
	Force bool       `json:"force,omitempty"`
}

func (Hover) Command() string { return "hover" }

// Validate implements Validator.
func (q Hover) Validate() error { return needRef("hover", q.Ref) }

// Type types Text into an input, textarea or contenteditable, after
// emptying it with Clear, pressing Enter afterwards with Submit; with
// Force, even into a field the user cannot see.
type Type struct {
	Returns[events.ActionResult]
	Ref    events.Ref `json:"ref"`
	Text   string     `json:"text"`
	Clear  bool       `json:"clear,omitempty"`
	Submit bool       `json:"submit,omitempty"`
	Force  bool       `json:"force,omitempty"`
}

func (Type) Command() string { return "type" }

// Validate implements Validator.
func (q Type) Validate() error { return needRef("type", q.Ref) }

// Press presses a key or chord in the focused element, or in Ref's
// element, focused first.
type Press struct {
	Returns[events.ActionResult]
	Key string     `json:"key"`
	Ref events.Ref `json:"ref,omitempty"`
}

func (Press) Command() string { return "press" }

// Validate implements Validator.
func (q Press) Validate() error {
	if err := checkRefs(q.Ref); err != nil {
		return err
	}
	return defaultaction.Check(events.PressKeyEvent{Key: q.Key})
}

// Scroll scrolls the page or an element by DX, DY pixels; with no delta,
// one screen down, or a ref into view.
type Scroll struct {
	Returns[events.ActionResult]
	Ref events.Ref `json:"ref,omitempty"`
	DX  int        `json:"dx,omitempty"`
	DY  int        `json:"dy,omitempty"`
}

func (Scroll) Command() string { return "scroll" }

// Validate implements Validator.
func (q Scroll) Validate() error { return checkRefs(q.Ref) }

// Select selects options of a <select> by value or visible label.
type Select struct {
	Returns[events.ActionResult]
	Ref    events.Ref `json:"ref"`
	Values []string   `json:"values"`
}

func (Select) Command() string { return "select" }

// Validate implements Validator.
func (q Select) Validate() error {
	if len(q.Values) == 0 {
		return invalid("select needs at least one option value or label")
	}
	return needRef("select", q.Ref)
}

// Check checks a checkbox, radio button or switch, verified afterwards.
type Check struct {
	Returns[events.ActionResult]
	Ref events.Ref `json:"ref"`
}

// Uncheck unchecks a checkbox or switch, verified afterwards.
type Uncheck struct {
	Returns[events.ActionResult]
	Ref events.Ref `json:"ref"`
}

func (Check) Command() string   { return "check" }
func (Uncheck) Command() string { return "uncheck" }

// Validate implements Validator.
func (q Check) Validate() error { return needRef("check", q.Ref) }

// Validate implements Validator.
func (q Uncheck) Validate() error { return needRef("uncheck", q.Ref) }

// Upload sets the files of an <input type=file>: absolute paths on the
// machine the browser session runs on.
type Upload struct {
	Returns[events.ActionResult]
	Ref   events.Ref `json:"ref"`
	Files []string   `json:"files"`
}

func (Upload) Command() string { return "upload" }

// Validate implements Validator.
func (q Upload) Validate() error {
	if len(q.Files) == 0 {
		return invalid("upload needs at least one file")
	}
	for _, f := range q.Files {
		if !filepath.IsAbs(f) {
			return invalid("file %q is not an absolute path; give absolute paths on the browser's machine", f)
		}
	}
	return needRef("upload", q.Ref)
}

// Resize sets the tab's viewport size in CSS pixels.
type Resize struct {
	Returns[ResizeResult]
	Width  int `json:"width"`
	Height int `json:"height"`
}

// ResizeResult is the viewport size set.
type ResizeResult struct {
	Width  int `json:"width"`
	Height int `json:"height"`
}

func (Resize) Command() string { return "resize" }

// Validate implements Validator.
func (q Resize) Validate() error {
	if q.Width <= 0 || q.Height <= 0 || q.Width > MaxViewport || q.Height > MaxViewport {
		return invalid("resize %d %d: width and height must be from 1 to %d", q.Width, q.Height, MaxViewport)
	}
	return nil
}

// MaxViewport bounds each side of a resized viewport in CSS pixels: a
// larger one gives the renderer a surface it may not allocate (Chrome's
// largest texture side is 16384 on most machines).
const MaxViewport = 16384

// Screenshot captures the viewport, the whole page (Full) or one element
// (Ref), as png (default) or jpeg (Quality 1-100), with refs drawn over
// the elements with Labels. With Path (absolute) the image is written
// there; without it the response carries it base64-encoded.
type Screenshot struct {
	Returns[events.ScreenshotResult]
	Path    string     `json:"path,omitempty"`
	Full    bool       `json:"full,omitempty"`
	Ref     events.Ref `json:"ref,omitempty"`
	Labels  bool       `json:"labels,omitempty"`
	Format  string     `json:"format,omitempty"`
	Quality int        `json:"quality,omitempty"`
}

func (Screenshot) Command() string { return "screenshot" }

func (q Screenshot) event() events.ScreenshotEvent {
	return events.ScreenshotEvent{Path: q.Path, Full: q.Full, Ref: q.Ref, Labels: q.Labels, Format: q.Format, Quality: q.Quality}
}

// Validate implements Validator.
func (q Screenshot) Validate() error {
	if err := checkRefs(q.Ref); err != nil {
		return err
	}
	if q.Path != "" && !filepath.IsAbs(q.Path) {
		return invalid("path %q is not absolute", q.Path)
	}
	return defaultaction.Check(q.event())
}

func init() {
	Handle(func(ctx context.Context, b *Browser, q Click) (events.ActionResult, error) {
		if q.At != nil {
			return actions.Do(ctx, b.s, events.ClickCoordinateEvent{
				X: q.At.X, Y: q.At.Y, Button: q.Button, ClickCount: q.count(), Modifiers: q.Modifiers,
			})
		}
		return actions.ClickElement(ctx, b.s, events.ClickElementEvent{
			Ref: q.Ref, Button: q.Button, ClickCount: q.count(), Modifiers: q.Modifiers, Force: q.Force,
		})
	})
	Handle(func(ctx context.Context, b *Browser, q Hover) (events.ActionResult, error) {
		return actions.HoverElement(ctx, b.s, events.HoverEvent{Ref: q.Ref, Force: q.Force})
	})
	Handle(func(ctx context.Context, b *Browser, q Type) (events.ActionResult, error) {
		return actions.Type(ctx, b.s, events.TypeTextEvent{Ref: q.Ref, Text: q.Text, Clear: q.Clear, Submit: q.Submit, Force: q.Force})
	})
	Handle(func(ctx context.Context, b *Browser, q Press) (events.ActionResult, error) {
		return actions.Do(ctx, b.s, events.PressKeyEvent{Key: q.Key, Ref: q.Ref})
	})
	Handle(func(ctx context.Context, b *Browser, q Scroll) (events.ActionResult, error) {
		return actions.Scroll(ctx, b.s, events.ScrollEvent{Ref: q.Ref, DX: float64(q.DX), DY: float64(q.DY)})
	})
	Handle(func(ctx context.Context, b *Browser, q Select) (events.ActionResult, error) {
		return actions.Select(ctx, b.s, q.Ref, q.Values...)
	})
	Handle(func(ctx context.Context, b *Browser, q Check) (events.ActionResult, error) {
		return actions.SetChecked(ctx, b.s, q.Ref, true)
	})
	Handle(func(ctx context.Context, b *Browser, q Uncheck) (events.ActionResult, error) {
		return actions.SetChecked(ctx, b.s, q.Ref, false)
	})
	Handle(func(ctx context.Context, b *Browser, q Upload) (events.ActionResult, error) {
		return actions.Upload(ctx, b.s, q.Ref, q.Files...)
	})
	Handle(func(ctx context.Context, b *Browser, q Screenshot) (events.ScreenshotResult, error) {
		return actions.Screenshot(ctx, b.s, q.event())
	})
	Handle(func(ctx context.Context, b *Browser, q Resize) (ResizeResult, error) {
		p, _ := json.Marshal(map[string]any{"width": q.Width, "height": q.Height, "deviceScaleFactor": 0, "mobile": false})
		if _, err := actions.CDP(ctx, b.s, "Emulation.setDeviceMetricsOverride", p, ""); err != nil {
			return ResizeResult{}, err
		}
		return ResizeResult{Width: q.Width, Height: q.Height}, nil
	})
}
