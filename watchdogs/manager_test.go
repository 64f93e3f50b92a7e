package watchdogs_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"go.uber.org/fx"
	"go.uber.org/fx/fxtest"

	"github.com/agentbrowser/agentbrowser/watchdogs"
)

// fake is a watchdog that records when it is attached and detached.
type fake struct {
	name string
	log  *journal
	fail bool
}

type journal struct {
	mu    sync.Mutex
	lines []string
}

func (j *journal) add(s string) {
	j.mu.Lock()
	j.lines = append(j.lines, s)
	j.mu.Unlock()
}

func (f *fake) Name() string { return f.name }

func (f *fake) Attach(ctx context.Context, h watchdogs.Host) (watchdogs.Attachment, error) {
	if f.fail {
		return nil, errors.New("refused")
	}
	f.log.add("attach " + f.name)
	return watchdogs.DetachFunc(func(context.Context) error {
		f.log.add("detach " + f.name)
		return nil
	}), nil
}

func TestManagerOrdersByNameAndStopsInReverse(t *testing.T) {
	j := &journal{}
	m, err := watchdogs.NewManager(watchdogs.ManagerParams{Watchdogs: []watchdogs.Watchdog{
		&fake{name: "zeta", log: j}, &fake{name: "alpha", log: j}, &fake{name: "mid", log: j},
	}})
	require.NoError(t, err)
	require.Equal(t, []string{"alpha", "mid", "zeta"}, m.Names())

	stop, err := m.Start(t.Context(), nil)
	require.NoError(t, err)
	require.NoError(t, stop(t.Context()))
	require.Equal(t, []string{"attach alpha", "attach mid", "attach zeta", "detach zeta", "detach mid", "detach alpha"}, j.lines)
}

func TestManagerRejectsDuplicateNames(t *testing.T) {
	_, err := watchdogs.NewManager(watchdogs.ManagerParams{Watchdogs: []watchdogs.Watchdog{
		&fake{name: "same"}, &fake{name: "same"},
	}})
	require.ErrorIs(t, err, watchdogs.ErrDuplicateName)
}

func TestManagerUndoesPartialStart(t *testing.T) {
	j := &journal{}
	m, err := watchdogs.NewManager(watchdogs.ManagerParams{Watchdogs: []watchdogs.Watchdog{
		&fake{name: "a", log: j}, &fake{name: "b", log: j, fail: true}, &fake{name: "c", log: j},
	}})
	require.NoError(t, err)
	_, err = m.Start(t.Context(), nil)
	require.ErrorContains(t, err, "attaching watchdog b")
	require.Equal(t, []string{"attach a", "detach a"}, j.lines)
}

// The value group collects watchdogs provided with As, and the manager
// sees them all.
func TestAsFeedsTheValueGroup(t *testing.T) {
	j := &journal{}
	var m *watchdogs.Manager
	app := fxtest.New(t,
		watchdogs.Module,
		fx.Provide(watchdogs.As(func() *fake { return &fake{name: "one", log: j} })),
		fx.Provide(watchdogs.As(func() *fake2 { return &fake2{fake{name: "two", log: j}} })),
		fx.Populate(&m),
	)
	app.RequireStart().RequireStop()
	require.Equal(t, []string{"one", "two"}, m.Names())
}

type fake2 struct{ fake }
