package mcpserver

import (
	"sync"

	"github.com/agentbrowser/agentbrowser/events"
)

// navHabit follows one habit of a client: taking a whole snapshot of the
// tab right after each navigation. Agents written for servers whose
// navigations answer without the page's tree do so, and read the tree
// from that snapshot, not from the navigation's answer; sending it twice
// doubles what they read on every page. Once a client has shown the
// habit, its navigation answers (in the incremental mode) leave the tree
// out and say so. The habit holds only while it lasts: any other call
// right after a navigation ends it, and the next navigation answers with
// the tree again, so a client that acts on a navigation's refs keeps
// getting them.
type navHabit struct {
	mu sync.Mutex
	// after is the tab of the navigation the last answer was for, ""
	// when the last call was something else.
	after events.TargetID
	// lean: this client takes a snapshot after navigating.
	lean bool
}

// call notes a tool call starting: a call other than a snapshot right
// after a navigation ends the habit.
func (h *navHabit) call(tool string) {
	if tool == "browser_snapshot" {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.after != "" {
		h.after, h.lean = "", false
	}
}

// leaves tells whether a navigation's answer now leaves the tree out.
func (h *navHabit) leaves() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.lean
}

// navigated notes that the last answer was a navigation of tab.
func (h *navHabit) navigated(tab events.TargetID) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.after = tab
}

// snapshot notes a snapshot of tab (whole: the whole page): right after a
// navigation of that tab, it shows the habit; a snapshot of a part, or of
// another tab, ends it.
func (h *navHabit) snapshot(tab events.TargetID, whole bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.after != "" {
		h.lean = whole && h.after == tab
		h.after = ""
	}
}
