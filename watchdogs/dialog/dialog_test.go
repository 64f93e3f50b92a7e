package dialog_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/dialog"
)

func TestAlertMainFrame(t *testing.T) {
	e := newEnv(t, dialog.Config{})
	tab := e.open("/plain")
	e.eval("", `ask('alert', 'Hello there')`)
	d := e.waitOpened()
	require.Equal(t, "d-1", d.ID)
	require.Equal(t, events.DialogAlert, d.Type)
	require.Equal(t, "Hello there", d.Message)
	require.Equal(t, events.FrameID(tab.ID), d.FrameID)
	require.Equal(t, tab.ID, d.TabID)
	require.False(t, d.OpenedAt.IsZero())

	r := e.dialogs()
	require.Len(t, r.Pending, 1)
	require.Equal(t, "d-1", r.Pending[0].ID)
	require.Equal(t, events.PolicyMustRespond, r.Policy)
	st := e.state()
	require.Len(t, st["pending_dialogs"], 1)
	require.NotContains(t, st, "recent_dialogs")

	closed, err := e.respond(false, nil, "")
	require.NoError(t, err)
	require.Equal(t, events.ClosedByAgent, closed.ClosedBy)
	require.NotNil(t, closed.ClosedAt)
	require.Equal(t, map[string]any{"kind": "alert", "result": nil, "from": e.srv.MainURL("")}, e.next(""))

	r = e.dialogs()
	require.Empty(t, r.Pending)
	require.Len(t, r.Recent, 1)
	require.Equal(t, events.ClosedByAgent, r.Recent[0].ClosedBy)
	st = e.state()
	require.Empty(t, st["pending_dialogs"])
	require.Len(t, st["recent_dialogs"], 1)
	rec := st["recent_dialogs"].([]any)[0].(map[string]any)
	require.Equal(t, "agent", rec["closed_by"])
	require.Equal(t, "d-1", rec["id"])
	require.Contains(t, rec, "closed_at")
}

func TestAlertFromFrames(t *testing.T) {
	e := newEnv(t, dialog.Config{})
	tab := e.open("/frames")
	tree, err := tab.Client.Page.GetFrameTree(e.ctx())
	require.NoError(t, err)
	var sameID events.FrameID
	for _, c := range tree.FrameTree.ChildFrames {
		if c.Frame.SecurityOrigin == e.srv.MainURL("") {
			sameID = events.FrameID(c.Frame.ID)
		}
	}
	require.NotEmpty(t, sameID, "same-origin frame not found")
	var oopif *session.Target
	for _, tg := range e.s.Targets() {
		if tg.Type == "iframe" && tg.TabID == tab.ID {
			oopif = tg
		}
	}
	require.NotNil(t, oopif, "the cross-origin frame is not out of process")

	t.Run("same-origin", func(t *testing.T) {
		e.eval("", `post('same', 'alert', 'from same')`)
		d := e.waitOpened()
		require.Equal(t, "from same", d.Message)
		require.Equal(t, sameID, d.FrameID)
		_, err := e.respond(true, nil, d.ID)
		require.NoError(t, err)
		require.Equal(t, e.srv.MainURL(""), e.next("")["from"])
	})
	t.Run("cross-origin", func(t *testing.T) {
		e.eval("", `post('cross', 'alert', 'from oopif')`)
		d := e.waitOpened()
		require.Equal(t, "from oopif", d.Message)
		require.Equal(t, events.FrameID(oopif.ID), d.FrameID)
		require.Equal(t, tab.ID, d.TabID)
		closed, err := e.respond(true, nil, "")
		require.NoError(t, err)
		require.Equal(t, events.ClosedByAgent, closed.ClosedBy)
		require.Equal(t, e.srv.CrossURL(""), e.next("")["from"])
		require.Empty(t, e.dialogs().Pending)
	})
}

func TestPromptAndConfirm(t *testing.T) {
	e := newEnv(t, dialog.Config{})
	e.open("/frames")
	cases := []struct {
		name, trigger string
		accept        bool
		text          *string
		want          any
		wantDefault   string
	}{
		{"prompt with text", `ask('prompt', 'Name?', 'anon')`, true, ptr("Ada Lovelace"), "Ada Lovelace", "anon"},
		{"prompt default", `ask('prompt', 'Name?', 'anon')`, true, nil, "anon", "anon"},
		{"prompt empty text", `ask('prompt', 'Name?', 'anon')`, true, ptr(""), "", "anon"},
		{"prompt dismissed", `ask('prompt', 'Name?', 'anon')`, false, nil, nil, "anon"},
		{"confirm accepted", `ask('confirm', 'Sure?')`, true, nil, true, ""},
		{"confirm dismissed", `ask('confirm', 'Sure?')`, false, nil, false, ""},
		{"oopif prompt", `post('cross', 'prompt', 'Where?', 'here')`, true, ptr("there"), "there", "here"},
		{"oopif confirm", `post('cross', 'confirm', 'Really?')`, true, nil, true, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e.eval("", c.trigger)
			d := e.waitOpened()
			require.Equal(t, c.wantDefault, d.DefaultPrompt)
			closed, err := e.respond(c.accept, c.text, "")
			require.NoError(t, err)
			require.NotNil(t, closed.Accepted)
			require.Equal(t, c.accept, *closed.Accepted)
			require.Equal(t, c.want, e.next("")["result"])
		})
	}
}

