package actions_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
)

// downloadSite serves files to download in the ways pages offer them. Each
// link is a block 30 px high, in order from the top: click the i-th at
// y = 15 + 30*i.
func downloadSite(t *testing.T) *testutil.Servers {
	return testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/report":
			w.Header().Set("Content-Disposition", `attachment; filename="../../etc/report.csv"`)
			fmt.Fprint(w, "a,b\n1,2\n")
		case "/con":
			w.Header().Set("Content-Disposition", `attachment; filename="CON.txt"`)
			fmt.Fprint(w, "device name")
		case "/popup":
			fmt.Fprint(w, `<!doctype html><title>popup</title><script>location.href = "/report"</script>`)
		default:
			fmt.Fprint(w, `<!doctype html><title>files</title><style>body{margin:0} a{display:block;height:30px;line-height:30px}</style>
<a href="/report">attachment</a>
<a id=blob download=".hidden notes.txt">blob</a>
<a href="data:text/plain,data%20body" download="data.txt">data</a>
<a href="#" onclick="window.open('/popup'); return false">popup</a>
<a href="/con">reserved name</a>
<a href="{{CROSS}}/report">other origin</a>
<script>blob.href = URL.createObjectURL(new Blob(["blob body"], {type: "text/plain"}))</script>`)
		}
	}))
}

// clickLink clicks the i-th link of downloadSite's page.
func clickLink(t *testing.T, s *session.BrowserSession, i int) events.ActionResult {
	t.Helper()
	r, err := actions.ClickAt(t.Context(), s, 20, float64(15+30*i))
	require.NoError(t, err)
	return r
}

// waitDownloads waits for the downloads begun since the last report to
// finish, as the downloads command with --wait does.
func waitDownloads(t *testing.T, s *session.BrowserSession) events.DownloadsResult {
	t.Helper()
	ctx, cancel := context30(t)
	defer cancel()
	r, err := actions.Downloads(ctx, s, true)
	require.NoError(t, err)
	return r
}

func lastDownload(r events.DownloadsResult) events.Download {
	return r.Downloads[len(r.Downloads)-1]
}

func requireKept(t *testing.T, dir string, d events.Download, name, body string) {
	t.Helper()
	require.Equal(t, events.DownloadCompleted, d.State, "download %+v", d)
	require.Equal(t, filepath.Join(dir, name), d.Path)
	b, err := os.ReadFile(d.Path)
	require.NoError(t, err)
	require.Equal(t, body, string(b))
	require.Equal(t, int64(len(body)), d.Bytes)
	st, err := os.Stat(d.Path)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), st.Mode().Perm())
}

func TestDownloads(t *testing.T) {
	srv := downloadSite(t)
	s := stateSession(t, session.Config{})
	ctx := t.Context()
	dir := s.DownloadDir()
	require.True(t, filepath.IsAbs(dir))
	st, err := os.Stat(dir)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o700), st.Mode().Perm())
	navigate(t, s, srv.MainURL("/"))

	// Content-Disposition: attachment; the page's "../../etc/" never
	// reaches the file system.
	clickLink(t, s, 0)
	requireKept(t, dir, lastDownload(waitDownloads(t, s)), "_.._etc_report.csv", "a,b\n1,2\n")

	// <a download> of a blob: URL; a leading dot would hide the file.
	clickLink(t, s, 1)
	d := lastDownload(waitDownloads(t, s))
	requireKept(t, dir, d, "hidden notes.txt", "blob body")
	require.True(t, strings.HasPrefix(d.URL, "blob:"))
	require.Equal(t, s.Tabs()[0].ID, d.TabID)

	// <a download> of a data: URL.
	clickLink(t, s, 2)
	requireKept(t, dir, lastDownload(waitDownloads(t, s)), "data.txt", "data body")

	// A popup that downloads (and closes itself); the same name again
	// gets a number.
	clickLink(t, s, 3)
	requireKept(t, dir, lastDownload(waitDownloads(t, s)), "_.._etc_report (1).csv", "a,b\n1,2\n")

	// A reserved device name is not used.
	clickLink(t, s, 4)
	requireKept(t, dir, lastDownload(waitDownloads(t, s)), "_CON.txt", "device name")

	all, err := actions.Downloads(ctx, s, false)
	require.NoError(t, err)
	require.Equal(t, dir, all.Dir)
	require.Len(t, all.Downloads, 5)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 5, "only the named files: no partial file left")

	// A navigation to a file downloads it; the tab stays where it was, and
	// the navigation reports the download.
	nav, err := actions.Navigate(ctx, s, srv.MainURL("/report"), actions.NavigateOptions{})
	require.NoError(t, err)
	require.Equal(t, srv.MainURL("/"), nav.URL)
	require.Len(t, nav.Downloads, 1)
	require.Equal(t, srv.MainURL("/report"), nav.Downloads[0].URL)

	// The page state lists the session's downloads.
	ps, err := actions.State(ctx, s, events.BrowserStateRequestEvent{SkipTree: true})
	require.NoError(t, err)
	require.Len(t, ps.Downloads, 6)
}

