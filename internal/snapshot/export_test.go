package snapshot

import (
	"context"

	"github.com/agentbrowser/agentbrowser/events"
)

// SetEagerBudgetForTest changes the budget of eager backend node id
// lookups, and returns a function that restores it.
func SetEagerBudgetForTest(n int) (restore func()) {
	old := eagerBudget
	eagerBudget = n
	return func() { eagerBudget = old }
}

// SetEagerMethodForTest forces how eager lookups are made ("tree",
// "nodes", or "" to pick by size), and returns a function that restores
// it.
func SetEagerMethodForTest(m string) (restore func()) {
	old := eagerMethod
	eagerMethod = m
	return func() { eagerMethod = old }
}

// SetScriptForTest replaces the in-page script that worlds created from
// now on install (in a world of another name, so that two engines can
// share a tab), and returns a function that restores it. The fidelity
// harness uses it to time an older script against the current one.
func SetScriptForTest(js string) (restore func()) {
	old, oldName := snapshotJS, worldName
	snapshotJS = js
	worldName = oldName + "-test"
	return func() { snapshotJS, worldName = old, oldName }
}

// ClosedLookups is how many times captures asked CDP about custom
// elements that may hold closed shadow roots.
func ClosedLookups() int64 { return closedLookups.Load() }

// DocumentHandles is how many times worlds asked for a handle to their
// document after their install.
func DocumentHandles() int64 { return documentHandles.Load() }

func BackendLookups() int64 { return backendLookups.Load() }

// ForgetDocumentForTest drops the top world's handle to its document, as a
// describe that failed on it does.
func ForgetDocumentForTest(e *Engine) {
	_ = e.capMu.lock(context.Background())
	defer e.capMu.unlock()
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.top != nil {
		e.top.doc = ""
	}
}

// SetTopFrameForTest makes e take fid for the tab's main frame when it
// makes the next top world, as if a prerendered page had taken the place
// of the frame it knew.
func SetTopFrameForTest(e *Engine, fid string) {
	_ = e.capMu.lock(context.Background())
	defer e.capMu.unlock()
	if e.lastTop != nil {
		e.lastTop.frameID = events.FrameID(fid)
	}
}

// HoldCaptureForTest takes e's capture lock, as a capture in progress
// holds it, and returns the function that gives it back.
func HoldCaptureForTest(e *Engine) (release func()) {
	_ = e.capMu.lock(context.Background())
	return e.capMu.unlock
}

// WalkedElementsForTest parses records of the walk, and returns the URL
// they name and how many of their records are elements.
func WalkedElementsForTest(s string) (url string, n int, err error) {
	r, err := parseRecords(s)
	if err != nil {
		return "", 0, err
	}
	for _, rec := range r.recs {
		if !rec.text && rec.id != 0 {
			n++
		}
	}
	return r.url, n, nil
}

// WorldsMade is how many isolated worlds engines asked for.
func WorldsMade() int64 { return worldsMade.Load() }

// AheadsUsed is how many refs were placed from a first walk's ahead.
func AheadsUsed() int64 { return aheadsUsed.Load() }

// AheadElements is the size of document up to which a first walk has the
// document described behind it.
const AheadElements = aheadElements

// DefineInstall is the constant script that defines a world's install.
var DefineInstall = defineInstall

// KeptSent is how many calls named a function kept in their world
// instead of sending its text.
func KeptSent() int64 { return keptSent.Load() }

// KeptFrom is the shortest function a call keeps in its world.
const KeptFrom = keptFrom

// SetWorldForTest makes engines created from now on work in an isolated
// world of another name (a world that has asked nothing of the page yet),
// and returns a function that restores the name.
func SetWorldForTest() (restore func()) {
	old := worldName
	worldName = old + "-fresh"
	return func() { worldName = old }
}
