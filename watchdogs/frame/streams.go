package frame

import (
	"context"
	"errors"

	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/cdpstream"
	"github.com/agentbrowser/agentbrowser/session"
)

// streams are one target's event streams. They are synchronised (cdp.Sync)
// so that events are read in the order the browser sent them: a frame's
// frameAttached before its frameNavigated, across the separate streams.
type streams struct {
	attached  page.FrameAttachedClient
	navigated page.FrameNavigatedClient
	within    page.NavigatedWithinDocumentClient
	detached  page.FrameDetachedClient
	created   runtime.ExecutionContextCreatedClient
	destroyed runtime.ExecutionContextDestroyedClient
	cleared   runtime.ExecutionContextsClearedClient

	group cdpstream.Group
}

func openStreams(ctx context.Context, t *session.Target) (*streams, error) {
	st := &streams{}
	c := t.Client
	g := &st.group
	cdpstream.Open(ctx, g, &st.attached, c.Page.FrameAttached)
	cdpstream.Open(ctx, g, &st.navigated, c.Page.FrameNavigated)
	cdpstream.Open(ctx, g, &st.within, c.Page.NavigatedWithinDocument)
	cdpstream.Open(ctx, g, &st.detached, c.Page.FrameDetached)
	cdpstream.Open(ctx, g, &st.created, c.Runtime.ExecutionContextCreated)
	cdpstream.Open(ctx, g, &st.destroyed, c.Runtime.ExecutionContextDestroyed)
	cdpstream.Open(ctx, g, &st.cleared, c.Runtime.ExecutionContextsCleared)
	if err := g.Sync(); err != nil {
		g.Close()
		return nil, err
	}
	return st, nil
}

// close closes every stream that was opened; mafredri/cdp streams buffer
// without bound until closed.
func (st *streams) close() { st.group.Close() }

// read applies t's events to the store until life ends (the target is gone
// or the watchdog detached) or a stream fails. It must keep up with the
// browser: its only work per event is a map update under a short lock.
func (a *attachment) read(life context.Context, t *session.Target, st *streams) {
	var r cdpstream.Reader
	cdpstream.On(&r, st.attached, func(ev *page.FrameAttachedReply) {
		a.store.frameAttached(t, events.FrameID(ev.FrameID), events.FrameID(ev.ParentFrameID))
	})
	cdpstream.On(&r, st.navigated, func(ev *page.FrameNavigatedReply) { a.store.frameNavigated(t, ev.Frame, true) })
	cdpstream.On(&r, st.within, func(ev *page.NavigatedWithinDocumentReply) {
		a.store.navigatedWithinDocument(t, events.FrameID(ev.FrameID), ev.URL)
	})
	cdpstream.On(&r, st.detached, func(ev *page.FrameDetachedReply) {
		a.store.frameDetached(t, events.FrameID(ev.FrameID), ev.Reason)
	})
	cdpstream.On(&r, st.created, func(ev *runtime.ExecutionContextCreatedReply) { a.store.contextCreated(t, ev.Context) })
	cdpstream.On(&r, st.destroyed, func(ev *runtime.ExecutionContextDestroyedReply) {
		a.store.contextDestroyed(t, int64(ev.ExecutionContextID), ev.ExecutionContextUniqueID)
	})
	cdpstream.On(&r, st.cleared, func(*runtime.ExecutionContextsClearedReply) { a.store.contextsCleared(t) })
	if err := r.Read(life); err != nil && !errors.Is(err, context.Canceled) {
		a.log.Debug().Err(err).Str("target", string(t.ID)).Msg("frame event stream ended")
	}
}
