package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// otherBuild builds agentbrowser again with another version string, which
// gives it another build ID: a CLI that was upgraded while its daemon ran.
func otherBuild(t *testing.T) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "agentbrowser-other")
	build := exec.Command("go", "build", "-race", "-ldflags", "-X main.version=9.9.9-other", "-o", out, ".")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	require.NoError(t, build.Run())
	return out
}

func TestDaemonOfAnotherBuildIsReplacedWhenIdleRefusedWhenBusy(t *testing.T) {
	c := newCLI(t)
	other := &cli{t: t, home: c.home, exe: otherBuild(t)}

	st := c.ok("status")
	require.Equal(t, "0.1.0-dev", st["version"])
	require.NotEmpty(t, st["build"])
	oldPID := st["pid"]
	sess := c.ok("sessions")["sessions"].([]any)
	require.Len(t, sess, 1)
	require.Equal(t, st["build"], sess[0].(map[string]any)["build"], "sessions shows each daemon's build")

	// An idle daemon of another build is replaced, and the command runs
	// on the new one with a notice.
	o := other.json("status")
	require.Equal(t, 0, o.Exit, o.Stdout+o.Stderr)
	require.Equal(t, "9.9.9-other", o.Body["version"])
	require.NotEqual(t, oldPID, o.Body["pid"])
	require.Contains(t, o.Body["notice"], "another build")

	// A busy daemon of another build refuses, and keeps serving.
	done := make(chan outcome, 1)
	go func() { done <- other.json("wait", "--text", "never there", "--timeout-ms", "8000") }()
	require.Eventually(t, func() bool {
		st := other.json("status")
		return st.Exit == 0 && st.Body["tabs"] != nil
	}, 60*time.Second, 50*time.Millisecond, "the other build's daemon has a browser")
	var refused outcome
	require.Eventually(t, func() bool {
		refused = c.json("eval", "1+1")
		return refused.errCode() == "version_mismatch"
	}, 8*time.Second, 20*time.Millisecond, "a CLI of the first build is refused while the wait runs")
	require.Equal(t, 1, refused.Exit)
	require.Contains(t, refused.Body["error"].(map[string]any)["message"], "busy")
	w := <-done
	require.Equal(t, "timeout", w.errCode(), "the busy command was not cut off: %v", w.Body)

	// Once idle, the first build takes the session back.
	require.Equal(t, "0.1.0-dev", c.ok("status")["version"])
}
