package main_test

import (
	"regexp"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCLIParallelClicksOnOneCounter sends ten 'click REF' at once to one
// daemon, three times: each click holds the tab's input lock for its whole
// mouse sequence, so the counter reads 10, 20, 30.
func TestCLIParallelClicksOnOneCounter(t *testing.T) {
	srv := site(t)
	c := newSharedCLI(t)
	c.ok("open", srv.MainURL("/counter"))
	snap := c.ok("snapshot", "--interactive")["snapshot"].(string)
	m := regexp.MustCompile(`button "add" \[ref=(e\d+)\]`).FindStringSubmatch(snap)
	require.NotNil(t, m, "no add button in:\n%s", snap)
	for round := 1; round <= 3; round++ {
		var wg sync.WaitGroup
		got := make([]outcome, 10)
		for i := range got {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got[i] = c.json("click", m[1])
			}()
		}
		wg.Wait()
		for _, o := range got {
			require.Equal(t, 0, o.Exit, o.Stdout)
		}
		require.Equal(t, float64(10*round), c.ok("eval", "+document.getElementById('n').textContent")["value"], "round %d", round)
	}
	// Reads still answer, and the session goes on.
	require.Equal(t, "counter", c.ok("eval", "document.title")["value"])
}
