package frame

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/events"
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

	all []rpcc.Stream
}

func openStreams(ctx context.Context, t *session.Target) (_ *streams, err error) {
	st := &streams{}
	defer func() {
		if err != nil {
			st.close()
		}
	}()
	c := t.Client
	// opened records each stream as it opens so that a failure half way
	// closes exactly those.
	opened := func(s rpcc.Stream, err error) error {
		if err == nil {
			st.all = append(st.all, s)
		}
		return err
	}
	if st.attached, err = c.Page.FrameAttached(ctx); opened(st.attached, err) != nil {
		return nil, err
	}
	if st.navigated, err = c.Page.FrameNavigated(ctx); opened(st.navigated, err) != nil {
		return nil, err
	}
	if st.within, err = c.Page.NavigatedWithinDocument(ctx); opened(st.within, err) != nil {
		return nil, err
	}
	if st.detached, err = c.Page.FrameDetached(ctx); opened(st.detached, err) != nil {
		return nil, err
	}
	if st.created, err = c.Runtime.ExecutionContextCreated(ctx); opened(st.created, err) != nil {
		return nil, err
	}
	if st.destroyed, err = c.Runtime.ExecutionContextDestroyed(ctx); opened(st.destroyed, err) != nil {
		return nil, err
	}
	if st.cleared, err = c.Runtime.ExecutionContextsCleared(ctx); opened(st.cleared, err) != nil {
		return nil, err
	}
	if err = cdp.Sync(st.attached, st.navigated, st.within, st.detached, st.created, st.destroyed, st.cleared); err != nil {
		return nil, fmt.Errorf("synchronising streams: %w", err)
	}
	return st, nil
}

// close closes every stream that was opened; mafredri/cdp streams buffer
// without bound until closed.
func (st *streams) close() {
	for _, s := range st.all {
		_ = s.Close()
	}
	st.all = nil
}

// read applies t's events to the store until the target is gone, the
// watchdog is detached or a stream fails. It must keep up with the
// browser: its only work per event is a map update under a short lock.
func (a *attachment) read(t *session.Target, st *streams) {
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
		case <-t.Done():
			return
		case <-a.stop:
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

// auxData is the embedder data of an execution context.
type auxData struct {
	FrameID   string `json:"frameId"`
	IsDefault bool   `json:"isDefault"`
}

func parseAux(raw json.RawMessage) (auxData, bool) {
	var d auxData
	if len(raw) == 0 || json.Unmarshal(raw, &d) != nil {
		return d, false
	}
	return d, d.FrameID != ""
}
