package watchdogs_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
	"github.com/agentbrowser/agentbrowser/watchdogs/watchdogtest"
)

// follower records the targets FollowTargets started and the readers that
// ended, each reader waiting for its life to end.
type follower struct {
	mu      sync.Mutex
	started []events.TargetID
	gone    []events.TargetID
	ended   chan events.TargetID
}

func (f *follower) Name() string { return "follower" }

func (f *follower) Attach(ctx context.Context, h watchdogs.Host) (watchdogs.Attachment, error) {
	return watchdogs.FollowTargets(h, "follower", func(ctx, life context.Context, t *session.Target) (func(), error) {
		f.mu.Lock()
		f.started = append(f.started, t.ID)
		f.mu.Unlock()
		return func() {
			<-life.Done()
			f.ended <- t.ID
		}, nil
	}, func(t *session.Target) {
		f.mu.Lock()
		f.gone = append(f.gone, t.ID)
		f.mu.Unlock()
	}), nil
}

// receive waits for the next reader to end; the ceiling only catches a
// reader that never does.
func (f *follower) receive(t *testing.T) events.TargetID {
	t.Helper()
	select {
	case id := <-f.ended:
		return id
	case <-time.After(watchdogtest.Grace):
		t.Fatal("a reader did not end")
		return ""
	}
}

// Every target is started before it runs, its reader ends when it goes
// away, and the rest end at Detach.
func TestFollowTargetsUntilTheyGo(t *testing.T) {
	p := watchdogtest.NewPeer(t)
	f := &follower{ended: make(chan events.TargetID, 4)}
	a := watchdogtest.Start(t, p, f)
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	first := events.TargetID(p.Tabs()[0])

	second, err := a.Session.NewTab(ctx, "")
	require.NoError(t, err)
	f.mu.Lock()
	assert.Equal(t, []events.TargetID{first, second.ID}, f.started)
	f.mu.Unlock()

	require.NoError(t, a.Session.CloseTab(ctx, second.ID))
	assert.Equal(t, second.ID, f.receive(t), "the closed tab's reader ends")
	f.mu.Lock()
	assert.Equal(t, []events.TargetID{second.ID}, f.gone)
	f.mu.Unlock()

	for _, att := range a.Attachments {
		require.NoError(t, att.Detach(ctx))
		require.NoError(t, att.Detach(ctx), "a second Detach returns at once")
	}
	select {
	case id := <-f.ended:
		assert.Equal(t, first, id, "Detach waited for the other reader")
	default:
		t.Fatal("Detach returned before the first tab's reader ended")
	}
}

// A start that fails fails the target's preparation, with the watchdog's
// name; nothing of it runs.
func TestFollowTargetsStartError(t *testing.T) {
	h := newFakeHost()
	defer h.Bus().Close()
	boom := errors.New("boom")
	ran := false
	targets := watchdogs.FollowTargets(h, "mine", func(ctx, life context.Context, t *session.Target) (func(), error) {
		return func() { ran = true }, boom
	}, nil)
	err := h.attach(t.Context(), "tab-1")
	require.ErrorIs(t, err, boom)
	assert.EqualError(t, err, "mine watchdog: boom")
	require.NoError(t, targets.Detach(t.Context()))
	assert.False(t, ran)

	// After Detach, new targets are not followed.
	require.NoError(t, h.attach(t.Context(), "tab-2"))
}
