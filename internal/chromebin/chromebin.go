// Package chromebin finds the browser binary. It is the one place that
// knows where to look, used by session.FindChrome and by the tests, so that
// the library, the CLI and every test agree on which Chromium runs.
package chromebin

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
)

// ErrNotFound is returned when no browser binary is found.
var ErrNotFound = errors.New("no Chrome or Chromium found: install chromium (Debian: apt-get install -y chromium) or set CHROME_BIN")

// Names are the binaries looked up on PATH, in order. A full browser comes
// first; chromium-headless-shell (Debian's package of the old headless
// mode) is used only when no full browser is installed.
var names = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chromium-headless-shell"}

// Find returns $CHROME_BIN when set (it must exist), else the first of
// chromium, chromium-browser, google-chrome, google-chrome-stable and
// chromium-headless-shell on PATH.
func Find() (string, error) {
	if p := os.Getenv("CHROME_BIN"); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("CHROME_BIN=%s: %w", p, ErrNotFound)
		}
		return p, nil
	}
	for _, name := range names {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", ErrNotFound
}
