package defaultaction

import (
	"fmt"
	"math"
	"strings"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// dragReport is jsDragReport's answer.
type dragReport struct {
	Was, Now                   *dragPlaceJS
	Replaced, Gone, PlaceMoved bool
	DX, DY                     float64
	Added, Removed, Changed    int
	Side                       string
	Adjacent, TargetKnown      bool
	Dropped, DropHandled       bool
	DropFiles                  int
	DropTypes                  []string
	DropTarget                 string
	// Followed is how far (px) the element went from its place while
	// the pointer moved; Flicked is set when the report is a flick's,
	// done after the page took a paced drag back (dragWatched).
	Followed float64
	Flicked  bool
	// Kept counts the changes beyond the style and class of the element
	// and the elements that hold it, Values among them.
	Kept int
	// Values counts the document's fields whose value (or checked state)
	// ended different.
	Values int
}

// drawnOnly tells whether all a drag changed is how the page draws the
// dragged element: it is where it was, in its place and box, and the
// page changed only the style and class of it and of what holds it (a
// mark it set while dragging and left), with no element added or
// removed, no other attribute, text or value changed, and no drop.
func (r *dragReport) drawnOnly() bool {
	return !r.Gone && !r.PlaceMoved && !r.Dropped && math.Abs(r.DX) < 2 && math.Abs(r.DY) < 2 &&
		r.Added == 0 && r.Removed == 0 && r.Kept == 0 && r.Changed > 0
}

type dragPlaceJS struct {
	Desc      string
	ID        int64
	Index, Of int
}

// dragOutcome turns jsDragReport's answer into the result's details;
// ref, when not empty, names an element of the world the report came
// from, whose snapshot refs name the parents.
func (a *attachment) dragOutcome(tab *session.Target, ref events.Ref, mode string, r *dragReport) *events.DragOutcome {
	o := &events.DragOutcome{Mode: mode, Replaced: r.Replaced, Added: r.Added, Removed: r.Removed, Changed: r.Changed}
	place := func(p *dragPlaceJS) *events.DragPlace {
		if p == nil {
			return nil
		}
		name := p.Desc
		if pref, info, ok := a.engine(tab).LocalRef(ref, p.ID); ref != "" && ok {
			name = string(pref) + " " + info.Role
			if info.Name != "" {
				name += fmt.Sprintf(" %q", info.Name)
			}
		}
		return &events.DragPlace{Parent: name, Index: p.Index, Of: p.Of}
	}
	o.Was, o.Now = place(r.Was), place(r.Now)
	shifted := math.Abs(r.DX) >= 2 || math.Abs(r.DY) >= 2
	if !r.PlaceMoved && shifted {
		o.DX, o.DY = new(math.Round(r.DX)), new(math.Round(r.DY))
	}
	o.Moved = r.PlaceMoved || shifted || r.Added > 0 || r.Removed > 0 || r.Changed > 0 || r.Values > 0
	o.Summary = dragSummary(o, r)
	return o
}

// dragSummary says in one line what a drag did.
func dragSummary(o *events.DragOutcome, r *dragReport) string {
	var parts []string
	switch {
	case r.Gone:
		parts = append(parts, "the dragged element left the page")
	case r.PlaceMoved && o.Was != nil && o.Now != nil && o.Was.Parent == o.Now.Parent:
		parts = append(parts, fmt.Sprintf("moved from position %d to %d of %d in %s", o.Was.Index+1, o.Now.Index+1, o.Now.Of, o.Now.Parent))
	case r.PlaceMoved && o.Was != nil && o.Now != nil:
		parts = append(parts, fmt.Sprintf("moved from %s (position %d of %d) to %s (position %d of %d)", o.Was.Parent, o.Was.Index+1, o.Was.Of, o.Now.Parent, o.Now.Index+1, o.Now.Of))
	case o.DX != nil:
		parts = append(parts, fmt.Sprintf("moved by %.0f, %.0f px on the page", *o.DX, *o.DY))
	default:
		parts = append(parts, "the dragged element stayed where it was")
	}
	if o.Replaced {
		parts[0] += " (the page drew it anew)"
	}
	if r.Flicked {
		parts[0] = "the page took a slow drag back, so it was flicked (quick moves, let go still moving): " + parts[0]
	}
	if r.Dropped {
		parts = append(parts, "the page received a drop on "+r.DropTarget)
	}
	var changes []string
	if o.Added > 0 {
		changes = append(changes, fmt.Sprintf("added %d", o.Added))
	}
	if o.Removed > 0 {
		changes = append(changes, fmt.Sprintf("removed %d", o.Removed))
	}
	if len(changes) > 0 {
		parts = append(parts, "the page "+strings.Join(changes, " and ")+" elements")
	}
	if o.Changed > 0 {
		parts = append(parts, fmt.Sprintf("%d attributes or texts changed", o.Changed))
	}
	if r.Values > 0 {
		parts = append(parts, fmt.Sprintf("%d field values changed", r.Values))
	}
	return strings.Join(parts, "; ")
}

// dragApplied fails with not_applied when the page contradicts the drag:
// nothing changed at all, or nothing but how the element is drawn (see
// drawnOnly), or the element did not end on the side of the target that
// pos asked for.
func dragApplied(src, dst *element, pos events.DragPosition, o *events.DragOutcome, r *dragReport) error {
	details := events.ErrorDetails{Ref: src.ref}
	mode := o.Mode + " mode"
	if r.Flicked {
		mode += ", dragged slowly and then flicked"
	}
	if r.drawnOnly() {
		return events.Errorf(events.CodeNotApplied, "dragging %s onto %s changed nothing but how it is drawn (%s: the element stayed at position %d of %d in %s, where its box was, and only the style or class of it or of what holds it changed: a mark of the drag the page left); the target may not take drops there: try before or after, another target, or check with a screenshot",
			src.describe(), dst.describe(), mode, placeIndex(o.Now), placeOf(o.Now), placeParent(o.Now)).
			WithDetails(details)
	}
	if !o.Moved && !r.Dropped {
		return events.Errorf(events.CodeNotApplied, "dragging %s onto %s changed nothing in the page (%s: the element stayed at position %d of %d in %s, and no element, attribute or text changed); the target may not take drops there: try before or after, another target, or check with a screenshot whether the page draws on a canvas",
			src.describe(), dst.describe(), mode, placeIndex(o.Now), placeOf(o.Now), placeParent(o.Now)).
			WithDetails(details)
	}
	if pos == events.DragOnto || !r.TargetKnown {
		return nil
	}
	if r.Side == "" {
		shown := "not beside the target"
		if o.Now != nil {
			shown = fmt.Sprintf("position %d of %d in %s", o.Now.Index+1, o.Now.Of, o.Now.Parent)
		}
		return events.Errorf(events.CodeNotApplied, "dragging %s %s %s did not put it beside the target: it is at %s; %s", src.describe(), pos, dst.describe(), shown, o.Summary).
			WithDetails(details)
	}
	if r.Side != string(pos) || !r.Adjacent {
		shown := r.Side + " " + string(dst.ref)
		if !r.Adjacent {
			shown += ", not next to it"
		}
		return events.Errorf(events.CodeNotApplied, "dragging %s %s %s left it %s; %s", src.describe(), pos, dst.describe(), shown, o.Summary).
			WithDetails(details)
	}
	return nil
}

func placeIndex(p *events.DragPlace) int {
	if p == nil {
		return 0
	}
	return p.Index + 1
}

func placeOf(p *events.DragPlace) int {
	if p == nil {
		return 0
	}
	return p.Of
}

func placeParent(p *events.DragPlace) string {
	if p == nil {
		return "no parent"
	}
	return p.Parent
}
