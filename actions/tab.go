package actions

import (
	"context"

	"github.com/agentbrowser/agentbrowser/events"
)

type tabKey struct{}

// WithTab returns a context that aims every tab-scoped request sent through
// Do with it at tab id instead of the active tab. An event that names its
// own tab keeps it. The CLI's --tab flag and the daemon's "tab" request
// field use it; the active tab stays the default.
func WithTab(ctx context.Context, id events.TargetID) context.Context {
	if id == "" {
		return ctx
	}
	return context.WithValue(ctx, tabKey{}, id)
}

// TabFrom returns the tab WithTab put in ctx.
func TabFrom(ctx context.Context) (events.TargetID, bool) {
	id, ok := ctx.Value(tabKey{}).(events.TargetID)
	return id, ok && id != ""
}

// onTab is implemented by every tab-scoped event (events/ontab.go).
type onTab[E any] interface{ OnTab(events.TargetID) E }

// aimAt sets e's tab from ctx when e is tab-scoped and names none.
func aimAt[E any](ctx context.Context, e E) E {
	if id, ok := TabFrom(ctx); ok {
		if t, ok := any(e).(onTab[E]); ok {
			return t.OnTab(id)
		}
	}
	return e
}
