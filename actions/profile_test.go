package actions_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// launchWithProfile launches a browser of its own on profile.
func launchWithProfile(t *testing.T, task, profile string) (*session.BrowserSession, error) {
	t.Helper()
	ctx, cancel := context30(t)
	defer cancel()
	s, err := standard.Start(ctx, session.Config{TaskID: task, Profile: profile})
	if err == nil {
		t.Cleanup(func() { s.Close() })
	}
	return s, err
}

// A persistent profile keeps a sign-in across close: the next session on
// it opens the app signed in.
func TestProfileKeepsLogins(t *testing.T) {
	srv := stateSite(t)
	profile := filepath.Join(t.TempDir(), "profile")
	a, err := launchWithProfile(t, "first", profile)
	require.NoError(t, err)
	st, err := os.Stat(profile)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o700), st.Mode().Perm(), "created 0700")
	navigate(t, a, srv.MainURL("/login"))
	// A launched browser's downloads land in the session's own directory.
	files := downloadSite(t)
	navigate(t, a, files.MainURL("/"))
	clickLink(t, a, 2)
	requireKept(t, a.DownloadDir(), lastDownload(waitDownloads(t, a)), "data.txt", "data body")
	require.NoError(t, a.Close())
	_, err = os.Stat(filepath.Join(profile, "Default"))
	require.NoError(t, err, "close keeps the profile")

	b, err := launchWithProfile(t, "second", profile)
	require.NoError(t, err)
	r := navigate(t, b, srv.MainURL("/app"))
	port := strings.TrimPrefix(srv.MainURL(""), "http://127.0.0.1:")
	require.True(t, strings.HasPrefix(r.Title, "ls=t-"+port), "localStorage kept: %q", r.Title)
	_, header, _ := strings.Cut(r.Title, " h=")
	require.Contains(t, header, "sid=s3cret", "the HttpOnly login cookie kept")
}

// A profile another running session uses is refused, naming that session,
// before a browser starts; once it closes, the profile is free.
func TestProfileInUse(t *testing.T) {
	profile := filepath.Join(t.TempDir(), "profile")
	a, err := launchWithProfile(t, "holder", profile)
	require.NoError(t, err)
	_, err = launchWithProfile(t, "latecomer", profile)
	requireCode(t, err, events.CodeProfileInUse)
	require.Contains(t, err.Error(), `session "holder"`)
	require.Contains(t, err.Error(), profile)
	require.NoError(t, a.Close())
	_, err = launchWithProfile(t, "latecomer", profile)
	require.NoError(t, err)

	// A profile is for a browser the session launches.
	_, err = session.Start(t.Context(), session.Config{Profile: profile, CDPURL: "ws://127.0.0.1:1/devtools/browser/x"})
	require.Error(t, err)
	require.Contains(t, err.Error(), "launched browser")
	// A file is not a profile.
	file := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(file, nil, 0o600))
	_, err = launchWithProfile(t, "file", file)
	requireCode(t, err, events.CodeInvalidArgument)
}
