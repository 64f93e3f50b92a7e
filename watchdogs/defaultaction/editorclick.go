package defaultaction

import (
	"context"
	_ "embed"
	"strings"

	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/events"
)

// jsEditorSurface answers the surface a click on an editor's text input
// that shows nothing of itself reaches, or null; see
// js/editor-surface.js.
var jsEditorSurface = strings.NewReplacer("__BLANK__", jsBlank, "__SURFACE__", jsSurface).Replace(editorSurfaceJS)

//go:embed js/editor-surface.js
var editorSurfaceJS string

// jsEditorFocus(surface) answers whether the editor has focus after a
// click on its surface; see js/editor-focus.js.
//
//go:embed js/editor-focus.js
var jsEditorFocus string

// editorSurface answers, for an element that takes text but shows nothing
// of itself (a code editor's transparent textarea under the text it draws,
// one clipped by a 0-px wrapper, an EditContext's 0-px element), the
// surface a user clicks instead: the nearest element drawn around it,
// when what the hit test finds at the element's place belongs to that
// surface. nil for any other element, which is clicked, or refused, as
// usual. Only the full path asks, after the fast path's hit test failed.
func (a *attachment) editorSurface(ctx context.Context, el *element, in elemInfo) (*element, error) {
	if !in.Editable {
		return nil, nil
	}
	o, err := el.callHandle(ctx, jsEditorSurface)
	if err != nil {
		return nil, err
	}
	return el.elementOf(o), nil
}

// clickEditor clicks an editor's surface (see editorSurface) as a user
// does to put the caret in it, and proves that the editor took focus:
// el, or an element inside it or inside the surface, is focused
// afterwards. Otherwise it fails with element_covered, as a click that
// cannot reach el does.
func (a *attachment) clickEditor(ctx context.Context, el, surface *element, e events.ClickElementEvent) (point, error) {
	p, err := a.aim(ctx, surface)
	if err != nil {
		return point{}, err
	}
	if err := a.mouseClick(ctx, el.tab, p.x, p.y, e.Button, e.ClickCount, e.Modifiers); err != nil {
		return p, err
	}
	if e.Button != "" && e.Button != events.ButtonLeft {
		return p, nil
	}
	raw, err := el.callHandleByValue(ctx, jsEditorFocus, runtime.CallArgument{ObjectID: &surface.res.ObjectID})
	if err != nil {
		return p, err
	}
	if string(raw) != "true" {
		return p, events.Errorf(events.CodeElementCovered, "element %s shows nothing of itself, and a click on the editor drawn around it at (%.0f, %.0f) did not give it focus; click what the page draws there by its ref, or use force", el.describe(), p.x, p.y).
			WithDetails(events.ErrorDetails{Ref: el.ref, Covering: coverNoBox})
	}
	return p, nil
}
