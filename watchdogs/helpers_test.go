package watchdogs_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/watchdogs"
)

// A wait for a held Mutex ends with its context; once released, the next
// Lock takes it.
func TestMutexWaitEndsWithContext(t *testing.T) {
	m := watchdogs.NewMutex()
	require.NoError(t, m.Lock(context.Background()))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	require.ErrorIs(t, m.Lock(ctx), context.Canceled)
	m.Unlock()
	m.Hold()
	m.Unlock()
	require.NoError(t, m.Lock(context.Background()))
	m.Unlock()
}

// Subscribed hands the attachment back, or detaches it when its
// subscriptions failed.
func TestSubscribedDetachesOnError(t *testing.T) {
	detached := 0
	a := watchdogs.DetachFunc(func(context.Context) error { detached++; return nil })
	got, err := watchdogs.Subscribed(context.Background(), a, nil)
	require.NoError(t, err)
	require.NotNil(t, got)
	require.Zero(t, detached)
	boom := errors.New("boom")
	got, err = watchdogs.Subscribed(context.Background(), a, boom)
	require.ErrorIs(t, err, boom)
	require.Nil(t, got)
	require.Equal(t, 1, detached)
}
