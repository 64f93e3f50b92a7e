package snapshot_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// TestCaptureHonoursDeadline checks that a capture that cannot finish in
// time fails with the deadline instead of running on, and that the page
// stays usable.
func TestCaptureHonoursDeadline(t *testing.T) {
	s := newServers(t)
	// Big enough that a full capture outlasts the deadline below, small
	// enough that Chrome builds its tree in seconds on a loaded machine.
	s.add("/rows", rowsPage(5000))
	p := newPage(t)
	p.navigate(testContext(t), s.url("/rows"))
	e := snapshot.New(p.client, "", nil)
	_, err := e.Capture(testContext(t), snapshot.Options{Interactive: true})
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Millisecond)
	defer cancel()
	_, err = e.Capture(ctx, snapshot.Options{})
	require.Error(t, err)
	require.NotErrorIs(t, err, snapshot.ErrStaleRef)
	// The page answers promptly afterwards.
	res, err := e.Capture(testContext(t), snapshot.Options{Interactive: true, MaxChars: 1000})
	require.NoError(t, err)
	require.True(t, res.Truncated)
}
