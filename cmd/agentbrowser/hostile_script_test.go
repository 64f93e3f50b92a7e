package main_test

import (
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"
)

// spinBudget is the budget of a command that meets a script that never
// returns; hostileCeiling bounds the wait for the page to be free again.
const spinBudget = "3000"

// requireStopping checks that o timed out within its budget and said that
// a script holding the page is being stopped.
func requireStopping(t *testing.T, o outcome) {
	t.Helper()
	requireCode(t, o, "timeout", 1, 3*3*time.Second+5*time.Second)
	require.Contains(t, o.Body["error"].(map[string]any)["message"], "being stopped now", o.Stdout)
}

// snapshotOnceFree takes snapshots, each within a short budget, until one
// answers (the script that held the page was stopped) or the ceiling
// passes; it returns the snapshot's text.
func (c *cli) snapshotOnceFree(t *testing.T) string {
	t.Helper()
	deadline := time.Now().Add(hostileCeiling)
	for {
		o := c.json("--timeout-ms", "5000", "snapshot")
		if o.Exit == 0 {
			return o.Body["snapshot"].(string)
		}
		require.True(t, time.Now().Before(deadline), "the page still does not answer: %s", o.Stdout)
	}
}

// TestHostileClickIntoEndlessScript: a click whose handler never returns
// (onclick runs while(true){}) answers timeout within its budget and says
// the script is being stopped; it is, so the tab is free again and the
// next commands (snapshot, eval, another click) work. The same through
// MCP's browser_click.
func TestHostileClickIntoEndlessScript(t *testing.T) {
	url := hostileSite(t)
	c := newSharedCLI(t)
	c.ok("open", url("/spin"))
	snap := c.ok("snapshot")["snapshot"].(string)
	requireStopping(t, c.json("--timeout-ms", spinBudget, "click", refFor(t, snap, "button", "spin")))
	snap = c.snapshotOnceFree(t)
	require.Equal(t, float64(2), c.ok("eval", "1+1")["value"])
	c.ok("click", refFor(t, snap, "button", "calm"))
	require.Equal(t, "clicked", c.ok("eval", "document.title")["value"])

	cs := mcpOver(t, newSharedCLI(t))
	callOK(t, cs, "browser_navigate", map[string]any{"url": url("/spin")})
	_, snap = callOK(t, cs, "browser_snapshot", nil)
	code, text := callErr(t, cs, "browser_click", map[string]any{"ref": refFor(t, snap, "button", "spin"), "timeout_ms": 3000})
	require.Equal(t, "timeout", code, text)
	require.Contains(t, text, "being stopped now")
	deadline := time.Now().Add(hostileCeiling)
	for {
		res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "browser_snapshot", Arguments: map[string]any{"timeout_ms": 5000}})
		require.NoError(t, err)
		if !res.IsError {
			snap = textOf(res)
			break
		}
		require.True(t, time.Now().Before(deadline), "the page still does not answer: %s", textOf(res))
	}
	callOK(t, cs, "browser_click", map[string]any{"ref": refFor(t, snap, "button", "calm")})
	res, _ := callOK(t, cs, "browser_evaluate", map[string]any{"function": "() => document.title"})
	require.Equal(t, "clicked", structured(t, res)["value"])
}

// TestHostilePageThatSpinsOnItsOwn: a page whose own script never returns
// (at load, or later from a timer) holds its tab until someone stops it.
// open of such a page times out saying the script is being stopped, and
// the page is then read; a navigation away from a held page (open, back)
// stops the script first and succeeds, where Chrome alone could not
// commit the new document and the tab would answer nothing afterwards.
func TestHostilePageThatSpinsOnItsOwn(t *testing.T) {
	url := hostileSite(t)
	c := newSharedCLI(t)
	requireStopping(t, c.json("--timeout-ms", spinBudget, "open", url("/spinload")))
	require.Contains(t, c.snapshotOnceFree(t), "before")

	// The loop starts in the task right after the eval's, long before the
	// next command's process reaches the page: the check before a
	// navigation meets it (a loop that starts later, during the
	// navigation, is not what this case is about).
	spin := "setTimeout(() => { for (;;) {} }, 0); 1"
	c.ok("open", url("/plain"))
	c.ok("eval", spin)
	o := c.json("--timeout-ms", spinBudget, "open", url("/after"))
	require.Equal(t, 0, o.Exit, o.Stdout)
	require.Equal(t, "/after", c.ok("eval", "location.pathname")["value"])
	c.ok("eval", spin)
	o = c.json("--timeout-ms", spinBudget, "back")
	require.Equal(t, 0, o.Exit, o.Stdout)
	require.Equal(t, "/plain", c.ok("eval", "location.pathname")["value"])
}
