package snapshot

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/events"
)

// EagerLookupBudget bounds the backend node id lookups a capture makes
// before it returns, in units of one pipelined DOM.describeNode (about
// 0.2 ms here). A world's missing ids cost the cheaper of one unit per ref
// and one unit per treeNodeFactor elements of its document (one describe
// of the whole document). Within the budget every ref of the Result
// carries BackendNodeID; beyond it, Resolve looks ids up one at a time.
// Measured with BenchmarkEagerBackendIDs: 250 units add at most about
// 40-60 ms to a first capture, comparable with the capture of such a page.
const EagerLookupBudget = 250

// eagerBudget is EagerLookupBudget, variable for benchmarks.
var eagerBudget = EagerLookupBudget

// MaxFrameNesting is how deep out-of-process frames nested in each other
// are inlined in a snapshot: the frames of the tab's document are level
// 1. Past it, a marker line under the iframe says how to see its content
// (a capture scoped to the iframe's ref, which counts from there), and the
// Result is Truncated.
const MaxFrameNesting = 8

// releaseTimeout bounds the clean-up calls made after a caller's context
// ends.
const releaseTimeout = 2 * time.Second

// refEntry is what the engine knows about an issued ref. Its fields are
// guarded by Engine.mu.
type refEntry struct {
	ref   events.Ref
	w     *world
	local int64
	info  RefInfo
}

// Engine takes snapshots of one tab and resolves the refs it issued. It is
// safe for concurrent use: captures are serialised, and Resolve does not
// wait for a capture in progress.
type Engine struct {
	main   *cdp.Client
	frames FrameSessions

	// capMu serialises captures, which own world creation.
	capMu captureLock
	// lastTop is the newest world made for the tab's top document, dead
	// or alive; guarded by capMu. A new document's world starts from what
	// it knew: the main frame's id, which a tab keeps across navigations
	// (no Page.getFrameTree), and whether the last probe for script-set
	// click handlers found any (see markedWalk).
	lastTop *world
	// topFrame is the tab's main frame id as the caller knows it (a page
	// target's id), for the first document's world; empty: unknown.
	topFrame events.FrameID
	// seen remembers the landmark subtrees captures showed whole, by
	// site and fingerprint (see landmarks.go); guarded by capMu.
	seen map[landmarkKey]*seenLandmark

	mu     sync.Mutex
	top    *world
	oopifs map[events.FrameID]*world
	refs   map[events.Ref]*refEntry
	// issued is the number of the last ref handed out; refs are never
	// reused, so a ref numbered at most issued that is not in refs is
	// stale.
	issued int

	// replaced counts the documents that went away under a capture (see
	// Replaced).
	replaced atomic.Int64
	// post is the tab's Post (SetPost), for the top document's worlds;
	// guarded by mu.
	post Post
}

// eachWorldLocked calls f with the top document's world and each
// out-of-process frame's. e.mu must be held.
func (e *Engine) eachWorldLocked(f func(w *world)) {
	if e.top != nil {
		f(e.top)
	}
	for _, w := range e.oopifs {
		f(w)
	}
}

// Replaced is how many documents have been replaced under this engine's
// captures so far. A caller that gives up on a capture at its deadline
// compares it with the value it read before, to tell a page that kept
// replacing its document from one that did not answer.
func (e *Engine) Replaced() int64 { return e.replaced.Load() }

// New returns an engine for the tab whose page session main speaks to.
// top is the tab's main frame id when the caller knows it (a page target's
// id is its main frame's), which spares the first capture a
// Page.getFrameTree; empty when it does not. frames may be nil.
func New(main *cdp.Client, top events.FrameID, frames FrameSessions) *Engine {
	return &Engine{
		capMu:    newCaptureLock(),
		main:     main,
		topFrame: top,
		frames:   frames,
		oopifs:   map[events.FrameID]*world{},
		refs:     map[events.Ref]*refEntry{},
	}
}

// Reset drops every ref and world, for instance when the tab closes. Refs
// issued before stay stale; numbering goes on, so no ref is ever reused.
func (e *Engine) Reset() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.eachWorldLocked(func(w *world) { w.dead = true })
	e.top = nil
	e.oopifs = map[events.FrameID]*world{}
	e.refs = map[events.Ref]*refEntry{}
}

// Replacing is for a navigation of the tab's top document that is about
// to start. Once the navigation has committed a new document, the caller
// calls replaced: the world of the document the tab had before is then
// known gone, and the next capture makes a new one at once instead of
// learning that from a call into the old one. A world made meanwhile (a
// capture of the new document) is left alone. replaced acts once, however
// often it is called.
func (e *Engine) Replacing() (replaced func()) {
	e.mu.Lock()
	w := e.top
	e.mu.Unlock()
	if w == nil {
		return func() {}
	}
	return sync.OnceFunc(func() { e.kill(w) })
}

// kill marks w's document as gone and forgets its refs.
func (e *Engine) kill(w *world) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.killLocked(w)
}

func (e *Engine) killLocked(w *world) {
	if w.dead {
		return
	}
	w.dead = true
	for _, en := range w.entries {
		delete(e.refs, en.ref)
	}
	if e.top == w {
		e.top = nil
	}
	if e.oopifs[w.frameID] == w {
		delete(e.oopifs, w.frameID)
	}
}

// topWorld returns the world of the tab's current document, creating it
// when there is none.
func (e *Engine) topWorld(ctx context.Context) (*world, error) {
	e.mu.Lock()
	w := e.top
	e.mu.Unlock()
	if w != nil {
		return w, nil
	}
	var err error
	frame := e.topFrame
	if last := e.lastTop; last != nil {
		frame = last.frameID
	}
	if frame != "" {
		// The main frame the last document had (or the one the caller
		// named), unless the browser says the tab has another now (a
		// prerendered page took its place).
		w, err = createWorld(ctx, e.main, frame)
		var re *rpcc.ResponseError
		if err != nil && !errors.As(err, &re) {
			return nil, err
		}
	}
	if w == nil {
		tree, err := e.main.Page.GetFrameTree(ctx)
		if err != nil {
			return nil, fmt.Errorf("getting frame tree: %w", err)
		}
		if w, err = createWorld(ctx, e.main, events.FrameID(tree.FrameTree.Frame.ID)); err != nil {
			return nil, err
		}
	}
	e.mu.Lock()
	w.post = e.post
	e.mu.Unlock()
	// A tab's first document is taken to have no script-set click
	// handlers, as most pages have none: its first walk goes out with the
	// probe instead of after it (see markedWalk).
	w.probeClean = e.lastTop == nil || e.lastTop.probeClean
	e.lastTop = w
	e.mu.Lock()
	e.top = w
	e.mu.Unlock()
	return w, nil
}

// frameWorld returns the world of the out-of-process frame fid, or nil
// when no session reaches it.
func (e *Engine) frameWorld(ctx context.Context, fid events.FrameID) (*world, error) {
	if e.frames == nil {
		return nil, nil
	}
	client, ok := e.frames.FrameClient(ctx, fid)
	if !ok || client == nil {
		return nil, nil
	}
	e.mu.Lock()
	w := e.oopifs[fid]
	if w != nil && w.client != client {
		// A new session means a new process, hence a new document.
		e.killLocked(w)
		w = nil
	}
	e.mu.Unlock()
	if w != nil {
		return w, nil
	}
	w, err := createWorld(ctx, client, fid)
	if err != nil {
		return nil, err
	}
	e.mu.Lock()
	e.oopifs[fid] = w
	e.mu.Unlock()
	return w, nil
}