func TestRespondErrors(t *testing.T) {
	e := newEnv(t, dialog.Config{})
	first := e.open("/plain")

	_, err := e.respond(true, nil, "")
	require.Equal(t, events.CodeNoDialog, code(err), "%v", err)
	require.ErrorContains(t, err, "no dialog is pending")

	second := e.openTab("/plain")
	e.eval(first.ID, `ask('alert', 'one')`)
	d1 := e.waitOpened()
	e.eval(second.ID, `ask('confirm', 'two')`)
	d2 := e.waitOpened()
	require.NotEqual(t, d1.TabID, d2.TabID)

	_, err = e.respond(true, nil, "d-99")
	require.Equal(t, events.CodeNotFound, code(err), "%v", err)
	require.ErrorContains(t, err, "d-1, d-2")
	var ce *events.Error
	require.ErrorAs(t, err, &ce)
	require.Equal(t, []string{"d-1", "d-2"}, ce.Details.PendingIDs)

	_, err = e.respond(true, nil, "")
	require.Equal(t, events.CodeInvalidArgument, code(err), "%v", err)
	require.ErrorContains(t, err, "2 dialogs are pending")
	require.ErrorContains(t, err, `alert d-1 "one"`)
	require.ErrorContains(t, err, `confirm d-2 "two"`)

	// A tab narrows the choice.
	closed, err := actions.Do(e.ctx(), e.s,
		events.DialogRespondEvent{TabID: second.ID, Accept: true})
	require.NoError(t, err)
	require.Equal(t, "d-2", closed.ID)
	require.Equal(t, true, e.next(second.ID)["result"])

	// An id answers that dialog; a closed one is no longer pending.
	_, err = e.respond(false, nil, "1")
	require.NoError(t, err)
	_, err = e.respond(false, nil, "d-1")
	require.Equal(t, events.CodeNoDialog, code(err), "%v", err)
	require.ErrorContains(t, err, "closed by agent")
}

func TestAutoPolicies(t *testing.T) {
	for _, c := range []struct {
		policy events.DialogPolicy
		want   any
	}{
		{events.PolicyAutoDismiss, false},
		{events.PolicyAutoAccept, true},
	} {
		t.Run(string(c.policy), func(t *testing.T) {
			e := newEnv(t, dialog.Config{Policy: c.policy})
			e.open("/frames")
			e.eval("", `ask('confirm', 'auto?')`)
			require.Equal(t, c.want, e.next("")["result"])
			e.eval("", `post('cross', 'prompt', 'auto prompt?', 'dflt')`)
			got := e.next("")["result"]
			if c.policy == events.PolicyAutoAccept {
				require.Equal(t, "dflt", got)
			} else {
				require.Nil(t, got)
			}
			r := e.dialogs()
			require.Empty(t, r.Pending)
			require.Len(t, r.Recent, 2)
			for _, d := range r.Recent {
				require.Equal(t, events.ClosedByAutoPolicy, d.ClosedBy)
			}
			// The next action is not blocked.
			v, err := e.act("", "1+1")
			require.NoError(t, err)
			require.Equal(t, float64(2), v)
		})
	}
}

func TestPolicyChangeAnswersHeldDialogs(t *testing.T) {
	e := newEnv(t, dialog.Config{})
	e.open("/plain")
	e.eval("", `ask('confirm', 'held')`)
	e.waitOpened()
	info, err := actions.SetDialogPolicy(e.ctx(), e.s, events.PolicyAutoAccept, 0)
	require.NoError(t, err)
	require.Equal(t, events.PolicyAutoAccept, info.Policy)
	require.Equal(t, dialog.DefaultTimeout.Milliseconds(), info.TimeoutMS)
	require.Equal(t, true, e.next("")["result"])
	require.Equal(t, events.ClosedByAutoPolicy, e.waitClosed().ClosedBy)

	_, err = actions.SetDialogPolicy(e.ctx(), e.s, "sometimes", 0)
	require.Equal(t, events.CodeInvalidArgument, code(err))
	info, err = actions.SetDialogPolicy(e.ctx(), e.s, events.PolicyMustRespond, time.Minute)
	require.NoError(t, err)
	require.Equal(t, int64(60000), info.TimeoutMS)
	e.eval("", `ask('alert', 'held again')`)
	e.waitOpened()
	require.Len(t, e.dialogs().Pending, 1)
}

func TestMustRespondTimeout(t *testing.T) {
	e := newEnv(t, dialog.Config{Timeout: 300 * time.Millisecond})
	e.open("/plain")
	e.eval("", `ask('confirm', 'anyone?')`)
	d := e.waitOpened()
	closed := e.waitClosed()
	require.Equal(t, d.ID, closed.ID)
	require.Equal(t, events.ClosedByWatchdog, closed.ClosedBy)
	require.Equal(t, false, e.next("")["result"])
	r := e.dialogs()
	require.Empty(t, r.Pending)
	require.Equal(t, events.ClosedByWatchdog, r.Recent[0].ClosedBy)
}

func TestConfigValidate(t *testing.T) {
	require.NoError(t, dialog.Config{}.Validate())
	require.Error(t, dialog.Config{Policy: "never"}.Validate())
	require.Error(t, dialog.Config{Timeout: -time.Second}.Validate())
	_, err := dialog.New(dialog.Params{Config: &dialog.Config{Policy: "never"}})
	require.Error(t, err)
}
