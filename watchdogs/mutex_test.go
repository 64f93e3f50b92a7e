package watchdogs_test

import (
	"context"
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
