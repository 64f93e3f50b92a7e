package snapshot

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
)

// captureLock serialises the engine's captures (snapshots, locates,
// reads and Prepare), which own world creation. Waiting for it honours the
// caller's context: a capture whose budget ends while another holds the
// lock gives up instead of queueing past its deadline.
type captureLock chan struct{}

func newCaptureLock() captureLock { return make(captureLock, 1) }

func (l captureLock) lock(ctx context.Context) error {
	if l.tryLock() {
		return nil
	}
	select {
	case l <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (l captureLock) unlock() { <-l }

// tryLock takes the lock if it is free, and reports whether it did.
func (l captureLock) tryLock() bool {
	select {
	case l <- struct{}{}:
		return true
	default:
		return false
	}
}

// warmWalkElements is the size of document, in elements, up to which
// Prepare walks it once: the first walk of a document compiles the
// script's functions (V8 compiles a function on its first call), which
// costs a small document's first snapshot as much again as its walk; a
// larger document's walk dwarfs it, and walking it twice would not pay.
const warmWalkElements = 3000

// plainWalk walks the whole document with the default options, in a
// context where the script is installed; it evaluates to the records.
var plainWalk = func() string {
	opts, _ := json.Marshal(snapOpts{})
	return `globalThis.__ab.snap(` + string(opts) + `)`
}()

// warmWalk is the walk Prepare makes, whose records are dropped: the
// page's elements keep the ids it gives them, as after any walk.
var warmWalk = `document.getElementsByTagName("*").length <= ` + strconv.Itoa(warmWalkElements) + ` && ` + plainWalk

// Prepare readies the tab's current document for its first capture: it
// makes the snapshot's isolated world there, installs the snapshot
// script, fetches the handle to the document that a capture's ref lookups
// use and, on a small document, walks it once to compile the walk (see
// warmWalkElements) and looks up the backend node ids of the elements the
// walk found, which the refs the capture makes for them take. A capture
// of a new document otherwise does all of that first: a round trip to
// make the world, the compilation of the script and another round trip
// for the handle, then after the walk the lookups, tens of milliseconds
// on a busy machine. A caller runs it in the background once a navigation
// has loaded, so that this work is done while the agent reads the
// navigation's result, not while it waits for a snapshot. It holds the
// capture lock: a capture that starts meanwhile waits for it rather than
// doing the same work a second time, and nothing is done twice. A world
// whose document went away meanwhile is dropped, as a capture drops it.
func (e *Engine) Prepare(ctx context.Context) error {
	if err := e.capMu.lock(ctx); err != nil {
		return err
	}
	defer e.capMu.unlock()
	w, err := e.topWorld(ctx)
	if err != nil {
		return err
	}
	out, err := w.install(ctx, warmWalk)
	if isWorldGone(err) {
		e.kill(w)
	}
	if err != nil || out == "" {
		return err
	}
	recs, err := parseRecords(out)
	if err != nil {
		return err
	}
	return e.learnBackendIDs(ctx, w, recs)
}

// PrepareWorld is the light part of Prepare: it makes the snapshot's
// isolated world in the tab's current document, which is one round trip
// the first capture then does not wait for, and costs the renderer little
// (no script is compiled or run). It does nothing when a capture or a
// Prepare holds the capture lock: that one makes the world itself.
func (e *Engine) PrepareWorld(ctx context.Context) error {
	if !e.capMu.tryLock() {
		return nil
	}
	defer e.capMu.unlock()
	_, err := e.topWorld(ctx)
	return err
}

// learnBackendIDs looks up the backend node ids of the elements of a walk
// that have no ref yet, within eagerBudget, and keeps them in w.known.
func (e *Engine) learnBackendIDs(ctx context.Context, w *world, recs *records) error {
	var ids []int64
	e.mu.Lock()
	for _, r := range recs.recs {
		if r.text || r.anchor || r.id == 0 || w.entries[r.id] != nil {
			continue
		}
		if _, ok := w.known[r.id]; !ok {
			ids = append(ids, r.id)
		}
	}
	e.mu.Unlock()
	cost, tree := lookupCost(recs.elements, len(ids))
	if cost == 0 || cost > eagerBudget {
		return nil
	}
	ds, err := w.backendIDs(ctx, ids, tree)
	if errors.Is(err, errWorldGone) {
		e.kill(w)
	}
	if err != nil {
		return err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	for i, d := range ds {
		if d.ok {
			w.known[ids[i]] = d.backend
		}
	}
	return nil
}
