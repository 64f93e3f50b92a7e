package mcpserver_test

import (
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
	assert.Contains(t, out, "- Page Title: Checkout")
	assert.Contains(t, out, "### Snapshot: left out, as this client takes browser_snapshot after navigating")
	assert.NotContains(t, out, "[ref=")
	assert.Equal(t, true, page(sc)["tree_left_out"])
	snap, _ = c.call("browser_snapshot", map[string]any{})
	refOf(t, snap, "button", "Apply coupon")

	out, _ = c.call("browser_navigate_back", map[string]any{})
	assert.Contains(t, out, "left out", "the habit holds while it lasts")
	_, _ = c.call("browser_snapshot", map[string]any{})

	// The client acts right after a navigation instead: the habit ends,
	// and the navigation after that answers with the tree.
	out, _ = c.call("browser_navigate", map[string]any{"url": srv.URL + "/checkout"})
	assert.Contains(t, out, "left out")
	_, _ = c.call("browser_press_key", map[string]any{"key": "Tab"})
	out, sc = c.call("browser_navigate", map[string]any{"url": srv.URL + "/checkout"})
	assert.NotContains(t, out, "left out")
	assert.NotContains(t, page(sc), "tree_left_out")
	refOf(t, out, "button", "Apply coupon")

	// A snapshot of a part of the page is no habit of taking the tree.
	_, _ = c.call("browser_snapshot", map[string]any{"find": "coupon"})
	out, _ = c.call("browser_navigate", map[string]any{"url": srv.URL + "/"})
	refOf(t, out, "link", "Checkout")
}
