package defaultaction

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mafredri/cdp/protocol/dom"

	"github.com/agentbrowser/agentbrowser/events"
)

// jsInspect(what, arg) reads one fact of an element (see
// InspectElementEvent).
//
//go:embed js/inspect.js
var jsInspect string

// inspectWhat lists the facts InspectElementEvent reads.
var inspectWhat = map[string]bool{
	"text": true, "value": true, "attr": true, "html": true, "box": true, "styles": true,
	"visible": true, "enabled": true, "checked": true, "editable": true,
}

// checkInspect checks an InspectElementEvent's form.
func checkInspect(e events.InspectElementEvent) error {
	if !inspectWhat[e.What] {
		return events.Errorf(events.CodeInvalidArgument, "cannot read %q of an element: want text, value, attr, html, box, styles, visible, enabled, checked or editable", e.What)
	}
	if e.Ref == "" {
		return events.Errorf(events.CodeInvalidArgument, "reading %s needs an element: %s", e.What, events.TargetForms)
	}
	if e.What == "attr" && e.Name == "" {
		return events.Errorf(events.CodeInvalidArgument, "reading an attribute needs its name")
	}
	return nil
}

// inspect answers InspectElementEvent.
func (a *attachment) inspect(ctx context.Context, e events.InspectElementEvent) (events.InspectResult, error) {
	if err := checkInspect(e); err != nil {
		return events.InspectResult{}, err
	}
	el, err := a.element(ctx, e.TabID, e.Ref)
	if err != nil {
		if e.What == "visible" && errors.Is(err, events.ErrElementNotFound) {
			// Nothing matches: nothing is visible.
			return events.InspectResult{Visible: new(false)}, nil
		}
		return events.InspectResult{}, err
	}
	defer el.release(ctx)
	res := events.InspectResult{Ref: el.ref}
	var arg any
	switch e.What {
	case "attr":
		arg = e.Name
	case "html":
		arg = e.Outer
	case "styles":
		arg = e.Props
	}
	var out struct {
		V   json.RawMessage `json:"v"`
		Err string          `json:"err"`
	}
	if err := el.callOn(ctx, jsInspect, &out, e.What, arg); err != nil {
		return events.InspectResult{}, err
	}
	if out.Err != "" {
		return events.InspectResult{}, events.Errorf(events.CodeInvalidArgument, "element %s %s", el.describe(), out.Err).
			WithDetails(events.ErrorDetails{Ref: el.ref})
	}
	switch e.What {
	case "text", "value", "html":
		var s string
		if err := json.Unmarshal(out.V, &s); err != nil {
			return res, fmt.Errorf("reading the %s of %s: %w", e.What, el.ref, err)
		}
		switch e.What {
		case "text":
			res.Text = &s
		case "value":
			res.Value = &s
		default:
			res.HTML = &s
		}
	case "attr":
		var s *string
		if err := json.Unmarshal(out.V, &s); err != nil {
			return res, fmt.Errorf("reading attribute %s of %s: %w", e.Name, el.ref, err)
		}
		res.Attribute, res.Value, res.Present = e.Name, s, new(s != nil)
	case "visible", "enabled", "checked", "editable":
		var b bool
		if err := json.Unmarshal(out.V, &b); err != nil {
			return res, fmt.Errorf("reading whether %s is %s: %w", el.ref, e.What, err)
		}
		switch e.What {
		case "visible":
			res.Visible = &b
		case "enabled":
			res.Enabled = &b
		case "checked":
			res.Checked = &b
		default:
			res.Editable = &b
		}
	case "box":
		var b events.Box
		if err := json.Unmarshal(out.V, &b); err != nil {
			return res, fmt.Errorf("reading the box of %s: %w", el.ref, err)
		}
		dx, dy, err := a.frameOffset(ctx, el)
		if err != nil {
			return res, err
		}
		b.X, b.Y = b.X+dx, b.Y+dy
		res.Box = &b
	case "styles":
		if err := json.Unmarshal(out.V, &res.Styles); err != nil {
			return res, fmt.Errorf("reading the styles of %s: %w", el.ref, err)
		}
		bm, err := a.boxModel(ctx, el)
		if err != nil {
			return res, err
		}
		res.BoxModel = bm
	}
	return res, nil
}

// frameOffset is where the element's frame's viewport is in the tab's.
func (a *attachment) frameOffset(ctx context.Context, el *element) (float64, float64, error) {
	vp, err := viewport(ctx, el.tab)
	if err != nil {
		return 0, 0, err
	}
	fb, err := a.frameBox(ctx, el.target, vp)
	if err != nil {
		return 0, 0, err
	}
	return fb.dx, fb.dy, nil
}

// boxModel is the element's box model in the tab's viewport, or nil for
// an element with no box (display: none).
func (a *attachment) boxModel(ctx context.Context, el *element) (*events.BoxModel, error) {
	bm, err := el.res.Client.DOM.GetBoxModel(ctx, dom.NewGetBoxModelArgs().SetObjectID(el.res.ObjectID))
	if err != nil {
		if isNodeGone(err) {
			return nil, el.gone(err)
		}
		return nil, nil
	}
	dx, dy, err := a.frameOffset(ctx, el)
	if err != nil {
		return nil, err
	}
	box := func(q dom.Quad) events.Box {
		r := quadRect(q).shift(dx, dy)
		return events.Box{X: r.x0, Y: r.y0, Width: r.x1 - r.x0, Height: r.y1 - r.y0}
	}
	return &events.BoxModel{Content: box(bm.Model.Content), Padding: box(bm.Model.Padding), Border: box(bm.Model.Border), Margin: box(bm.Model.Margin)}, nil
}
