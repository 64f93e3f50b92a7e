package gridtest_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

const framePage = `<!doctype html><title>outer</title>
<p id=out>none</p>
<iframe src="{{CROSS}}/inner" width=400 height=200></iframe>`

const innerPage = `<!doctype html><title>inner</title>
<button onclick="document.getElementById('n').textContent = String(Number(document.getElementById('n').textContent) + 1)">Inner button</button>
<span id=n>0</span>`

func pages(t *testing.T) *testutil.Servers {
	return testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		switch r.URL.Path {
		case "/inner":
			fmt.Fprint(w, innerPage)
		default:
			fmt.Fprint(w, framePage)
		}
	}))
}

// refOf finds the ref of the element with role and name in a snapshot.
func refOf(t *testing.T, snap map[string]any, role, name string) (ref, frame string) {
	t.Helper()
	refs, _ := snap["refs"].(map[string]any)
	for r, v := range refs {
		m, _ := v.(map[string]any)
		if m["role"] == role && m["name"] == name {
			f, _ := m["frame_id"].(string)
			return r, f
		}
	}
	t.Fatalf("no %s %q in snapshot: %v", role, name, snap["snapshot"])
	return "", ""
}

func TestStandaloneSessionEndToEnd(t *testing.T) {
	needGrid(t)
	srv := pages(t)
	c := newCLI(t, standalone.URL)

	c.ok("open", srv.MainURL("/"))
	id := c.gridSession()
	assert.Contains(t, standalone.status(t).Sessions(), id, "the WebDriver session runs on the Grid")

	// A cross-origin iframe is an OOPIF; its button gets a ref and a click
	// by ref lands inside it, through the hub's CDP proxy.
	snap := c.ok("snapshot")
	ref, frame := refOf(t, snap, "button", "Inner button")
	c.ok("click", ref)
	assert.Equal(t, "1", c.ok("eval", "document.getElementById('n').textContent", "--frame", frame)["value"])

	// Grid leaves dialogs open, so a prompt is answered by the agent.
	c.ok("eval", "setTimeout(() => { document.getElementById('out').textContent = prompt('name?', 'x') }, 50); 1")
	require.Eventually(t, func() bool {
		d := c.ok("dialogs")
		p, _ := d["pending"].([]any)
		return len(p) == 1
	}, 30*time.Second, 100*time.Millisecond, "the prompt shows as pending")
	c.ok("dialog", "accept", "--prompt-text", "grid")
	require.Eventually(t, func() bool {
		return c.ok("eval", "document.getElementById('out').textContent")["value"] == "grid"
	}, 30*time.Second, 100*time.Millisecond)

	// A hung script is terminated within its budget, and the page answers
	// again. The ceiling is 10x the budget: the machine is shared.
	o := c.run("--timeout-ms", "2000", "eval", "while(true){}")
	require.Equal(t, "timeout", o.code(), "%v", o.Body)
	require.Less(t, o.Dur, 20*time.Second)
	assert.Equal(t, float64(2), c.ok("eval", "1+1")["value"])

	// close deletes the WebDriver session: the slot is free again.
	c.ok("close")
	require.Eventually(t, func() bool {
		return !slices.Contains(standalone.status(t).Sessions(), id)
	}, 15*time.Second, 100*time.Millisecond, "close deletes the grid session")
}

func TestIdleSessionIsKeptAlive(t *testing.T) {
	needGrid(t)
	c := newCLI(t, standalone.URL)
	c.ok("open", "about:blank")
	id := c.gridSession()
	// The shared Grid ends sessions idle for 20 s; agentbrowser's liveness
	// check keeps this one busy. Waiting twice the timeout is the point of
	// the test, not synchronisation.
	time.Sleep(40 * time.Second)
	require.Contains(t, standalone.status(t).Sessions(), id, "grid still holds the session")
	assert.Equal(t, float64(3), c.ok("eval", "1+2")["value"])
	assert.Equal(t, id, c.gridSession(), "same grid session, not a replacement")
}

func TestSessionDeletedBehindOurBack(t *testing.T) {
	needGrid(t)
	c := newCLI(t, standalone.URL)
	c.ok("open", "about:blank")
	id := c.gridSession()
	standalone.deleteSession(t, id)

	// The websocket stays open after Grid ends a session; the liveness
	// check notices within about 5 s. The ceiling is 3x that: the machine
	// is shared with other test runs.
	o := c.run("eval", "1+1")
	require.Less(t, o.Dur, 15*time.Second)
	if notice, _ := o.Body["notice"].(string); o.Body["ok"] == true {
		// Grid closed the websocket at once and the daemon saw it before
		// this command came (seen once in a full run): the command ran on
		// a fresh Grid session and says the previous browser died.
		require.Contains(t, notice, "previous browser of session default died", "%v", o.Body)
	} else {
		require.Equal(t, "browser_crashed", o.code(), "%v", o.Body)
		assert.Contains(t, o.message(), id, "the error names the grid session")
	}

	// The next command runs on a fresh Grid session, even without --grid:
	// a session that was remote never falls back to a local browser.
	o = c.raw("eval", "1+1")
	require.Equal(t, 0, o.Exit, "%v", o.Body)
	fresh := c.gridSession()
	assert.NotEqual(t, id, fresh)
	assert.True(t, strings.HasPrefix(c.ok("status")["endpoint"].(string), "ws://127.0.0.1"), "remote endpoint")
}

func TestCommandInFlightWhenSessionEnds(t *testing.T) {
	needGrid(t)
	c := newCLI(t, standalone.URL)
	c.ok("open", "about:blank")
	id := c.gridSession()
	done := make(chan outcome, 1)
	go func() {
		done <- c.run("--timeout-ms", "60000", "eval", "new Promise(r => setTimeout(() => r(5), 55000))")
	}()
	// Delete the session once the command is surely waiting on it.
	require.Eventually(t, func() bool {
		s, _ := c.raw("sessions").Body["sessions"].([]any)
		return len(s) == 1
	}, 10*time.Second, 50*time.Millisecond)
	// The daemon has the eval in hand when it reports two commands in
	// flight: the eval and this status, which counts itself.
	require.Eventually(t, func() bool {
		n, _ := c.raw("status").Body["commands_in_flight"].(float64)
		return n >= 2
	}, 10*time.Second, 50*time.Millisecond, "the eval never reached the daemon")
	deleted := time.Now()
	standalone.deleteSession(t, id)
	// Detection takes about 5 s after the deletion; the ceiling is 3x that,
	// far below the 60 s budget the command would otherwise wait out.
	select {
	case o := <-done:
		require.Equal(t, "browser_crashed", o.code(), "%v", o.Body)
		assert.Contains(t, o.message(), id)
		assert.Less(t, time.Since(deleted), 15*time.Second)
	case <-time.After(50 * time.Second):
		t.Fatal("the command in flight did not fail when its grid session ended")
	}
}
