package main

import (
	"context"
	"strings"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

func init() {
	globalFlags = append(globalFlags, Flag{Name: "tab", Kind: String,
		Usage: "run a tab-scoped command on this tab (an id as 'tabs' prints it, or a unique prefix) instead of the active one"})
}

// aimTab resolves the request's tab (an id, a unique prefix, or a position
// in 'tabs') and returns a context that aims the command's tab-scoped
// requests at it. An empty tab leaves the active tab as the default.
func aimTab(ctx context.Context, env *Env, tab string) (context.Context, error) {
	if tab == "" || env.Session == nil {
		return ctx, nil
	}
	id, err := findTab(ctx, env, tab)
	if err != nil {
		return ctx, err
	}
	return actions.WithTab(ctx, id), nil
}

// resolveFrame accepts a frame id of the command's tab or a unique prefix
// of one (any case). An id the tab does not know is passed on unchanged, so
// that the frame watchdog searches every tab and names it in its error.
func resolveFrame(ctx context.Context, env *Env, s string) (events.FrameID, error) {
	if s == "" {
		return "", nil
	}
	r, err := actions.Frames(ctx, env.Session)
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
	return "", invalidArg("frame %q is ambiguous: %d frames start with it (see 'agentbrowser frames')", s, len(found))
}
