package budget_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/agentbrowser/agentbrowser/internal/budget"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// ceiling bounds waits in these tests; it is never a timing assertion.
const ceiling = 5 * time.Second

func TestReserve(t *testing.T) {
	tests := []struct {
		name    string
		timeout time.Duration
		want    time.Duration
	}{
		{"a normal budget keeps the whole reserve", 2 * time.Second, budget.Reserve},
		{"exactly four reserves keeps one", 4 * budget.Reserve, budget.Reserve},
		{"a small budget keeps a quarter", 100 * time.Millisecond, 25 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := budget.New(t.Context(), tt.timeout)
			defer b.Cancel()
			// The quarter is taken of the time left when New ran, a hair
			// under the timeout.
			assert.InDelta(t, float64(tt.want), float64(b.Reserve()), float64(time.Millisecond))
			assert.Equal(t, b.Deadline().Add(-b.Reserve()), b.WorkDeadline())
			assert.LessOrEqual(t, b.Remaining(), tt.timeout-b.Reserve())
		})
	}
}

func TestDeadlineIsTheEarlierOfTimeoutAndParent(t *testing.T) {
	parent, cancel := context.WithTimeout(t.Context(), time.Second)
	defer cancel()
	pd, _ := parent.Deadline()

	b := budget.New(parent, time.Hour)
	defer b.Cancel()
	assert.Equal(t, pd, b.Deadline(), "the parent's earlier deadline wins")

	b2 := budget.New(parent, 100*time.Millisecond)
	defer b2.Cancel()
	assert.True(t, b2.Deadline().Before(pd), "the earlier timeout wins")
	d, ok := b2.Context().Deadline()
	require.True(t, ok)
	assert.Equal(t, b2.Deadline(), d, "Context carries the caller's deadline")

	b3 := budget.FromContext(parent)
	defer b3.Cancel()
	assert.Equal(t, pd, b3.Deadline(), "FromContext takes the context's deadline")

	b4 := budget.FromMS(context.Background(), 700)
	defer b4.Cancel()
	assert.InDelta(t, float64(700*time.Millisecond), float64(b4.Total()), float64(time.Millisecond))
}

func TestNeverUnbounded(t *testing.T) {
	b := budget.New(context.Background(), 0)
	defer b.Cancel()
	assert.InDelta(t, float64(budget.DefaultTimeout), float64(b.Total()), float64(time.Millisecond))
}

func TestRemainingCountsDownToZero(t *testing.T) {
	b := budget.New(t.Context(), 120*time.Millisecond)
	defer b.Cancel()
	first := b.Remaining()
	require.Positive(t, first)
	require.LessOrEqual(t, first, b.Total()-b.Reserve())

	work, stop := b.Work()
	defer stop()
	select {
	case <-work.Done():
	case <-time.After(ceiling):
		t.Fatal("work context did not end")
	}
	assert.True(t, budget.Expired(work), "the work ended because the budget ran out")
	assert.ErrorIs(t, context.Cause(work), budget.ErrExpired)
	assert.Zero(t, b.Remaining())
	assert.NoError(t, b.Err(), "the reserve is still left when the work deadline passes")
	assert.False(t, time.Now().Before(b.WorkDeadline()))

	select {
	case <-b.Done():
	case <-time.After(ceiling):
		t.Fatal("budget did not end at its deadline")
	}
	assert.ErrorIs(t, b.Err(), context.DeadlineExceeded)
	assert.False(t, b.Cancelled())
}

func TestParentAlreadyCancelled(t *testing.T) {
	parent, cancel := context.WithCancel(t.Context())
	cancel()

	b := budget.New(parent, time.Second)
	defer b.Cancel()
	select {
	case <-b.Done():
	default:
		t.Fatal("a budget of a cancelled context must be done at once")
	}
	assert.ErrorIs(t, b.Err(), context.Canceled)
	assert.True(t, b.Cancelled())
	assert.Zero(t, b.Remaining())

	work, stop := b.Work()
	defer stop()
	assert.ErrorIs(t, work.Err(), context.Canceled)
	assert.False(t, budget.Expired(work), "a cancelled caller is not an expired budget")
}

func TestCancelMidWork(t *testing.T) {
	parent, cancel := context.WithCancel(t.Context())
	b := budget.New(parent, time.Hour)
	defer b.Cancel()
	work, stop := b.Work()
	defer stop()
	cancel()
	select {
	case <-work.Done():
	case <-time.After(ceiling):
		t.Fatal("work context not cancelled with its parent")
	}
	assert.True(t, b.Cancelled())
	assert.False(t, budget.Expired(work))

	// Cancel is idempotent and ends the budget.
	b2 := budget.New(t.Context(), time.Hour)
	b2.Cancel()
	b2.Cancel()
	assert.True(t, errors.Is(b2.Err(), context.Canceled))
}
