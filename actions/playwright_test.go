package actions_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
)

// playwright runs e2e/state/state.mjs with playwright-core (pinned in
// e2e/state/package-lock.json, installed by make test with npm ci) on the
// system Chromium. Under CI=true a missing Node.js or install fails the
// test instead of skipping it.
func playwright(t *testing.T, args ...string) []byte {
	t.Helper()
	dir, err := filepath.Abs("../e2e/state")
	require.NoError(t, err)
	node, err := exec.LookPath("node")
	missing := ""
	switch {
	case err != nil:
		missing = "node is not installed"
	default:
		if _, err := os.Stat(filepath.Join(dir, "node_modules", "playwright-core", "package.json")); err != nil {
			missing = "run 'npm ci' in e2e/state (make test does)"
		}
	}
	if missing != "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the Playwright storage state test cannot run: %s", missing)
		}
		t.Skip(missing)
	}
	ctx, cancel := context30(t)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, append([]string{"state.mjs"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CHROME_BIN="+testutil.RequireChrome(t))
	out, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("node state.mjs %s: %v\n%s", strings.Join(args, " "), err, stderr)
	}
	return out
}

// A state written by Playwright's context.storageState() loads here, and
// one written here loads in Playwright: cookies (HttpOnly included) and the
// localStorage of two origins.
func TestStorageStatePlaywright(t *testing.T) {
	srv := stateSite(t)
	dir := t.TempDir()
	mainPort := strings.TrimPrefix(srv.MainURL(""), "http://127.0.0.1:")
	crossPort := strings.TrimPrefix(srv.CrossURL(""), "http://localhost:")

	t.Run("from Playwright", func(t *testing.T) {
		theirs := filepath.Join(dir, "playwright.json")
		playwright(t, "save", srv.MainURL(""), srv.CrossURL(""), theirs)
		st, err := session.ReadStorageState(theirs)
		require.NoError(t, err)
		require.Len(t, st.Cookies, 6)
		s := stateSession(t, session.Config{TaskID: t.Name(), StorageState: &st})
		for _, tc := range []struct{ url, port string }{{srv.MainURL("/app"), mainPort}, {srv.CrossURL("/app"), crossPort}} {
			r := navigate(t, s, tc.url)
			require.True(t, strings.HasPrefix(r.Title, "ls=t-"+tc.port), "%s: %q", tc.url, r.Title)
			_, header, _ := strings.Cut(r.Title, " h=")
			require.Contains(t, header, "sid=s3cret")
		}
	})

	t.Run("to Playwright", func(t *testing.T) {
		s := stateSession(t, session.Config{TaskID: t.Name()})
		navigate(t, s, srv.MainURL("/login"))
		navigate(t, s, srv.CrossURL("/login"))
		ours := filepath.Join(dir, "ours.json")
		_, err := actions.SaveStorageState(t.Context(), s, ours)
		require.NoError(t, err)
		var seen []struct {
			Title   string          `json:"title"`
			Cookies []events.Cookie `json:"cookies"`
		}
		require.NoError(t, json.Unmarshal(playwright(t, "load", ours, srv.MainURL("/app"), srv.CrossURL("/app")), &seen))
		require.Len(t, seen, 2)
		for i, port := range []string{mainPort, crossPort} {
			got := seen[i]
			require.True(t, strings.HasPrefix(got.Title, "ls=t-"+port), "page %d: %q", i, got.Title)
			_, header, _ := strings.Cut(got.Title, " h=")
			require.Contains(t, header, "sid=s3cret")
			require.Len(t, got.Cookies, 6)
			for _, c := range got.Cookies {
				if c.Name == "sid" {
					require.True(t, c.HTTPOnly)
				}
			}
		}
	})
}
