package gridtest_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// connectCeiling bounds a connect_failed answer; the check itself takes well
// under a second, the rest is a daemon start on a loaded machine.
const connectCeiling = 30 * time.Second

func TestGridURLWithNoGrid(t *testing.T) {
	needGrid(t)
	c := newCLI(t, fmt.Sprintf("http://127.0.0.1:%d", freePort()))
	o := c.run("open", "about:blank")
	require.Equal(t, "connect_failed", o.code(), "%v", o.Body)
	assert.Less(t, o.Dur, connectCeiling)
	assert.Contains(t, o.message(), "check that the Grid runs")
	// The daemon does not linger on an endpoint it cannot reach.
	require.Eventually(t, func() bool {
		s, _ := c.raw("sessions").Body["sessions"].([]any)
		return len(s) == 0
	}, 20*time.Second, 100*time.Millisecond, "daemon exits")

	notGrid := httptest.NewServer(http.NotFoundHandler())
	defer notGrid.Close()
	c2 := newCLI(t, notGrid.URL)
	o = c2.run("open", "about:blank")
	require.Equal(t, "connect_failed", o.code(), "%v", o.Body)
	assert.Contains(t, o.message(), "not a Selenium Grid")
}

func TestCDPURLThatNeedsTheWebsocketForm(t *testing.T) {
	needGrid(t)
	c := newCLI(t, standalone.URL)
	// Grid has no /json/version: the http form of its URL cannot work.
	o := c.raw("--cdp", standalone.URL, "open", "about:blank")
	require.Equal(t, "connect_failed", o.code(), "%v", o.Body)
	assert.Less(t, o.Dur, connectCeiling)
	assert.Contains(t, o.message(), "websocket URL")
}

func TestGridWithNoFreeSlot(t *testing.T) {
	needGrid(t)
	// Take both slots of the shared standalone with plain WebDriver
	// sessions.
	var ids []string
	t.Cleanup(func() {
		for _, id := range ids {
			standalone.deleteSession(t, id)
		}
	})
	for range 2 {
		ids = append(ids, newWebDriverSession(t, standalone.URL))
	}
	c := newCLI(t, standalone.URL)
	o := c.run("open", "about:blank")
	require.Equal(t, "connect_failed", o.code(), "%v", o.Body)
	assert.Less(t, o.Dur, connectCeiling)
	assert.Contains(t, o.message(), "no free slot")
}

func newWebDriverSession(t *testing.T, base string) string {
	t.Helper()
	body := `{"capabilities":{"alwaysMatch":{"browserName":"chrome","goog:chromeOptions":{"binary":"` + chromium + `","args":["--headless","--no-sandbox","--disable-gpu"]}}}}`
	resp, err := plainHTTP.Post(base+"/session", "application/json; charset=utf-8", strings.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	var r struct {
		Value struct {
			SessionID string `json:"sessionId"`
		} `json:"value"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&r))
	require.NotEmpty(t, r.Value.SessionID)
	return r.Value.SessionID
}

func TestTokensAreNeverPrinted(t *testing.T) {
	needGrid(t)
	const qToken, hToken = "QSECRET4242", "HSECRET4242"
	var sawHeader atomic.Bool
	refuse := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") == "Bearer "+hToken {
			sawHeader.Store(true)
		}
		http.Error(w, "unauthorized", http.StatusUnauthorized)
	}))
	defer refuse.Close()
	ws := "ws" + strings.TrimPrefix(refuse.URL, "http") + "/devtools/browser/x?token=" + qToken
	c := newCLI(t, standalone.URL)
	o := c.raw("--log-level", "debug", "--cdp", ws, "--cdp-header", "Authorization: Bearer "+hToken, "open", "about:blank")
	require.Equal(t, "connect_failed", o.code(), "%v", o.Body)
	assert.True(t, sawHeader.Load(), "the handshake carries the header")
	assert.Contains(t, o.message(), "REDACTED")
	assert.Contains(t, o.message(), "--cdp-header", "a refused handshake points at the header")

	// And on a working Grid, with the header sent to the hub.
	o2 := c.raw("--log-level", "debug", "--grid", standalone.URL, "--grid-binary", chromium, "--cdp-header", "Authorization: Bearer "+hToken, "--session", "g", "open", "about:blank")
	require.Equal(t, 0, o2.Exit, "%v", o2.Body)
	st := c.raw("--session", "g", "status")
	c.raw("--session", "g", "close")

	var all bytes.Buffer
	for _, x := range []outcome{o, o2, st} {
		all.WriteString(x.Stdout + x.Stderr)
	}
	logs, _ := filepath.Glob(filepath.Join(c.home, "*.log"))
	require.NotEmpty(t, logs)
	for _, l := range logs {
		b, _ := os.ReadFile(l)
		all.Write(b)
	}
	assert.NotContains(t, all.String(), qToken)
	assert.NotContains(t, all.String(), hToken)
}

func TestCDPURLOfAnEndedGridSession(t *testing.T) {
	needGrid(t)
	id := newWebDriverSession(t, standalone.URL)
	standalone.deleteSession(t, id)
	c := newCLI(t, standalone.URL)
	cdp := "ws" + strings.TrimPrefix(standalone.URL, "http") + "/session/" + id + "/se/cdp"
	o := c.raw("--cdp", cdp, "open", "about:blank")
	require.Equal(t, "connect_failed", o.code(), "%v", o.Body)
	assert.Less(t, o.Dur, connectCeiling)
	assert.Contains(t, o.message(), "does not know this session")
}

// TestGridNodeBrowserThatDiesWhileStarting: on a real Grid, a node whose
// Chrome exits as it starts (here a --grid-binary that dies on its first
// start) gets a second session request, and the command works.
func TestGridNodeBrowserThatDiesWhileStarting(t *testing.T) {
	needGrid(t)
	c := newCLI(t, standalone.URL)
	err := testutil.AfterRealCrash(t, func() error {
		script, starts := testutil.DiesFirst(t, chromium, 1)
		o := c.raw("--grid", standalone.URL, "--grid-binary", script, "--session", "dies", "open", "about:blank")
		c.raw("--session", "dies", "close")
		require.Equal(t, 2, starts(), "the node's browser started twice")
		if o.Exit != 0 {
			return fmt.Errorf("exit %d: %v", o.Exit, o.Body)
		}
		return nil
	})
	require.NoError(t, err)
}
