package actions_test

import (
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
)

var mediaBox = regexp.MustCompile(`/MediaBox \[0 0 ([0-9.]+) ([0-9.]+)\]`)

// pageSize reads the first page's size in points from a PDF.
func pageSize(t *testing.T, b []byte) (w, h float64) {
	t.Helper()
	m := mediaBox.FindSubmatch(b)
	require.NotNil(t, m, "a PDF with a MediaBox")
	w, err := strconv.ParseFloat(string(m[1]), 64)
	require.NoError(t, err)
	h, err = strconv.ParseFloat(string(m[2]), 64)
	require.NoError(t, err)
	return w, h
}

func TestPDF(t *testing.T) {
	srv := testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`<!doctype html><title>receipt</title><body style="background:#c00"><h1>Receipt 42</h1>`))
	}))
	s := stateSession(t, session.Config{})
	ctx := t.Context()
	navigate(t, s, srv.MainURL("/"))
	dir := t.TempDir()

	letter := filepath.Join(dir, "receipt.pdf")
	r, err := actions.PDF(ctx, s, events.PDFEvent{Path: letter})
	require.NoError(t, err)
	require.Equal(t, letter, r.Path)
	b, err := os.ReadFile(letter)
	require.NoError(t, err)
	require.Equal(t, "%PDF-", string(b[:5]))
	require.Equal(t, len(b), r.Bytes)
	st, err := os.Stat(letter)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), st.Mode().Perm())
	w, h := pageSize(t, b)
	require.InDelta(t, 612, w, 1)
	require.InDelta(t, 792, h, 1)

	// A4 turned, with backgrounds, replacing a file that was there.
	a4 := filepath.Join(dir, "a4.pdf")
	require.NoError(t, os.WriteFile(a4, []byte("old"), 0o644))
	_, err = actions.PDF(ctx, s, events.PDFEvent{Path: a4, Paper: events.PaperA4, Landscape: true, Background: true})
	require.NoError(t, err)
	b2, err := os.ReadFile(a4)
	require.NoError(t, err)
	w, h = pageSize(t, b2)
	require.InDelta(t, 842, w, 1)
	require.InDelta(t, 595, h, 1)
	st, err = os.Stat(a4)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), st.Mode().Perm())
	require.Greater(t, len(b2), len(b), "the background is printed")

	// Never through a symbolic link, never into a missing directory;
	// nothing is written.
	target := filepath.Join(dir, "target")
	require.NoError(t, os.WriteFile(target, []byte("keep"), 0o600))
	link := filepath.Join(dir, "link.pdf")
	require.NoError(t, os.Symlink(target, link))
	_, err = actions.PDF(ctx, s, events.PDFEvent{Path: link})
	requireCode(t, err, events.CodeInvalidArgument)
	require.Contains(t, err.Error(), "symbolic link")
	require.Equal(t, "keep", mustRead(t, target))
	_, err = actions.PDF(ctx, s, events.PDFEvent{Path: filepath.Join(dir, "nope", "x.pdf")})
	requireCode(t, err, events.CodeInvalidArgument)
	require.Contains(t, err.Error(), "does not exist")
	_, err = actions.PDF(ctx, s, events.PDFEvent{Path: dir})
	requireCode(t, err, events.CodeInvalidArgument)
	_, err = actions.PDF(ctx, s, events.PDFEvent{Path: filepath.Join(dir, "x.pdf"), Paper: "A3"})
	requireCode(t, err, events.CodeInvalidArgument)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 4, "receipt.pdf, a4.pdf, target, link.pdf and no temporary file")
}
