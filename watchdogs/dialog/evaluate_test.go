package dialog_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/dialog"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// An evaluation whose script opens a dialog gets the script's value when
// an automatic policy answers the dialog: the script was only paused.
func TestEvaluationGoesOnWhenThePolicyAnswers(t *testing.T) {
	for _, tc := range []struct {
		policy events.DialogPolicy
		expr   string
		want   any
	}{
		{events.PolicyAutoAccept, `confirm('Sure?')`, true},
		{events.PolicyAutoAccept, `prompt('Name?', 'anon')`, "anon"},
		{events.PolicyAutoAccept, `alert('hello'); 5`, float64(5)},
		{events.PolicyAutoDismiss, `confirm('Sure?')`, false},
		{events.PolicyAutoDismiss, `prompt('Name?', 'anon')`, nil},
		// The dialog opens after the first await, while the call waits
		// for the promise.
		{events.PolicyAutoDismiss, `(async () => { await new Promise(r => setTimeout(r, 0)); return [confirm('later?'), 7]; })()`, []any{false, float64(7)}},
	} {
		t.Run(string(tc.policy)+" "+tc.expr, func(t *testing.T) {
			e := newEnv(t, dialog.Config{Policy: tc.policy})
			tab := e.open("/plain")
			for range 3 {
				got, err := e.act(tab.ID, tc.expr)
				require.NoError(t, err)
				require.Equal(t, tc.want, got)
			}
			// Every dialog was answered by the policy and reported.
			for range 3 {
				d := e.waitOpened()
				closed := e.waitClosed()
				require.Equal(t, d.ID, closed.ID)
				require.Equal(t, events.ClosedByAutoPolicy, closed.ClosedBy)
			}
		})
	}
}

// Under must_respond the same evaluation reports the dialog that holds its
// script, with the id to answer it by; once answered, the tab evaluates
// again.
func TestEvaluationReportsAHeldDialog(t *testing.T) {
	e := newEnv(t, dialog.Config{})
	tab := e.open("/plain")
	_, err := e.act(tab.ID, `alert('hold on'); 5`)
	var ee *events.Error
	require.True(t, errors.As(err, &ee), "%v", err)
	require.Equal(t, events.CodeDialogBlocking, ee.Code)
	require.NotNil(t, ee.Details.Dialog)
	require.Equal(t, "hold on", ee.Details.Dialog.Message)
	d := e.waitOpened()
	require.Equal(t, d.ID, ee.Details.Dialog.ID, "the error names the dialog by the id it is answered with")

	_, err = actions.RespondDialog(e.ctx(), e.s, actions.DialogResponse{Accept: true, ID: d.ID})
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		v, err := e.act(tab.ID, `6`)
		return err == nil && v == float64(6)
	}, 10*time.Second, 10*time.Millisecond)
}

// A dialog storm under an automatic policy ends in a held dialog; an
// evaluation whose script caused it reports that dialog instead of waiting
// on it for its whole budget. The storm gets a browser of its own.
func TestEvaluationReportsAStormHeldDialog(t *testing.T) {
	testutil.RequireChrome(t)
	srv := testutil.Serve(t, pages())
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	s, err := standard.Start(ctx, session.Config{TaskID: t.Name()}, fx.Supply(&dialog.Config{Policy: events.PolicyAutoDismiss}))
	require.NoError(t, err)
	defer s.Close()
	_, err = actions.Navigate(ctx, s, srv.MainURL("/plain"), actions.NavigateOptions{})
	require.NoError(t, err)
	_, err = actions.Evaluate(ctx, s, `for (let i = 0; i < 1000; i++) alert(i); 1`)
	var ee *events.Error
	require.True(t, errors.As(err, &ee), "%v", err)
	require.Equal(t, events.CodeDialogBlocking, ee.Code, ee.Message)
	require.NotNil(t, ee.Details.Dialog)
	require.NotEmpty(t, ee.Details.Dialog.ID, "the held dialog is named by its id")
	st, err := actions.State(ctx, s, events.BrowserStateRequestEvent{SkipTree: true})
	require.NoError(t, err)
	require.NotNil(t, st.DialogStorm, "the storm is reported")
}
