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
	var r cdpstream.Reader
	cdpstream.On(&r, st.called, func(ev *runtime.ConsoleAPICalledReply) { a.store.consoleCalled(t, ev) })
	cdpstream.On(&r, st.thrown, func(ev *runtime.ExceptionThrownReply) { a.store.exceptionThrown(t, ev) })
	cdpstream.On(&r, st.created, func(ev *runtime.ExecutionContextCreatedReply) { a.store.contextCreated(t, ev.Context) })
	cdpstream.On(&r, st.destroyed, func(ev *runtime.ExecutionContextDestroyedReply) {
		a.store.contextDestroyed(t, int64(ev.ExecutionContextID), ev.ExecutionContextUniqueID)
	})
	cdpstream.On(&r, st.cleared, func(*runtime.ExecutionContextsClearedReply) { a.store.contextsCleared(t) })
	if err := r.Read(life); err != nil && !errors.Is(err, context.Canceled) {
		a.log.Debug().Err(err).Str("target", string(t.ID)).Msg("console event stream ended")
	}
}