// An action reports the downloads it started, once: in its own result when
// the browser announced them before it ended, else in the next one's.
func TestActionReportsItsDownload(t *testing.T) {
	srv := downloadSite(t)
	s := stateSession(t, session.Config{})
	navigate(t, s, srv.MainURL("/"))
	r := clickLink(t, s, 0)
	waitDownloads(t, s)
	seen := len(r.Downloads)
	r2 := clickLink(t, s, 2)
	got := waitDownloads(t, s)
	require.Len(t, got.Downloads, 2)
	// Each download was reported once: by its click, or (when the browser
	// announced it after the click had answered) by downloads --wait.
	require.LessOrEqual(t, seen, 1)
	require.LessOrEqual(t, len(r2.Downloads), 1)
	r3 := clickLink(t, s, 5+10) // below the links: nothing happens
	require.Empty(t, r3.Downloads, "reported downloads are not reported again")
}

// streamEndless writes chunks of size bytes, one each pace, until the
// client goes away.
func streamEndless(w http.ResponseWriter, r *http.Request, size int, pace time.Duration) {
	chunk := make([]byte, size)
	for {
		if _, err := w.Write(chunk); err != nil {
			return
		}
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
			return
		case <-time.After(pace): // paces the stream, not a wait for anything
		}
	}
}

// Downloads above --max-download-bytes are canceled, and nothing of them is
// kept: one that never ends (the browser is told to stop it) and one that
// completes before the browser could be stopped.
func TestDownloadTooLarge(t *testing.T) {
	stream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Disposition", `attachment; filename="big.bin"`)
		if r.URL.Path == "/small" {
			w.Write(make([]byte, 4096))
			return
		}
		streamEndless(w, r, 64<<10, 10*time.Millisecond)
	}))
	defer stream.Close()
	s := stateSession(t, session.Config{MaxDownloadBytes: 1000})
	for _, path := range []string{"/endless", "/small"} {
		nav, err := actions.Navigate(t.Context(), s, stream.URL+path, actions.NavigateOptions{})
		require.NoError(t, err)
		require.Len(t, nav.Downloads, 1)
		d := lastDownload(waitDownloads(t, s))
		require.Equal(t, events.DownloadCanceled, d.State, path)
		require.NotNil(t, d.Error)
		require.Equal(t, events.CodeDownloadTooLarge, d.Error.Code)
		require.Contains(t, d.Error.Message, "--max-download-bytes")
		require.Empty(t, d.Path)
	}
	// The browser may rename its partial file into place after it reports
	// the cancel; the session removes it when it does.
	require.EventuallyWithT(t, func(c *assert.CollectT) {
		entries, err := os.ReadDir(s.DownloadDir())
		require.NoError(c, err)
		assert.Empty(c, entries)
	}, 5*time.Second, 20*time.Millisecond, "nothing of a download above the limit is kept")
}

// TestDownloadWithoutLengthStopsAtTheCap: a download with no length
// (streamed, about 40 MB/s) is cancelled near --max-download-bytes, not
// half a second later: Chromium reports progress only every 500 ms, in
// which such a download passes a 4 MB cap five times over; the session
// measures the partial file instead.
func TestDownloadWithoutLengthStopsAtTheCap(t *testing.T) {
	const limit = 4 << 20
	stream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Disposition", `attachment; filename="endless.bin"`)
		streamEndless(w, r, 256<<10, 6*time.Millisecond)
	}))
	defer stream.Close()
	s := stateSession(t, session.Config{MaxDownloadBytes: limit})
	nav, err := actions.Navigate(t.Context(), s, stream.URL+"/endless", actions.NavigateOptions{})
	require.NoError(t, err)
	require.Len(t, nav.Downloads, 1)
	d := lastDownload(waitDownloads(t, s))
	require.Equal(t, events.DownloadCanceled, d.State)
	require.Equal(t, events.CodeDownloadTooLarge, d.Error.Code)
	require.Greater(t, d.Bytes, int64(limit), "cancelled once past the cap")
	require.Less(t, d.Bytes, int64(3*limit), "cancelled near the cap, not at the browser's next progress report")
}

