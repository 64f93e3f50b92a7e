package request

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/budget"
	"github.com/agentbrowser/agentbrowser/session"
)

// Browser runs requests in this process on one BrowserSession: the Doer a
// daemon uses for its session, and the one a Go program gives the MCP
// server to serve its own session. It is safe for concurrent use.
type Browser struct {
	s *session.BrowserSession
	// snapshots remembers the last snapshot text of each tab, for
	// Snapshot{Diff: true}.
	snapshots *actions.SnapshotTracker
	// outputCap is SetOutputCap's.
	outputCap int
}

// NewBrowser returns a Doer over s.
func NewBrowser(s *session.BrowserSession) *Browser {
	return &Browser{s: s, snapshots: actions.NewSnapshotTracker()}
}

// Session is the browser session requests run on.
func (b *Browser) Session() *session.BrowserSession { return b.s }

// Do checks q, starts its budget (o.TimeoutMS), aims it at o.Tab and runs
// its handler. Its response is q's response type.
func (b *Browser) Do(ctx context.Context, q Request, o Options) (Reply, error) {
	e, err := check(q)
	if err != nil {
		return Reply{}, err
	}
	if o.TimeoutMS > 0 {
		bud := budget.FromMS(ctx, o.TimeoutMS)
		defer bud.Cancel()
		ctx = bud.Context()
	}
	if o.Tab != "" {
		id, err := b.findTab(ctx, o.Tab)
		if err != nil {
			return Reply{}, err
		}
		ctx = actions.WithTab(ctx, id)
	}
	start := time.Now()
	v, err := e.run(ctx, b, q)
	b.logCommand(q, o, start, err)
	if err != nil {
		return Reply{}, err
	}
	return Reply{Value: v}, nil
}

// findTab accepts a tab's id, a unique prefix of it (any case), or its
// 1-based position in Tabs.
func (b *Browser) findTab(ctx context.Context, s string) (events.TargetID, error) {
	tabs, err := actions.Tabs(ctx, b.s)
	if err != nil {
		return "", err
	}
	// One or two digits name a position in the list (as agents and MCP
	// clients count tabs); anything else is an id or a prefix of one.
	if n, err := strconv.Atoi(s); err == nil && len(s) <= 2 && n >= 1 && n <= len(tabs) {
		return tabs[n-1].ID, nil
	}
	var found []events.TargetID
	for _, t := range tabs {
		if strings.EqualFold(string(t.ID), s) {
			return t.ID, nil
		}
		if strings.HasPrefix(strings.ToUpper(string(t.ID)), strings.ToUpper(s)) {
			found = append(found, t.ID)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return "", events.Errorf(events.CodeTabNotFound, "no tab %q", s).WithNext(events.StepListTabs)
	}
	return "", events.Errorf(events.CodeInvalidArgument, "tab %q is ambiguous: %d tabs start with it", s, len(found)).WithNext(events.StepListTabs)
}

// resolveFrame accepts a frame id of the request's tab or a unique prefix
// of one (any case). An id the tab does not know is passed on unchanged, so
// that the frame watchdog searches every tab and names it in its error.
func (b *Browser) resolveFrame(ctx context.Context, s string) (events.FrameID, error) {
	if s == "" {
		return "", nil
	}
	r, err := actions.Frames(ctx, b.s)
	if err != nil {
		return events.FrameID(s), nil
	}
	var found []events.FrameID
	for _, f := range append([]events.FrameInfo{r.Top}, r.Frames...) {
		if strings.EqualFold(string(f.FrameID), s) {
			return f.FrameID, nil
		}
		if strings.HasPrefix(strings.ToUpper(string(f.FrameID)), strings.ToUpper(s)) {
			found = append(found, f.FrameID)
		}
	}
	switch len(found) {
	case 0:
		return events.FrameID(s), nil
	case 1:
		return found[0], nil
	}
	return "", events.Errorf(events.CodeInvalidArgument, "frame %q is ambiguous: %d frames start with it", s, len(found)).WithNext(events.StepListFrames)
}
