package dialog_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/cdpproxy"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/dialog"
)

// closingProxy puts a proxy that closes native dialogs itself, as hosted
// browsers do, in front of the shared browser; the test's sessions connect
// through it and see only their own tabs.
func closingProxy(t *testing.T) *cdpproxy.Proxy {
	t.Helper()
	upstream := testkit.Endpoint(t)
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	p, err := cdpproxy.Start(ctx, cdpproxy.Options{Upstream: upstream, CloseDialogs: true})
	require.NoError(t, err)
	t.Cleanup(func() { p.Close() })
	return p
}

func TestBridge(t *testing.T) {
	proxy := closingProxy(t)
	srv := testutil.Serve(t, pages())

	t.Run("without bridge the dialog is lost", func(t *testing.T) {
		e := newEnvWith(t, dialog.Config{}, session.Config{TaskID: "plain", CDPURL: proxy.URL()}, srv)
		e.open("/plain")
		e.eval("", `ask('confirm', 'will you see me?')`)
		d := e.waitOpened()
		closed := e.waitClosed()
		require.Equal(t, d.ID, closed.ID)
		require.Equal(t, events.ClosedByRemote, closed.ClosedBy)
		require.Equal(t, false, e.next("")["result"])
		require.Empty(t, e.dialogs().Pending)
		require.Positive(t, proxy.DialogsClosed())
	})

	t.Run("with bridge", func(t *testing.T) {
		before := proxy.DialogsClosed()
		e := newEnvWith(t, dialog.Config{Bridge: true}, session.Config{TaskID: "bridge", CDPURL: proxy.URL()}, srv)
		tab := e.open("/frames")
		var oopif events.TargetID
		for _, tg := range e.s.Targets() {
			if tg.Type == "iframe" && tg.TabID == tab.ID {
				oopif = tg.ID
			}
		}
		require.NotEmpty(t, oopif, "the cross-origin frame is not out of process")
		cases := []struct {
			name, trigger string
			accept        bool
			text          *string
			want          any
			wantType      string
			wantDefault   string
			wantFrame     events.FrameID
		}{
			{"alert", `ask('alert', 'hi from the bridge')`, true, nil, nil, events.DialogAlert, "", events.FrameID(tab.ID)},
			{"confirm accept", `ask('confirm', 'ok?')`, true, nil, true, events.DialogConfirm, "", events.FrameID(tab.ID)},
			{"confirm dismiss", `ask('confirm', 'ok?')`, false, nil, false, events.DialogConfirm, "", events.FrameID(tab.ID)},
			{"prompt with text", `ask('prompt', 'name?', 'anon')`, true, ptr("Grace"), "Grace", events.DialogPrompt, "anon", events.FrameID(tab.ID)},
			{"prompt default", `ask('prompt', 'name?', 'anon')`, true, nil, "anon", events.DialogPrompt, "anon", events.FrameID(tab.ID)},
			{"prompt dismiss", `ask('prompt', 'name?', 'anon')`, false, nil, nil, events.DialogPrompt, "anon", events.FrameID(tab.ID)},
			{"oopif prompt", `post('cross', 'prompt', 'city?', 'Paris')`, true, ptr("Zürich & co"), "Zürich & co", events.DialogPrompt, "Paris", events.FrameID(oopif)},
			{"oopif confirm dismiss", `post('cross', 'confirm', 'sure?')`, false, nil, false, events.DialogConfirm, "", events.FrameID(oopif)},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				e.eval("", c.trigger)
				d := e.waitOpened()
				require.Equal(t, c.wantType, d.Type)
				require.Equal(t, c.wantDefault, d.DefaultPrompt)
				require.Equal(t, c.wantFrame, d.FrameID)
				require.Equal(t, tab.ID, d.TabID)
				// From the agent's side a bridge dialog is like any other:
				// pending, blocking, answered.
				require.Len(t, e.dialogs().Pending, 1)
				_, err := actions.Evaluate(e.ctx(), e.s, "1")
				requireBlocked(t, err, d)
				closed, err := e.respond(c.accept, c.text, "")
				require.NoError(t, err)
				require.Equal(t, events.ClosedByAgent, closed.ClosedBy)
				require.Equal(t, c.want, e.next("")["result"])
			})
		}
		require.Equal(t, before, proxy.DialogsClosed(), "no native dialog should have reached the proxy")
	})

	t.Run("bridge with policies", func(t *testing.T) {
		e := newEnvWith(t, dialog.Config{Bridge: true, Policy: events.PolicyAutoAccept}, session.Config{TaskID: "auto", CDPURL: proxy.URL()}, srv)
		e.open("/plain")
		e.eval("", `ask('confirm', 'auto?')`)
		require.Equal(t, true, e.next("")["result"])
		require.Equal(t, events.ClosedByAutoPolicy, e.waitClosed().ClosedBy)

		_, err := actions.SetDialogPolicy(e.ctx(), e.s, events.PolicyMustRespond, 200*time.Millisecond)
		require.NoError(t, err)
		e.eval("", `ask('prompt', 'timeout?', 'x')`)
		e.waitOpened()
		require.Equal(t, events.ClosedByWatchdog, e.waitClosed().ClosedBy)
		require.Nil(t, e.next("")["result"])
	})
}
