package main_test

import (
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// A daemon with no work for its idle timeout ends, browser and all.
func TestCLIDaemonIdleTimeout(t *testing.T) {
	testutil.RequireChrome(t)
	c := newCLI(t)
	c.ok("--idle-timeout", "2s", "eval", "1")
	require.Len(t, c.ok("sessions")["sessions"], 1)
	deadline := time.Now().Add(20 * time.Second)
	for {
		if _, err := os.Stat(filepath.Join(c.home, "default.sock")); os.IsNotExist(err) {
			break
		}
		require.True(t, time.Now().Before(deadline), "daemon still running after its idle timeout")
		time.Sleep(50 * time.Millisecond)
	}
	require.Empty(t, c.ok("sessions")["sessions"])
}

// A socket file left by a daemon that died is detected and replaced.
func TestCLIStaleSocketIsReplaced(t *testing.T) {
	testutil.RequireChrome(t)
	c := newCLI(t)
	path := filepath.Join(c.home, "default.sock")
	// Bind and close without unlinking: a socket file nobody listens on.
	l, err := net.Listen("unix", path)
	require.NoError(t, err)
	l.(*net.UnixListener).SetUnlinkOnClose(false)
	require.NoError(t, l.Close())
	_, err = os.Stat(path)
	require.NoError(t, err, "the stale socket file exists")

	require.Equal(t, float64(3), c.ok("eval", "1+2")["value"])
}