// The session's origin lists apply to downloads: a file on a blocked origin
// is never fetched.
func TestDownloadBlockedOrigin(t *testing.T) {
	srv := downloadSite(t)
	s := stateSession(t, session.Config{Policy: session.URLPolicy{BlockedOrigins: []string{"localhost"}}})
	navigate(t, s, srv.MainURL("/"))
	r := clickLink(t, s, 5)
	require.NotEmpty(t, r.Blocked, "the link to the blocked origin is reported")
	require.Equal(t, events.CodeURLNotAllowed, r.Blocked[0].Code)
	all, err := actions.Downloads(t.Context(), s, false)
	require.NoError(t, err)
	require.Empty(t, all.Downloads)
	// Waiting for a download that never begins ends with the budget.
	ctx, cancel := context.WithTimeout(t.Context(), time.Second)
	defer cancel()
	_, err = actions.Downloads(ctx, s, true)
	requireCode(t, err, events.CodeTimeout)
	require.Contains(t, err.Error(), "no new download began")
	entries, err := os.ReadDir(s.DownloadDir())
	require.NoError(t, err)
	require.Empty(t, entries)
}

// Sessions in browser contexts of their own on one browser see only their
// own downloads, and each lands in its own directory.
func TestDownloadsStayInTheirContext(t *testing.T) {
	srv := downloadSite(t)
	mine := t.TempDir()
	a := stateSession(t, session.Config{TaskID: t.Name() + "-a", DownloadDir: filepath.Join(mine, "a")})
	b := stateSession(t, session.Config{TaskID: t.Name() + "-b"})
	navigate(t, a, srv.MainURL("/"))
	navigate(t, b, srv.MainURL("/"))
	clickLink(t, a, 2)
	got := waitDownloads(t, a)
	requireKept(t, filepath.Join(mine, "a"), lastDownload(got), "data.txt", "data body")
	clickLink(t, b, 1)
	gotB := waitDownloads(t, b)
	require.Len(t, gotB.Downloads, 1)
	require.Equal(t, "blob body", mustRead(t, lastDownload(gotB).Path))
	again, err := actions.Downloads(t.Context(), a, false)
	require.NoError(t, err)
	require.Len(t, again.Downloads, 1, "a does not see b's download")
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

// The session's own download directory goes with it, files and all; one
// it was given stays.
func TestDownloadDirAtClose(t *testing.T) {
	srv := downloadSite(t)
	s := stateSession(t, session.Config{})
	dir := s.DownloadDir()
	navigate(t, s, srv.MainURL("/"))
	clickLink(t, s, 2)
	waitDownloads(t, s)
	require.NoError(t, s.Close())
	_, err := os.Stat(dir)
	require.True(t, os.IsNotExist(err), "the private directory is removed")

	given := filepath.Join(t.TempDir(), "dl")
	k := stateSession(t, session.Config{TaskID: t.Name() + "-given", DownloadDir: given})
	navigate(t, k, srv.MainURL("/"))
	clickLink(t, k, 2)
	d := lastDownload(waitDownloads(t, k))
	require.NoError(t, k.Close())
	require.Equal(t, "data body", mustRead(t, d.Path), "a given directory keeps its files")
	st, err := os.Stat(given)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o700), st.Mode().Perm())

	_, err = testkitStart(t, session.Config{DownloadDir: filepath.Join(t.TempDir(), "missing", "dl")})
	requireCode(t, err, events.CodeInvalidArgument)
	require.Contains(t, err.Error(), "parent directory must exist")
}

func testkitStart(t *testing.T, cfg session.Config) (*session.BrowserSession, error) {
	cfg.CDPURL = testkit.Endpoint(t)
	cfg.TaskID = t.Name()
	ctx, cancel := context30(t)
	defer cancel()
	s, err := session.Start(ctx, cfg)
	if err == nil {
		t.Cleanup(func() { s.Close() })
	}
	return s, err
}

func context30(t *testing.T) (context.Context, context.CancelFunc) {
	return context.WithTimeout(t.Context(), testkit.Ceiling)
}
