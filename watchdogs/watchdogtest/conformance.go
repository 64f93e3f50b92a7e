package watchdogtest

import (
	"context"
	"errors"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/watchdogs"
)

// Suite describes a watchdog to the conformance tests of Run.
type Suite struct {
	// New builds a fresh watchdog; it is called once per subtest.
	New func(t *testing.T) watchdogs.Watchdog
	// Events are sample events the watchdog handles. Each is dispatched
	// while the browser answers nothing, with a short deadline, to check
	// that the handlers return when their context ends.
	Events []any
}

// Grace is how long a conformance check waits for something that should
// happen at once (a handler returning after its deadline, a Detach). It is
// a ceiling for a loaded CI machine, not a performance target.
const Grace = 5 * time.Second

// Run checks the contract every watchdog must keep, against a Peer, without
// Chrome:
//
//   - Detach may be called again after the session detached the watchdog,
//     and returns at once; no goroutine the watchdog started outlives the
//     closed session.
//   - Handlers honour their context: with a browser that answers nothing,
//     every handler of every sample event has returned soon after the
//     dispatch's deadline.
//   - While a JavaScript dialog holds the tab (and so the tab answers no
//     command), a BrowserStateRequestEvent is answered without error within
//     its deadline, if the watchdog handles it.
//   - Lifecycle notifications (tabs created and closed) are handled
//     promptly: the bus has no handler running soon after them.
//
// Call it from a test of the watchdog's package: watchdogtest.Run(t, s).
func Run(t *testing.T, s Suite) {
	t.Run("DetachIsIdempotentAndLeavesNoGoroutine", func(t *testing.T) {
		p := NewPeer(t)
		ignore := goleak.IgnoreCurrent()
		a := Start(t, p, s.New(t))
		_, _ = bus.DispatchAny(ctxFor(t, Grace), a.Session.Bus(), events.BrowserStateRequestEvent{SkipTree: true})
		if err := a.Session.Close(); err != nil {
			t.Fatalf("closing the session (which detaches the watchdog): %v", err)
		}
		for i, att := range a.Attachments {
			within(t, Grace, "a second Detach", func() {
				if err := att.Detach(ctxFor(t, Grace)); err != nil {
					t.Errorf("attachment %d: a second Detach failed: %v", i, err)
				}
			})
		}
		goleak.VerifyNone(t, ignore, goleak.IgnoreTopFunction("net/http.(*persistConn).readLoop"),
			goleak.IgnoreTopFunction("net/http.(*persistConn).writeLoop"))
	})

	t.Run("HandlersHonourTheirContext", func(t *testing.T) {
		if len(s.Events) == 0 {
			t.Skip("the suite names no sample events")
		}
		p := NewPeer(t)
		a := Start(t, p, s.New(t))
		tab := p.Tabs()[0]
		p.OpenDialog(tab, "alert", "holds every command") // the tab answers nothing now
		for _, e := range s.Events {
			ctx := ctxFor(t, 500*time.Millisecond)
			_, _ = bus.DispatchAny(ctx, a.Session.Bus(), e)
			within(t, Grace, "handlers of the sample events to return after their deadline", func() {
				if err := a.Session.Bus().Wait(ctxFor(t, Grace)); err != nil {
					t.Errorf("a handler of %T still runs %v after its deadline", e, Grace)
				}
			})
		}
	})

	t.Run("AnswersStateWhileDialogPending", func(t *testing.T) {
		p := NewPeer(t)
		a := Start(t, p, s.New(t))
		tab := p.Tabs()[0]
		p.OpenDialog(tab, "confirm", "Delete it?")
		res, err := bus.Dispatch(ctxFor(t, Grace), a.Session.Bus(), events.BrowserStateRequestEvent{TabID: events.TargetID(tab)})
		if errors.Is(err, bus.ErrNoHandler) {
			return
		}
		if res == nil {
			t.Fatalf("state request failed as a whole: %v", err)
		}
		for _, h := range res.Handlers {
			if h.Err != nil {
				t.Errorf("handler %s did not answer the state request while a dialog is pending: %v", h.Handler, h.Err)
			}
		}
	})

	t.Run("LifecycleHandlersReturnPromptly", func(t *testing.T) {
		p := NewPeer(t)
		a := Start(t, p, s.New(t))
		ctx := ctxFor(t, 10*time.Second)
		tab, err := a.Session.NewTab(ctx, "")
		if err != nil {
			t.Fatalf("opening a second tab on the fake browser: %v", err)
		}
		if err := a.Session.CloseTab(ctx, tab.ID); err != nil {
			t.Fatalf("closing it: %v", err)
		}
		if err := a.Session.Bus().Wait(ctxFor(t, Grace)); err != nil {
			t.Errorf("a lifecycle handler still runs %v after a tab opened and closed", Grace)
		}
		if n := len(a.Session.Tabs()); n != 1 {
			t.Errorf("the session has %d tabs after one opened and closed, want 1", n)
		}
	})
}

func ctxFor(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// within fails t when f has not returned after d.
func within(t *testing.T, d time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("%s did not return within %v", what, d)
	}
}
