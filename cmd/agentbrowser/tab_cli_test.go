package main_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCLIParallelEvalsOnTheirOwnTabs opens eight tabs and evaluates in all
// of them at once with --tab: each eval reads its own tab, whatever the
// active tab is meanwhile.
func TestCLIParallelEvalsOnTheirOwnTabs(t *testing.T) {
	srv := site(t)
	c := newSharedCLI(t)
	c.ok("open", srv.MainURL("/tab0"))
	for i := 1; i < 8; i++ {
		c.ok("tab", "new", srv.MainURL(fmt.Sprintf("/tab%d", i)))
	}
	tabs := c.ok("tabs")["tabs"].([]any)
	require.Len(t, tabs, 8)
	ids := map[string]string{} // tabN -> id
	for _, tb := range tabs {
		m := tb.(map[string]any)
		ids[strings.TrimPrefix(m["url"].(string), srv.MainURL("/"))] = m["id"].(string)
	}
	require.Len(t, ids, 8, "tabs: %v", tabs)
	var wg sync.WaitGroup
	got := make([]outcome, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := ids[fmt.Sprintf("tab%d", i)]
			// Half use the full id as a global flag, half a prefix after
			// the command.
			if i%2 == 0 {
				got[i] = c.json("--tab", id, "eval", "document.title")
			} else {
				got[i] = c.json("eval", "document.title", "--tab", id[:12])
			}
		}()
	}
	wg.Wait()
	for i, o := range got {
		require.Equal(t, 0, o.Exit, "tab%d: %s %s", i, o.Stdout, o.Stderr)
		require.Equal(t, fmt.Sprintf("tab%d", i), o.Body["value"])
	}
	// The active tab stays the default: the last one opened.
	require.Equal(t, "tab7", c.ok("eval", "document.title")["value"])
	// Tab-scoped commands of every kind take --tab.
	require.Contains(t, c.ok("--tab", ids["tab3"], "snapshot")["url"], "/tab3")
	require.Equal(t, ids["tab2"], c.ok("--tab", ids["tab2"], "frames")["tab_id"])

	// An unknown or ambiguous tab is a clear error, not the active tab.
	o := c.json("--tab", "NOSUCHTAB", "eval", "1")
	require.Equal(t, 1, o.Exit)
	require.Equal(t, "tab_not_found", o.errCode(), o.Stdout)
	o = c.json("--tab", "", "eval", "1")
	require.Equal(t, 0, o.Exit, "an empty --tab means the active tab")
	if p := commonPrefix(ids); p != "" && !positionLike(p) {
		o = c.json("--tab", p, "eval", "1")
		require.Equal(t, "invalid_argument", o.errCode(), o.Stdout)
		require.Contains(t, o.Body["error"].(map[string]any)["message"], "ambiguous")
	}
	// eval --frame takes a unique prefix of a frame id too.
	top := c.ok("--tab", ids["tab5"], "frames")["top"].(map[string]any)["frame_id"].(string)
	require.Equal(t, "tab5", c.ok("--tab", ids["tab5"], "eval", "document.title", "--frame", strings.ToLower(top[:10]))["value"])
	res := c.ok("--tab", ids["tab5"], "cdp", "Runtime.evaluate", `{"expression":"document.title","returnByValue":true}`, "--frame", top[:10])
	require.Contains(t, fmt.Sprint(res["result"]), "tab5")
}

// commonPrefix returns a prefix at least two tab ids share, or "".
func commonPrefix(ids map[string]string) string {
	seen := map[string]bool{}
	for n := 1; n <= 3; n++ {
		clear(seen)
		for _, id := range ids {
			if seen[id[:n]] {
				return id[:n]
			}
			seen[id[:n]] = true
		}
	}
	return ""
}

// positionLike reports whether s would be read as a position in 'tabs'
// (one or two digits) rather than as an id prefix.
func positionLike(s string) bool {
	if len(s) == 0 || len(s) > 2 {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
