package main_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// TestCLIResultTooLarge: a 50 MB string fails fast with result_too_large
// naming the size and the cap, without the daemon carrying it whole; so
// does a raw CDP reply and a command's output above a smaller cap; the
// session works afterwards.
func TestCLIResultTooLarge(t *testing.T) {
	testutil.RequireChrome(t)
	c := newSharedCLI(t)
	c.ok("eval", "1") // the browser is up before anything is timed
	o := c.json("eval", "'x'.repeat(5e7)")
	require.Equal(t, 1, o.Exit, o.Stdout)
	require.Equal(t, "result_too_large", o.errCode(), o.Stdout)
	msg := o.Body["error"].(map[string]any)["message"].(string)
	require.Contains(t, msg, "4194304", "the message names the cap")
	require.Regexp(t, `\d{8,} bytes`, msg, "the message names the size")
	require.Less(t, len(o.Stdout), 4096, "the output is the error, not the value")
	// The issue promises under a second; 5 s is the ceiling here, for a
	// loaded machine and a race-enabled build (a hang detector).
	require.Less(t, o.Dur, 5*time.Second)
	require.Equal(t, float64(2), c.ok("eval", "1+1")["value"], "the session still works")

	o = c.json("cdp", "Runtime.evaluate", `{"expression":"'y'.repeat(6e6)","returnByValue":true}`)
	require.Equal(t, "result_too_large", o.errCode(), o.Stdout)
	require.Contains(t, o.Body["error"].(map[string]any)["message"], "Runtime.evaluate")

	// Under the cap, a large value comes back whole.
	v := c.ok("eval", "'z'.repeat(1e6)")["value"].(string)
	require.Equal(t, strings.Repeat("z", 1e6), v)
}

func TestCLIMaxResultBytesSetting(t *testing.T) {
	testutil.RequireChrome(t)
	c := newSharedCLI(t, "capped")
	o := c.json("--session", "capped", "--max-result-bytes", "100", "eval", "1")
	require.Equal(t, 2, o.Exit, "a cap below 1 KiB is a usage error")
	o = c.json("--session", "capped", "--max-result-bytes", "20000", "eval", "'x'.repeat(50000)")
	require.Equal(t, "result_too_large", o.errCode(), o.Stdout)
	require.Contains(t, o.Body["error"].(map[string]any)["message"], "20000")
	// The whole output is bounded the same way: a value under the
	// engine's cap whose reply is still above it once wrapped.
	o = c.json("--session", "capped", "eval", "'x'.repeat(19990)")
	require.Equal(t, "result_too_large", o.errCode(), o.Stdout)
	require.Equal(t, float64(3), c.ok("--session", "capped", "eval", "1+2")["value"])
}

// TestCLIConnectFailed: a --cdp endpoint nobody answers is connect_failed
// (exit 1) naming the URL; a malformed one is a usage error (exit 2).
func TestCLIConnectFailed(t *testing.T) {
	c := newCLI(t)
	for _, url := range []string{"http://127.0.0.1:1", "ws://127.0.0.1:1/devtools/browser/x"} {
		o := c.json("--timeout-ms", "10000", "--cdp", url, "tabs")
		require.Equal(t, 1, o.Exit, o.Stdout)
		require.Equal(t, "connect_failed", o.errCode(), o.Stdout)
		msg := o.Body["error"].(map[string]any)["message"].(string)
		require.Contains(t, msg, url)
		require.NotContains(t, msg, "*", "no Go type names")
		require.False(t, strings.HasSuffix(msg, ": "))
		c.run("--cdp", url, "close")
	}
	o := c.json("--cdp", "127.0.0.1:9222", "tabs")
	require.Equal(t, 2, o.Exit, o.Stdout)
}
