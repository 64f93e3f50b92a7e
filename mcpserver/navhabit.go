package mcpserver

import (
	"sync"

	"github.com/agentbrowser/agentbrowser/events"
)

// navHabit follows two habits of a client: taking a whole snapshot of the
// tab right after each navigation, and after each other action. Agents
// written for servers whose navigations answer without the page's tree do
// the first, and read the tree from that snapshot, not from the
// navigation's answer; agents that look at the whole page after every
// step do the second, and read what an action changed from that
// snapshot, not from the action's answer. Either way, sending the lines
// twice doubles what they read. Once a client has shown a habit, the
// answers it concerns (in the incremental mode) leave the lines out and
// say so.
//
// A habit holds only while it lasts. After a navigation, any other call
// than the snapshot ends it, and the next navigation answers with the tree
// again, so a client that acts on a navigation's refs keeps getting them.
// After other actions, the habit is shown by two actions in a row each
// followed by a whole snapshot before the next action (an agent that reads
// action answers may still look at the whole page now and then), and ends
// when an action follows an action with no whole snapshot between them:
// that answer has the lines changed since the last snapshot, the ones
// left out before it included. Reading calls between an action and its
// snapshot (an evaluation, a screenshot), or a navigation after it, do not
// count either way.
type navHabit struct {
	mu sync.Mutex
	// after is the tab of the navigation the last answer was for, ""
	// when the last call was something else.
	after events.TargetID
	// lean: this client takes a snapshot after navigating.
	lean bool
	// pending is the tab of the last action answer that no snapshot has
	// followed yet; acts, how many actions in a row a whole snapshot of
	// their tab followed.
	pending events.TargetID
	acts    int
}

// call notes a tool call starting: a call other than a snapshot right
// after a navigation ends that habit.
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

// leaves tells whether the answer of a navigation (nav) or of another
// action, about to be given, leaves the lines out. For an action, an
// earlier action's answer that no snapshot followed ends the habit first.
func (h *navHabit) leaves(nav bool) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if nav {
		return h.lean
	}
	if h.pending != "" {
		h.pending, h.acts = "", 0
	}
	return h.acts >= 2
}

// answered notes that the last answer was a navigation (nav) or another
// action on tab.
func (h *navHabit) answered(tab events.TargetID, nav bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if nav {
		h.after, h.pending = tab, ""
		return
	}
	h.pending = tab
}

// snapshot notes a snapshot of tab (whole: the whole page): right after a
// navigation, or after an action, of that tab, it shows the habit; a
// snapshot of a part, or of another tab, ends it.
func (h *navHabit) snapshot(tab events.TargetID, whole bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.after != "" {
		h.lean = whole && h.after == tab
		h.after = ""
	}
	if h.pending != "" {
		if whole && h.pending == tab {
			h.acts++
		} else {
			h.acts = 0
		}
		h.pending = ""
	}
}
