package defaultaction

import (
	"context"
	"fmt"
	"strings"

	"github.com/mafredri/cdp/protocol/input"

	"github.com/agentbrowser/agentbrowser/events"
)

// dropOperations allows every drop operation a page may ask for: copy,
// link and move.
const dropOperations = 1 | 2 | 16

// dropOn answers DropEvent: files and data dragged in from outside the
// page and let go over the element, through the browser's drag events
// (dragenter, dragover, drop), with the page's answer read back.
func (a *attachment) dropOn(ctx context.Context, e events.DropEvent) (events.ActionResult, error) {
	if len(e.Files) == 0 && len(e.Data) == 0 {
		return events.ActionResult{}, events.Errorf(events.CodeInvalidArgument, "drop needs files or data to drop")
	}
	data := input.DragData{DragOperationsMask: dropOperations, Items: []input.DragDataItem{}}
	for _, f := range e.Files {
		abs, err := CheckUploadFile(f)
		if err != nil {
			return events.ActionResult{}, err
		}
		data.Files = append(data.Files, abs)
	}
	for _, d := range e.Data {
		if strings.TrimSpace(d.MIME) == "" {
			return events.ActionResult{}, events.Errorf(events.CodeInvalidArgument, "drop data %q has no MIME type (such as text/plain)", d.Text)
		}
		data.Items = append(data.Items, input.DragDataItem{MimeType: d.MIME, Data: d.Text})
	}
	el, err := a.element(ctx, e.TabID, e.Ref)
	if err != nil {
		return events.ActionResult{}, err
	}
	defer el.release(ctx)
	var out *events.DropOutcome
	res, err := a.observe(ctx, el.tab, func(ctx context.Context) error {
		p, err := a.dragAim(ctx, el, e.Force)
		if err != nil {
			return err
		}
		if err := el.callOn(ctx, jsDragArm, nil); err != nil {
			return err
		}
		m := &dragMouse{tab: el.tab, at: p}
		// The page sees the drag enter at the element's point, move over
		// it and let go there.
		if err := a.dragNative(ctx, m, data, []point{p, {x: p.x + 1, y: p.y}, p}); err != nil {
			return err
		}
		var r *dragReport
		if err := el.callOn(ctx, jsDragReport, &r, ""); err != nil {
			return err
		}
		if r == nil {
			return events.Errorf(events.CodeNotApplied, "cannot tell what the drop on %s did: the page's document was replaced during it; take a new snapshot", el.describe())
		}
		out = &events.DropOutcome{Dropped: r.Dropped, Target: r.DropTarget, Files: r.DropFiles, Types: r.DropTypes,
			Handled: r.DropHandled, Added: r.Added, Removed: r.Removed, Changed: r.Changed}
		out.Summary = dropSummary(out)
		if !r.Dropped {
			return events.Errorf(events.CodeNotApplied, "the page let nothing drop on %s: no dragover handler there accepted the drag (so no drop event fired); the drop zone may be another element: take a snapshot and drop on the element that shows it", el.describe()).
				WithDetails(events.ErrorDetails{Ref: el.ref})
		}
		return nil
	})
	if err != nil {
		return res, err
	}
	if res.Dialog == nil && out != nil {
		res.Details = events.ActionDetails{Drop: out}
	}
	return res, nil
}

// dropSummary says in one line what a drop did.
func dropSummary(o *events.DropOutcome) string {
	s := fmt.Sprintf("the page received a drop on %s with %d files", o.Target, o.Files)
	if len(o.Types) > 0 {
		s += " (" + strings.Join(o.Types, ", ") + ")"
	}
	if !o.Handled {
		s += "; no drop handler took it"
	}
	if o.Added > 0 || o.Removed > 0 || o.Changed > 0 {
		s += fmt.Sprintf("; the page added %d and removed %d elements and changed %d attributes or texts", o.Added, o.Removed, o.Changed)
	} else {
		s += "; nothing in the page's elements changed"
	}
	return s
}
