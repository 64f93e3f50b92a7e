package session_test

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
)

// browserProcesses is the launched browser's process tree once a page has
// loaded, so that renderers and helpers are in it.
func browserProcesses(t *testing.T, s *session.BrowserSession, url string) []int {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	_, err := actions.Navigate(ctx, s, url, actions.NavigateOptions{})
	require.NoError(t, err)
	procs := testutil.LiveProcesses(s.Process().PID())
	require.GreaterOrEqual(t, len(procs), 2, "a browser and at least one renderer")
	return procs
}

func TestLaunchedBrowserListensOnNoTCPPort(t *testing.T) {
	srv := testutil.Serve(t, pages())
	s := start(t, session.Config{TaskID: "pipe", Launch: session.LaunchConfig{Path: testutil.RequireChrome(t), SitePerProcess: true}})
	require.True(t, s.Piped())
	require.Empty(t, s.Endpoint())
	procs := browserProcesses(t, s, srv.MainURL("/counter"))
	require.Empty(t, testutil.ListeningTCP(procs), "processes %v listen on TCP", procs)
	require.Equal(t, "0", evalString(t, s, "document.getElementById('n').textContent"))
}

func TestOptInDebuggingPortListens(t *testing.T) {
	srv := testutil.Serve(t, pages())
	s := start(t, session.Config{TaskID: "port", Launch: session.LaunchConfig{Path: testutil.RequireChrome(t), DebuggingPort: session.AnyDebuggingPort}})
	require.True(t, s.Piped(), "the session still drives its browser over the pipe")
	require.Contains(t, s.Endpoint(), "ws://127.0.0.1:")
	procs := browserProcesses(t, s, srv.MainURL("/counter"))
	require.NotEmpty(t, testutil.ListeningTCP(procs), "the opted-in port listens")
}

// privateTemp gives the test its own temp dir, so that what other tests
// leave there does not count. Its path is short, as /tmp's is: Chromium's
// temp files hold a unix socket, whose path is limited.
func privateTemp(t *testing.T) string {
	dir, err := os.MkdirTemp("/tmp", "ab-")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	t.Setenv("TMPDIR", dir)
	return dir
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

func TestProfileIsPrivateAndHoldsChromiumTempFiles(t *testing.T) {
	tmp := privateTemp(t)
	srv := testutil.Serve(t, pages())
	s := start(t, session.Config{TaskID: "tmp", Launch: session.LaunchConfig{Path: testutil.RequireChrome(t)}})
	browserProcesses(t, s, srv.MainURL("/counter"))
	dir := s.Process().DataDir()
	fi, err := os.Stat(dir)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o700), fi.Mode().Perm())
	require.Equal(t, []string{filepath.Base(dir)}, names(t, tmp), "only the profile is in the temp dir")
	inner, err := filepath.Glob(filepath.Join(dir, "org.chromium.Chromium.*"))
	require.NoError(t, err)
	if !testutil.HeadlessShell(t) {
		// chromium-headless-shell writes no temp files to redirect.
		require.NotEmpty(t, inner, "Chromium's temp files are inside the profile: %v", names(t, dir))
	}
	require.NoError(t, s.Close())
	require.Empty(t, names(t, tmp))
}

func TestCrashedBrowserLeavesNothingAfterClose(t *testing.T) {
	tmp := privateTemp(t)
	s := start(t, session.Config{TaskID: "kill", Launch: session.LaunchConfig{Path: testutil.RequireChrome(t)}})
	require.NoError(t, syscall.Kill(s.Process().PID(), syscall.SIGKILL))
	select {
	case <-s.Done():
	case <-time.After(20 * time.Second):
		t.Fatal("the session did not notice its browser died")
	}
	require.ErrorIs(t, s.Err(), session.ErrBrowserCrashed)
	require.NoError(t, s.Close())
	require.Empty(t, names(t, tmp))
}

func TestReapCleansUpAfterADeadOwner(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "s.browser")
	tmp := privateTemp(t)
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	// A launch whose owner "dies": nobody calls Close before Reap.
	p, err := session.Launch(ctx, session.LaunchConfig{Path: testutil.RequireChrome(t), RecordFile: rec})
	require.NoError(t, err)
	defer p.Close()
	require.FileExists(t, rec)
	require.NotEmpty(t, names(t, tmp))

	require.NoError(t, session.Reap(rec))
	select {
	case <-p.Exited():
	case <-time.After(20 * time.Second):
		t.Fatal("Reap did not kill the recorded browser")
	}
	require.NoFileExists(t, rec)
	require.Empty(t, names(t, tmp))
	require.NoError(t, session.Reap(rec), "nothing recorded is not an error")
}
