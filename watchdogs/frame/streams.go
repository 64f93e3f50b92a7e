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
	for {
		var err error
		select {
		case <-st.attached.Ready():
			var ev *page.FrameAttachedReply
			if ev, err = st.attached.Recv(); err == nil {
				a.store.frameAttached(t, events.FrameID(ev.FrameID), events.FrameID(ev.ParentFrameID))
			}
		case <-st.navigated.Ready():
			var ev *page.FrameNavigatedReply
			if ev, err = st.navigated.Recv(); err == nil {
				a.store.frameNavigated(t, ev.Frame, true)
			}
		case <-st.within.Ready():
			var ev *page.NavigatedWithinDocumentReply
			if ev, err = st.within.Recv(); err == nil {
				a.store.navigatedWithinDocument(t, events.FrameID(ev.FrameID), ev.URL)
			}
		case <-st.detached.Ready():
			var ev *page.FrameDetachedReply
			if ev, err = st.detached.Recv(); err == nil {
				a.store.frameDetached(t, events.FrameID(ev.FrameID), ev.Reason)
			}
		case <-st.created.Ready():
			var ev *runtime.ExecutionContextCreatedReply
			if ev, err = st.created.Recv(); err == nil {
				a.store.contextCreated(t, ev.Context)
			}
		case <-st.destroyed.Ready():
			var ev *runtime.ExecutionContextDestroyedReply
			if ev, err = st.destroyed.Recv(); err == nil {
				a.store.contextDestroyed(t, int64(ev.ExecutionContextID), ev.ExecutionContextUniqueID)
			}
		case <-st.cleared.Ready():
			if _, err = st.cleared.Recv(); err == nil {
				a.store.contextsCleared(t)
			}
		case <-life.Done():
			return
		}
		if err != nil {
			if !errors.Is(err, context.Canceled) {
				a.log.Debug().Err(err).Str("target", string(t.ID)).Msg("frame event stream ended")
			}
			return
		}
	}
}
