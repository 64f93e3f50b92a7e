package actions

import (
	"strings"
	"sync"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// SnapshotTracker remembers the last snapshot text a caller received for
// each tab and tells what changed since, for callers that want page state
// incrementally. It is safe for concurrent use.
type SnapshotTracker struct {
	mu   sync.Mutex
	last map[events.TargetID]string
}

// NewSnapshotTracker returns an empty tracker: the first diff of a tab is
// its full text.
func NewSnapshotTracker() *SnapshotTracker {
	return &SnapshotTracker{last: map[events.TargetID]string{}}
}

// Diff records text as the tab's latest snapshot and returns what changed
// since the previous one. The line that stands for the tree while a
// dialog blocks the page is returned whole and not recorded, so that once
// the dialog is answered the changes are those since the tree before it.
func (t *SnapshotTracker) Diff(tab events.TargetID, text string) events.SnapshotDiff {
	if strings.HasPrefix(text, events.BlockedSnapshotPrefix) {
		return events.SnapshotDiff{Text: text, Full: true, Changed: 1}
	}
	t.mu.Lock()
	prev := t.last[tab]
	t.last[tab] = text
	t.mu.Unlock()
	d := snapshot.DiffText(prev, text)
	return events.SnapshotDiff{Text: d.Text, Full: d.Full, Changed: d.Changed, RemovedRefs: d.RemovedRefs, ChangedRefs: d.ChangedRefs}
}

// Peek returns what changed in text since the tab's latest snapshot,
// without recording text: for an answer that only says whether anything
// changed, the caller reading the lines from a later snapshot.
func (t *SnapshotTracker) Peek(tab events.TargetID, text string) events.SnapshotDiff {
	if strings.HasPrefix(text, events.BlockedSnapshotPrefix) {
		return events.SnapshotDiff{Text: text, Full: true, Changed: 1}
	}
	t.mu.Lock()
	prev := t.last[tab]
	t.mu.Unlock()
	d := snapshot.DiffText(prev, text)
	return events.SnapshotDiff{Text: d.Text, Full: d.Full, Changed: d.Changed, RemovedRefs: d.RemovedRefs, ChangedRefs: d.ChangedRefs}
}

// Forget drops a tab's remembered snapshot.
func (t *SnapshotTracker) Forget(tab events.TargetID) {
	t.mu.Lock()
	delete(t.last, tab)
	t.mu.Unlock()
}
