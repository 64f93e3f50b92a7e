package console

import (
	"context"
	"errors"

	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/internal/cdpstream"
	"github.com/agentbrowser/agentbrowser/session"
)

// streams are one target's Runtime event streams, synchronised so that a
// context's creation is read before the messages logged in it.
type streams struct {
	called    runtime.ConsoleAPICalledClient
	thrown    runtime.ExceptionThrownClient
	created   runtime.ExecutionContextCreatedClient
	destroyed runtime.ExecutionContextDestroyedClient
	cleared   runtime.ExecutionContextsClearedClient

	group cdpstream.Group
}

func openStreams(ctx context.Context, t *session.Target) (*streams, error) {
	st := &streams{}
	c := t.Client
	g := &st.group
	cdpstream.Open(ctx, g, &st.called, c.Runtime.ConsoleAPICalled)
	cdpstream.Open(ctx, g, &st.thrown, c.Runtime.ExceptionThrown)
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

// read files t's messages until life ends (the target is gone or the
// watchdog detached) or a stream fails. Its work per event is a conversion and a
// ring write under a short lock, so it keeps up with a page that logs in a
// tight loop and the stream's buffer stays small.
func (a *attachment) read(life context.Context, t *session.Target, st *streams) {
	for {
		var err error
		select {
		case <-st.called.Ready():
			var ev *runtime.ConsoleAPICalledReply
			if ev, err = st.called.Recv(); err == nil {
				a.store.consoleCalled(t, ev)
			}
		case <-st.thrown.Ready():
			var ev *runtime.ExceptionThrownReply
			if ev, err = st.thrown.Recv(); err == nil {
				a.store.exceptionThrown(t, ev)
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
				a.log.Debug().Err(err).Str("target", string(t.ID)).Msg("console event stream ended")
			}
			return
		}
	}
}
