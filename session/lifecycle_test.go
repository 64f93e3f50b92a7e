package session_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
)

// recorder collects events of one type as they are dispatched.
type recorder[E any] struct {
	mu  sync.Mutex
	got []E
	ch  chan struct{}
}

func record[E any](b *bus.Bus) *recorder[E] {
	r := &recorder[E]{ch: make(chan struct{}, 100)}
	bus.Observe(b, "test", func(ctx context.Context, e E) {
		r.mu.Lock()
		r.got = append(r.got, e)
		r.mu.Unlock()
		select {
		case r.ch <- struct{}{}:
		default:
		}
	})
	return r
}

// wait returns the first recorded event matching ok, within the test's
// deadline.
func (r *recorder[E]) wait(t *testing.T, ok func(E) bool) E {
	t.Helper()
	deadline := time.After(15 * time.Second)
	for {
		r.mu.Lock()
		for _, e := range r.got {
			if ok(e) {
				r.mu.Unlock()
				return e
			}
		}
		r.mu.Unlock()
		select {
		case <-r.ch:
		case <-deadline:
			var zero E
			t.Fatalf("no %T arrived", zero)
			return zero
		}
	}
}

func TestTabLifecycleEvents(t *testing.T) {
	srv := testutil.Serve(t, pages())
	s := start(t, session.Config{TaskID: "life"})
	created := record[events.TabCreatedEvent](s.Bus())
	navigated := record[events.TabNavigatedEvent](s.Bus())
	closed := record[events.TabClosedEvent](s.Bus())
	crashed := record[events.TabCrashedEvent](s.Bus())
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()

	tab, err := s.NewTab(ctx, "")
	require.NoError(t, err)
	created.wait(t, func(e events.TabCreatedEvent) bool { return e.Tab.ID == tab.ID })

	_, err = actions.Do(ctx, s,
		events.NavigateToURLEvent{TabID: tab.ID, URL: srv.MainURL("/title/moved")})
	require.NoError(t, err)
	navigated.wait(t, func(e events.TabNavigatedEvent) bool {
		return e.Tab.ID == tab.ID && e.Tab.URL == srv.MainURL("/title/moved")
	})

	// A crashed renderer is reported; Page.crash kills the tab's renderer.
	victim, err := s.NewTab(ctx, srv.MainURL("/title/victim"))
	require.NoError(t, err)
	// Chrome refuses Page.crash while the page has a navigation pending,
	// and NewTab does not wait for the page to load.
	testkit.WaitLoaded(t, victim, "the victim's page")
	crashCtx, crashCancel := context.WithTimeout(ctx, 2*time.Second)
	_ = victim.Client.Page.Crash(crashCtx) // never answers: the renderer is gone
	crashCancel()
	crashed.wait(t, func(e events.TabCrashedEvent) bool { return e.ID == victim.ID })

	require.NoError(t, s.CloseTab(ctx, tab.ID))
	closed.wait(t, func(e events.TabClosedEvent) bool { return e.ID == tab.ID })
	_, err = s.Tab(tab.ID)
	require.ErrorIs(t, err, session.ErrTabNotFound)
}
