package defaultaction

import (
	"math"

	"github.com/agentbrowser/agentbrowser/events"
)

// Check reports what this watchdog's handler of e would refuse in e's own
// arguments, before it looks at a tab: a mouse button or modifier it does
// not know, a click count, negative coordinates, a key name, a wait with no
// condition or several, a screenshot's format or quality. It needs no
// browser, so that a caller can refuse such an event before it starts one
// (the CLI does, before it starts a daemon). The error is the handler's
// own. Refs, tabs and everything else that depends on the page are the
// handler's to check; an event Check does not know passes.
func Check(e any) error {
	switch e := e.(type) {
	case events.ClickElementEvent:
		return checkClick(e.Button, e.Modifiers, e.ClickCount)
	case events.ClickCoordinateEvent:
		if !(e.X >= 0 && e.Y >= 0) || math.IsInf(e.X, 0) || math.IsInf(e.Y, 0) {
			return events.Errorf(events.CodeInvalidArgument, "coordinates %v,%v: must be finite and not negative", e.X, e.Y)
		}
		if e.X > MaxCoordinate || e.Y > MaxCoordinate {
			// Chromium takes input coordinates as float32: past 3.4e38 a
			// press never answers and the tab takes no input until it
			// navigates.
			return events.Errorf(events.CodeInvalidArgument, "coordinates %v,%v: beyond any viewport (at most %d CSS pixels each way); give viewport coordinates, from a snapshot's boxes or a viewport screenshot", e.X, e.Y, MaxCoordinate)
		}
		return checkClick(e.Button, e.Modifiers, e.ClickCount)
	case events.MouseEvent:
		return checkMouse(e)
	case events.PressKeyEvent:
		_, err := parseChord(e.Key)
		return err
	case events.WaitEvent:
		return checkWait(e)
	case events.ScreenshotEvent:
		_, err := screenshotFormat(e)
		return err
	}
	return nil
}

// MaxCoordinate bounds a viewport coordinate in CSS pixels: the largest
// side a viewport can be given (resize).
const MaxCoordinate = 16384

// checkClick checks a click's button, modifiers and count.
func checkClick(button events.MouseButton, modifiers []string, count int) error {
	if _, _, err := buttonOf(button); err != nil {
		return err
	}
	if _, err := modifierBits(modifiers); err != nil {
		return err
	}
	if count < 0 || count > 3 {
		return events.Errorf(events.CodeInvalidArgument, "click count %d: want 1 to 3", count)
	}
	return nil
}
