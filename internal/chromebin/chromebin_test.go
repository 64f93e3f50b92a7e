package chromebin_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/chromebin"
)

// fakeBins makes an executable file for each name in a new directory and
// makes that directory the whole PATH.
func fakeBins(t *testing.T, names ...string) string {
	dir := t.TempDir()
	for _, n := range names {
		require.NoError(t, os.WriteFile(filepath.Join(dir, n), []byte("#!/bin/sh\n"), 0o755))
	}
	t.Setenv("PATH", dir)
	t.Setenv("CHROME_BIN", "")
	return dir
}

func TestFindPrefersAFullBrowser(t *testing.T) {
	dir := fakeBins(t, "chromium-headless-shell", "google-chrome", "chromium")
	p, err := chromebin.Find()
	require.NoError(t, err)
	require.Equal(t, filepath.Join(dir, "chromium"), p)

	dir = fakeBins(t, "chromium-headless-shell", "google-chrome")
	p, err = chromebin.Find()
	require.NoError(t, err)
	require.Equal(t, filepath.Join(dir, "google-chrome"), p)
}

func TestFindFallsBackToTheHeadlessShell(t *testing.T) {
	dir := fakeBins(t, "chromium-headless-shell")
	p, err := chromebin.Find()
	require.NoError(t, err)
	require.Equal(t, filepath.Join(dir, "chromium-headless-shell"), p)
}

func TestFindHonoursChromeBin(t *testing.T) {
	dir := fakeBins(t, "chromium", "mine")
	t.Setenv("CHROME_BIN", filepath.Join(dir, "mine"))
	p, err := chromebin.Find()
	require.NoError(t, err)
	require.Equal(t, filepath.Join(dir, "mine"), p)

	t.Setenv("CHROME_BIN", filepath.Join(dir, "missing"))
	_, err = chromebin.Find()
	require.True(t, errors.Is(err, chromebin.ErrNotFound), "%v", err)
	require.ErrorContains(t, err, "CHROME_BIN=")
}

func TestFindNothing(t *testing.T) {
	fakeBins(t)
	_, err := chromebin.Find()
	require.ErrorIs(t, err, chromebin.ErrNotFound)
}
