package main_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// tabIDs lists the ids of the session's tabs and the active one.
func (c *cli) tabIDs() (ids []string, active string) {
	c.t.Helper()
	for _, x := range c.ok("tabs")["tabs"].([]any) {
		tab := x.(map[string]any)
		id := tab["id"].(string)
		ids = append(ids, id)
		if tab["active"] == true {
			active = id
		}
	}
	return ids, active
}

// TestHostileTimedOutTabNewLeavesNoTab: 'tab new' on a page that never
// finishes loading times out within its budget and closes the tab it
// opened; the tab active before is active again, and works. So does
// 'open' of the same page (a never-ending response): timeout, and the
// session goes on.
func TestHostileTimedOutTabNewLeavesNoTab(t *testing.T) {
	url := hostileSite(t)
	c := newSharedCLI(t)
	c.ok("open", url("/first"))
	before, active := c.tabIDs()
	require.Len(t, before, 1)

	o := c.json("--timeout-ms", "1500", "tab", "new", url("/hang"))
	requireCode(t, o, "timeout", 1, 3*1500*time.Millisecond+5*time.Second)
	require.Contains(t, o.Body["error"].(map[string]any)["message"], "tab it opened")
	deadline := time.Now().Add(10 * time.Second)
	for {
		ids, act := c.tabIDs()
		if len(ids) == 1 {
			require.Equal(t, before, ids)
			require.Equal(t, active, act)
			break
		}
		require.True(t, time.Now().Before(deadline), "the timed-out tab is still open: %v", ids)
		time.Sleep(20 * time.Millisecond) // polling the daemon's tab list
	}
	require.Equal(t, "/first", c.ok("eval", "location.pathname")["value"])

	o = c.json("--timeout-ms", "1500", "open", url("/hang"))
	requireCode(t, o, "timeout", 1, 3*1500*time.Millisecond+5*time.Second)
	require.Equal(t, float64(2), c.ok("eval", "1+1")["value"])
}

// tabTitles maps each tab's id to its title in a tabs list.
func tabTitles(list []any) map[string]string {
	out := map[string]string{}
	for _, x := range list {
		tab := x.(map[string]any)
		out[tab["id"].(string)], _ = tab["title"].(string)
	}
	return out
}

// TestHostileTabTitlesFollowThePage: the titles 'tabs', 'tab new' and MCP
// browser_tabs show are the pages' own (their <title>, then what script
// sets), never the URL Chrome shows before the title is parsed.
func TestHostileTabTitlesFollowThePage(t *testing.T) {
	url := hostileSite(t)
	c := newSharedCLI(t)
	first := c.ok("open", url("/title/Basic"))["tab_id"].(string)
	require.Equal(t, "Basic", tabTitles(c.ok("tabs")["tabs"].([]any))[first])
	tab := c.ok("tab", "new", url("/title/Second"))["tab"].(map[string]any)
	require.Equal(t, "Second", tab["title"])
	c.ok("eval", "document.title = 'Changed'")
	titles := tabTitles(c.ok("tabs")["tabs"].([]any))
	require.Equal(t, map[string]string{first: "Basic", tab["id"].(string): "Changed"}, titles)
	sw := c.ok("tab", "switch", first)["tab"].(map[string]any)
	require.Equal(t, "Basic", sw["title"])

	cs := mcpOver(t, newSharedCLI(t))
	callOK(t, cs, "browser_navigate", map[string]any{"url": url("/title/Basic")})
	res, _ := callOK(t, cs, "browser_tabs", map[string]any{"action": "list"})
	listed := tabTitles(structured(t, res)["tabs"].([]any))
	require.Len(t, listed, 1)
	for _, title := range listed {
		require.Equal(t, "Basic", title)
	}
	res, _ = callOK(t, cs, "browser_tabs", map[string]any{"action": "new", "url": url("/title/Second")})
	require.Equal(t, "Second", structured(t, res)["tab"].(map[string]any)["title"])
}

// TestHostileUploadsOnlyReadableRegularFiles: a directory, a FIFO,
// /dev/null, /proc/self/environ (the daemon's environment), a link to it
// and a missing file are invalid_argument naming why, at once, and the
// page's input gets nothing; a regular file still uploads.
func TestHostileUploadsOnlyReadableRegularFiles(t *testing.T) {
	url := hostileSite(t)
	c := newSharedCLI(t)
	c.ok("open", url("/upload"))
	ref := refFor(t, c.ok("snapshot")["snapshot"].(string), "button", "pick")
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	link := filepath.Join(dir, "environ")
	require.NoError(t, os.Symlink("/proc/self/environ", link))
	for f, why := range map[string]string{
		dir: "directory", fifo: "named pipe", "/dev/null": "device", "/proc/self/environ": "/proc",
		link: "/proc", filepath.Join(dir, "nope"): "does not exist",
	} {
		o := c.json("upload", ref, f)
		requireCode(t, o, "invalid_argument", 1, hostileCeiling)
		require.Contains(t, o.Body["error"].(map[string]any)["message"], why, f)
		require.Equal(t, float64(0), c.ok("eval", "document.querySelector('input').files.length")["value"], f)
	}
	ok := filepath.Join(dir, "ok.txt")
	require.NoError(t, os.WriteFile(ok, []byte("data"), 0o600))
	c.ok("upload", ref, ok)
	require.Equal(t, "ok.txt", c.ok("eval", "document.querySelector('input').files[0].name")["value"])
}

// TestHostileScreenshotChecksSizeFirst: a full-page screenshot of a page
// 30,000 pixels tall is refused before it is captured when it would come
// back inline (result_too_large, "nothing was captured"), and written when
// given a PATH (0600); a PATH that is a FIFO is refused at once, never
// written into (which would block). resize beyond 16384 is a usage error.
func TestHostileScreenshotChecksSizeFirst(t *testing.T) {
	url := hostileSite(t)
	c := newSharedCLI(t)
	c.ok("open", url("/tall"))
	c.ok("resize", "400", "600")
	o := c.json("screenshot", "--full")
	requireCode(t, o, "result_too_large", 1, hostileCeiling)
	require.Contains(t, o.Body["error"].(map[string]any)["message"], "nothing was captured")

	dir := t.TempDir()
	shot := filepath.Join(dir, "tall.png")
	r := c.ok("--timeout-ms", "60000", "screenshot", shot, "--full")
	require.Equal(t, float64(30000), r["height"])
	fi, err := os.Stat(shot)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm())

	fifo := filepath.Join(dir, "fifo.png")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	o = c.json("screenshot", fifo)
	requireCode(t, o, "invalid_argument", 1, hostileCeiling)

	o = c.json("resize", "20000", "600")
	requireCode(t, o, "invalid_argument", 2, hostileCeiling)
}
