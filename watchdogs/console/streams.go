package console

import (
	"context"
	"errors"
	"fmt"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/mafredri/cdp/rpcc"

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
	opened := func(s rpcc.Stream, err error) error {
		if err == nil {
			st.all = append(st.all, s)
		}
		return err
	}
	if st.called, err = c.Runtime.ConsoleAPICalled(ctx); opened(st.called, err) != nil {
		return nil, err
	}
	if st.thrown, err = c.Runtime.ExceptionThrown(ctx); opened(st.thrown, err) != nil {
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
	if err = cdp.Sync(st.called, st.thrown, st.created, st.destroyed, st.cleared); err != nil {
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

// read files t's messages until the target is gone, the watchdog is
// detached or a stream fails. Its work per event is a conversion and a
// ring write under a short lock, so it keeps up with a page that logs in a
// tight loop and the stream's buffer stays small.
func (a *attachment) read(t *session.Target, st *streams) {
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
		case <-t.Done():
			return
		case <-a.stop:
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
