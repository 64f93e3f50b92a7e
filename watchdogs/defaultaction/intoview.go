package defaultaction

import (
	"context"
	_ "embed"
	"strings"

	"github.com/agentbrowser/agentbrowser/events"
)

// jsIntoView(el) brings el into view as a user could: it scrolls the
// viewport and the boxes a user can scroll, and puts back at once any box
// that hides its overflow which the browser's scroll into view moved (a
// carousel the page moves itself keeps its own state of what it shows,
// which a scroll from outside would contradict). It answers {nobox} when
// el has no box, and {held}, a description of that box, when it keeps el
// out of view. Every action that brings an element into view does so
// through it: the aim of pointer actions (jsAimInPage), the <iframe> of an
// out-of-process frame (jsFrameBox), typing (jsTypeReady), the checks of
// what the user sees (jsConcealed), clicks through script (jsClick,
// jsClickLabel) and scrollIntoView.
var jsIntoView = strings.Replace(intoViewSrc, "__PARTS__", jsParts, 1)

//go:embed js/into-view.js
var intoViewSrc string

// jsShow runs jsIntoView on the element it is called on.
var jsShow = "function () { return (" + jsIntoView + ")(this); }"

// shownJS is jsIntoView's answer.
type shownJS struct {
	NoBox bool   `json:"nobox"`
	Held  string `json:"held"`
}

// show brings the element into view in its document (jsShow). It fails
// with element_covered when the element has no box, or when a box that
// hides its overflow, which the page scrolls or moves itself, keeps it out
// of view: acting there would need the page moved behind its back.
func (a *attachment) show(ctx context.Context, el *element) error {
	var s shownJS
	if err := el.callOn(ctx, jsShow, &s); err != nil {
		return err
	}
	switch {
	case s.NoBox:
		return events.Errorf(events.CodeElementCovered, "element %s is not visible (it has no box on the page)", el.describe()).
			WithDetails(events.ErrorDetails{Ref: el.ref, Covering: coverHidden})
	case s.Held != "":
		return heldError(el, s.Held)
	}
	return nil
}

// heldError is the element_covered error of an element that box, a box
// that hides its overflow and which the page scrolls or moves itself (a
// carousel, a slider of panels), keeps out of view.
func heldError(el *element, box string) error {
	return heldErr{events.Errorf(events.CodeElementCovered, "element %s is out of view inside %s, a box the page scrolls itself (a user cannot scroll it); bring it into view with the page's own controls (its next or previous buttons, its tabs or dots, or a drag or swipe across the box), then act on it", el.describe(), box).
		WithDetails(events.ErrorDetails{Ref: el.ref, Covering: box})}
}

// heldErr marks heldError's errors: aim, waiting for them to go as for a
// cover, brings the element into view again at each attempt.
type heldErr struct{ error }

func (e heldErr) Unwrap() error { return e.error }
