package dialog

import (
	"context"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
)

// TestDialogsWaitsForAnAnswerInFlight: the page goes on as soon as the
// browser takes an answer, before its reply reaches the watchdog. A
// dialogs call made in that moment waits for the reply and then lists the
// dialog as recent, instead of in neither list.
func TestDialogsWaitsForAnAnswerInFlight(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	a := &attachment{log: zerolog.Nop(), policy: events.PolicyAutoAccept, notified: make(chan struct{}, 1)}
	d := &dialog{info: events.DialogInfo{ID: "d-1", TabID: "T1", Type: events.DialogConfirm, Message: "sure?"}}
	other := &dialog{info: events.DialogInfo{ID: "d-2", TabID: "T2", Type: events.DialogAlert}}
	a.pending = []*dialog{d, other}
	a.mu.Lock()
	a.beginLocked(d, events.ClosedByAutoPolicy, true, nil)
	a.beginLocked(other, events.ClosedByAutoPolicy, true, nil)
	a.mu.Unlock()

	// Another tab's answer in flight does not hold up this tab's view.
	r, err := a.dialogs(ctx, events.DialogsEvent{TabID: "T3"})
	require.NoError(t, err)
	require.Empty(t, r.Pending)
	require.Empty(t, r.Recent)

	got := make(chan events.DialogsResult, 1)
	go func() {
		r, err := a.dialogs(ctx, events.DialogsEvent{TabID: "T1"})
		if err != nil {
			t.Error(err)
		}
		got <- r
	}()
	// The call is waiting once it has asked to be woken.
	require.Eventually(t, func() bool {
		a.mu.Lock()
		defer a.mu.Unlock()
		return a.answered != nil
	}, 10*time.Second, time.Millisecond, "the dialogs call waits for the answer in flight")
	select {
	case r := <-got:
		t.Fatalf("answered while the answer was in flight: %+v", r)
	default:
	}
	_, err = a.settle(d, nil)
	require.NoError(t, err)
	r = <-got
	require.Empty(t, r.Pending)
	require.Len(t, r.Recent, 1)
	require.Equal(t, "d-1", r.Recent[0].ID)
	require.Equal(t, events.ClosedByAutoPolicy, r.Recent[0].ClosedBy)
	require.True(t, *r.Recent[0].Accepted)
}
