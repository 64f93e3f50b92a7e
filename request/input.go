package request

import (
	"path/filepath"

	"github.com/agentbrowser/agentbrowser/events"
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
	Ref       events.Target      `json:"ref,omitzero"`
	At        *Point             `json:"at,omitempty"`
	Button    events.MouseButton `json:"button,omitempty"`
	Double    bool               `json:"double,omitempty"`
	Modifiers []string           `json:"modifiers,omitempty"`
	Force     bool               `json:"force,omitempty"`
}

func (Click) Command() string { return "click" }

// Validate implements Validator.
func (q Click) Validate() error {
	switch {
	case !q.Ref.IsZero() && q.At != nil:
		return invalid("click takes a ref or coordinates, not both")
	case q.At != nil:
		// The button, modifiers and coordinates are the owner's to
		// check (see request/runner).
		return nil
	}
	return needTarget("click", q.Ref)
}

// Hover moves the mouse over an element; with Force, without the check
// for what covers it.
type Hover struct {
	Returns[events.ActionResult]
	Ref   events.Target `json:"ref"`
	Force bool          `json:"force,omitempty"`
}

func (Hover) Command() string { return "hover" }

// Validate implements Validator.
func (q Hover) Validate() error { return needTarget("hover", q.Ref) }

// Type types Text into an input, textarea or contenteditable, after
// emptying it with Clear, pressing Enter afterwards with Submit; with
// Force, even into a field the user cannot see.
type Type struct {
	Returns[events.ActionResult]
	Ref    events.Target `json:"ref"`
	Text   string        `json:"text"`
	Clear  bool          `json:"clear,omitempty"`
	Submit bool          `json:"submit,omitempty"`
	Force  bool          `json:"force,omitempty"`
}

func (Type) Command() string { return "type" }

// Validate implements Validator.
func (q Type) Validate() error { return needTarget("type", q.Ref) }

// Press presses a key or chord in the focused element, or in Ref's
// element, focused first.
type Press struct {
	Returns[events.ActionResult]
	Key string        `json:"key"`
	Ref events.Target `json:"ref,omitzero"`
}

func (Press) Command() string { return "press" }

// Validate implements Validator.
func (q Press) Validate() error { return checkTargets(q.Ref) }

// Scroll scrolls the page or an element by DX, DY pixels; with no delta,
// one screen down, or a ref into view.
type Scroll struct {
	Returns[events.ActionResult]
	Ref events.Target `json:"ref,omitzero"`
	DX  int           `json:"dx,omitempty"`
	DY  int           `json:"dy,omitempty"`
}

func (Scroll) Command() string { return "scroll" }

// Validate implements Validator.
func (q Scroll) Validate() error { return checkTargets(q.Ref) }

// Select selects options of a <select> by value or visible label, or one
// option, by name, of a combobox or listbox the page draws.
type Select struct {
	Returns[events.ActionResult]
	Ref    events.Target `json:"ref"`
	Values []string      `json:"values"`
}

func (Select) Command() string { return "select" }

// Validate implements Validator.
func (q Select) Validate() error {
	if len(q.Values) == 0 {
		return invalid("select needs at least one option value or label")
	}
	return needTarget("select", q.Ref)
}

// Check checks a checkbox, radio button or switch, verified afterwards.
type Check struct {
	Returns[events.ActionResult]
	Ref events.Target `json:"ref"`
}

// Uncheck unchecks a checkbox or switch, verified afterwards.
type Uncheck struct {
	Returns[events.ActionResult]
	Ref events.Target `json:"ref"`
}

func (Check) Command() string   { return "check" }
func (Uncheck) Command() string { return "uncheck" }

// Validate implements Validator.
func (q Check) Validate() error { return needTarget("check", q.Ref) }

// Validate implements Validator.
func (q Uncheck) Validate() error { return needTarget("uncheck", q.Ref) }

// Upload sets the files of an <input type=file>: absolute paths on the
// machine the browser session runs on.
type Upload struct {
	Returns[events.ActionResult]
	Ref   events.Target `json:"ref"`
	Files []string      `json:"files"`
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
	return needTarget("upload", q.Ref)
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
	Path    string        `json:"path,omitempty"`
	Full    bool          `json:"full,omitempty"`
	Ref     events.Target `json:"ref,omitzero"`
	Labels  bool          `json:"labels,omitempty"`
	Format  string        `json:"format,omitempty"`
	Quality int           `json:"quality,omitempty"`
}

func (Screenshot) Command() string { return "screenshot" }

// Validate implements Validator.
func (q Screenshot) Validate() error {
	if err := checkTargets(q.Ref); err != nil {
		return err
	}
	if q.Path != "" && !filepath.IsAbs(q.Path) {
		return invalid("path %q is not absolute", q.Path)
	}
	return nil
}
