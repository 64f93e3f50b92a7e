package mcpserver_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/agentbrowser/agentbrowser/mcpserver"
)

// A client that takes a snapshot right after each navigation gets
// navigation answers without the tree it asks for next; one that acts on
// a navigation's answer gets the tree again from its next navigation on.
func TestNavigationLeavesOutTheTreeAClientAsksForNext(t *testing.T) {
	srv := shop(t)
	c := connect(t, mcpserver.Incremental)
	page := func(sc map[string]any) map[string]any { return sc["page"].(map[string]any) }

	out, sc := c.call("browser_navigate", map[string]any{"url": srv.URL + "/"})
	refOf(t, out, "link", "Checkout") // the first navigation: the tree
	assert.NotContains(t, page(sc), "tree_left_out")
	snap, _ := c.call("browser_snapshot", map[string]any{})
	refOf(t, snap, "link", "Checkout")

	// The habit shown: the next navigation's answer leaves the tree out
	// and says so, and the snapshot the client takes next has it.
	out, sc = c.call("browser_navigate", map[string]any{"url": srv.URL + "/checkout"})
	// The url and title are the snapshot's to say.
	assert.Equal(t, "Done: Navigate to a URL\n### Page state: in your next snapshot", out)
	assert.Equal(t, true, page(sc)["tree_left_out"])
	assert.Equal(t, "Checkout", page(sc)["title"], "the structured state keeps them")
	snap, _ = c.call("browser_snapshot", map[string]any{})
	assert.Contains(t, snap, "- Page Title: Checkout")
	refOf(t, snap, "button", "Apply coupon")
	// Told by the snapshot, they are not said again by the next action.
	out, _ = c.call("browser_press_key", map[string]any{"key": "Shift"})
	assert.NotContains(t, out, "Page Title")

	out, _ = c.call("browser_navigate_back", map[string]any{})
	assert.Contains(t, out, "in your next snapshot", "the habit holds while it lasts")
	_, _ = c.call("browser_snapshot", map[string]any{})

	// The client acts right after a navigation instead: the habit ends,
	// and the navigation after that answers with the tree.
	out, _ = c.call("browser_navigate", map[string]any{"url": srv.URL + "/checkout"})
	assert.Contains(t, out, "in your next snapshot")
	_, _ = c.call("browser_press_key", map[string]any{"key": "Tab"})
	out, sc = c.call("browser_navigate", map[string]any{"url": srv.URL + "/checkout"})
	assert.NotContains(t, out, "in your next snapshot")
	assert.Contains(t, out, "- Page Title: Checkout")
	assert.NotContains(t, page(sc), "tree_left_out")
	refOf(t, out, "button", "Apply coupon")

	// A snapshot of a part of the page is no habit of taking the tree.
	_, _ = c.call("browser_snapshot", map[string]any{"find": "coupon"})
	out, _ = c.call("browser_navigate", map[string]any{"url": srv.URL + "/"})
	refOf(t, out, "link", "Checkout")
}

// A client that takes a whole snapshot after each action (twice in a row)
// gets action answers that only say whether anything changed, and how
// much; once it acts again without a snapshot, its answers show the
// changed lines again, those of the action it skipped the snapshot for
// included.
func TestActionLeavesOutTheChangesAClientAsksForNext(t *testing.T) {
	srv := shop(t)
	c := connect(t, mcpserver.Incremental)
	out, _ := c.call("browser_navigate", map[string]any{"url": srv.URL + "/checkout"})
	name, send := refOf(t, out, "textbox", "Full name"), refOf(t, out, "button", "Send")
	page := func(sc map[string]any) map[string]any { return sc["page"].(map[string]any) }

	out, _ = c.call("browser_type", map[string]any{"target": name, "text": "Bo"})
	assert.Contains(t, out, `value="Bo"`, "no habit shown yet: the changes")
	snap, _ := c.call("browser_snapshot", map[string]any{})
	assert.Contains(t, snap, `value="Bo"`)
	out, _ = c.call("browser_press_key", map[string]any{"key": "Shift"})
	assert.Contains(t, out, "### Snapshot: no change")
	_, _ = c.call("browser_snapshot", map[string]any{})

	// The habit shown: the next action's answer counts the changes and
	// leaves them to the snapshot the client takes next.
	out, sc := c.call("browser_click", map[string]any{"target": send})
	assert.Equal(t, "Done: Click\n### Snapshot: 1 line changed, in your next snapshot", out)
	assert.Equal(t, true, page(sc)["tree_left_out"])
	assert.EqualValues(t, 1, page(sc)["changed_lines"])
	snap, _ = c.call("browser_snapshot", map[string]any{})
	assert.Contains(t, snap, `button "clicked Bo"`)
	out, _ = c.call("browser_press_key", map[string]any{"key": "Shift"})
	assert.True(t, strings.HasSuffix(out, "\n### Snapshot: no change"), out)
	// A reading call before the snapshot does not end the habit.
	_, _ = c.call("browser_evaluate", map[string]any{"function": "() => 1"})
	_, _ = c.call("browser_snapshot", map[string]any{})

	// An action right after an action ends the habit; its answer has the
	// lines that changed since the last snapshot, the skipped ones too.
	out, _ = c.call("browser_type", map[string]any{"target": name, "text": "Bo Lin", "clear": true})
	assert.Contains(t, out, "in your next snapshot")
	out, _ = c.call("browser_click", map[string]any{"target": send})
	assert.Contains(t, out, `value="Bo Lin"`)
	assert.Contains(t, out, `button "clicked Bo Lin"`)
	out, _ = c.call("browser_type", map[string]any{"target": name, "text": "!"})
	assert.Contains(t, out, `value="Bo Lin!"`, "the habit ended")
}
