package watchdogs_test

import (
	"context"
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

// logCount is a minimal plugin: it counts every target's console messages
// and adds the count to the page state under "logged".
type logCount struct{}

func (logCount) Name() string { return "logcount" }

func (logCount) Attach(ctx context.Context, h watchdogs.Host) (watchdogs.Attachment, error) {
	var n atomic.Int64
	sub, err := bus.Contribute(h.Bus(), "logcount", func(context.Context, events.BrowserStateRequestEvent) (events.StatePart, error) {
		return events.ExtraSection{Key: "logged", Value: n.Load()}, nil
	})
	if err != nil {
		return nil, err
	}
	targets := watchdogs.FollowTargets(h, "logcount", func(ctx, life context.Context, t *session.Target) (func(), error) {
		logged, err := t.Client.Runtime.ConsoleAPICalled(life) // closed when life ends
		if err != nil {
			return nil, err
		}
		return func() {
			for _, err := logged.Recv(); err == nil; _, err = logged.Recv() {
				n.Add(1)
			}
		}, nil
	}, nil)
	return watchdogs.DetachFunc(func(ctx context.Context) error { sub.Unsubscribe(); return targets.Detach(ctx) }), nil
}

func TestLogCount(t *testing.T) {
	p := watchdogtest.NewPeer(t)
	a := watchdogtest.Start(t, p, logCount{})
	p.Event(p.Tabs()[0], "Runtime.consoleAPICalled", map[string]any{"type": "log", "args": []any{}, "executionContextId": 1, "timestamp": 1})
	require.Eventually(t, func() bool {
		st, err := actions.State(t.Context(), a.Session, events.BrowserStateRequestEvent{})
		return err == nil && string(st.Extra["logged"]) == "1"
	}, 10*time.Second, 10*time.Millisecond)
}
