package watchdogs_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
	"github.com/agentbrowser/agentbrowser/watchdogs/watchdogtest"
)

// errorCount counts console errors per tab; a tab's state shows its count.
type errorCount struct{}

func (errorCount) Name() string { return "errorcount" }

func (errorCount) Attach(ctx context.Context, h watchdogs.Host) (watchdogs.Attachment, error) {
	var counts sync.Map // tab id -> *atomic.Int64
	count := func(tab events.TargetID) *atomic.Int64 {
		n, _ := counts.LoadOrStore(tab, new(atomic.Int64))
		return n.(*atomic.Int64)
	}
	sub, err := bus.Contribute(h.Bus(), "errorcount", func(_ context.Context, e events.BrowserStateRequestEvent) (events.StatePart, error) {
		tab, err := h.Tab(e.TabID) // "" is the active tab
		if err != nil {
			return nil, err
		}
		return events.ExtraSection{Key: "console_errors", Value: count(tab.ID).Load()}, nil
	})
	if err != nil {
		return nil, err
	}
	targets := watchdogs.FollowTargets(h, "errorcount", func(ctx, life context.Context, t *session.Target) (func(), error) {
		logged, err := t.Client.Runtime.ConsoleAPICalled(life) // closed when life ends
		return func() {
			for m, err := logged.Recv(); err == nil; m, err = logged.Recv() {
				if m.Type == "error" {
					count(t.TabID).Add(1)
				}
			}
		}, err
	}, nil)
	return watchdogs.DetachFunc(func(ctx context.Context) error { sub.Unsubscribe(); return targets.Detach(ctx) }), nil
}

func TestErrorCount(t *testing.T) {
	p := watchdogtest.NewPeer(t)
	a := watchdogtest.Start(t, p, errorCount{})
	for _, kind := range []string{"error", "log", "error"} {
		p.Event(p.Tabs()[0], "Runtime.consoleAPICalled", map[string]any{"type": kind, "args": []any{}, "executionContextId": 1, "timestamp": 1})
	}
	require.Eventually(t, func() bool {
		st, err := actions.State(t.Context(), a.Session, events.BrowserStateRequestEvent{})
		return err == nil && string(st.Extra["console_errors"]) == "2"
	}, 10*time.Second, 10*time.Millisecond)
}
