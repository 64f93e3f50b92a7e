package defaultaction_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
	"github.com/agentbrowser/agentbrowser/watchdogs/defaultaction"
)

// holdRequest is a request the test keeps in flight on the bus, as another
// tab's action would be.
type holdRequest struct{}

func (holdRequest) Returns(int) {}

// preparedLog collects the session's log lines that say how a loaded
// document was prepared for its snapshot. zerolog writes each line in one
// Write.
type preparedLog struct {
	mu    sync.Mutex
	fulls []bool
}

func (l *preparedLog) Write(p []byte) (int, error) {
	var rec struct {
		Msg  string `json:"message"`
		Full bool   `json:"full"`
	}
	if json.Unmarshal(p, &rec) == nil && rec.Msg == "prepared the new document for its snapshot" {
		l.mu.Lock()
		l.fulls = append(l.fulls, rec.Full)
		l.mu.Unlock()
	}
	return len(p), nil
}

// next waits until the log holds more than n preparations and returns
// whether the n+1st was in full.
func (l *preparedLog) next(t *testing.T, n int) bool {
	t.Helper()
	var full bool
	require.Eventually(t, func() bool {
		l.mu.Lock()
		defer l.mu.Unlock()
		if len(l.fulls) <= n {
			return false
		}
		full = l.fulls[n]
		return true
	}, 15*time.Second, 5*time.Millisecond, "no preparation of the loaded document was logged")
	return full
}

// TestPreparationYieldsToRequests: a loaded document is prepared in full
// for its first snapshot (the walk ahead of time) only while the session
// has no other request in flight; while one is, as when other tabs are at
// work, it gets its isolated world alone, and the snapshot does the rest.
func TestPreparationYieldsToRequests(t *testing.T) {
	srv := site(t)
	log := &preparedLog{}
	w, err := defaultaction.New(defaultaction.Params{})
	require.NoError(t, err)
	m, err := watchdogs.NewManager(watchdogs.ManagerParams{Watchdogs: []watchdogs.Watchdog{w}})
	require.NoError(t, err)
	s := testkit.Session(t, session.Config{Extensions: []session.Extension{m}, Logger: zerolog.New(log).Level(zerolog.DebugLevel)})
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	r, err := actions.NewTab(ctx, s, "")
	require.NoError(t, err)
	prepared := 0
	navigate := func(i int) bool {
		t.Helper()
		_, err := actions.Do(ctx, s, events.NavigateToURLEvent{TabID: r.Tab.ID, URL: srv.MainURL(fmt.Sprintf("/counter.html?i=%d", i))})
		require.NoError(t, err)
		full := log.next(t, prepared)
		prepared++
		return full
	}

	held, release := make(chan struct{}), make(chan struct{})
	_, err = bus.Handle(s.Bus(), "holder", func(ctx context.Context, _ holdRequest) (int, error) {
		close(held)
		select {
		case <-release:
		case <-ctx.Done():
		}
		return 0, nil
	})
	require.NoError(t, err)
	asked := make(chan error, 1)
	go func() {
		_, err := bus.Ask(ctx, s.Bus(), holdRequest{})
		asked <- err
	}()
	select {
	case <-held:
	case err := <-asked:
		t.Fatalf("the held request answered before it was held: %v", err)
	}
	for i := range 3 {
		assert.False(t, navigate(i), "navigation %d was prepared in full while a request was in flight", i)
	}
	close(release)
	require.NoError(t, <-asked)

	// Idle now; a notification may still be in flight at the moment one
	// preparation starts, so one of a few is enough.
	full := false
	for i := 3; i < 8 && !full; i++ {
		full = navigate(i)
	}
	assert.True(t, full, "no navigation of an idle session was prepared in full")
}
