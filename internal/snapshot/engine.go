package snapshot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/dom"

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

// maxFrameNesting bounds how deep out-of-process frames are inlined.
const maxFrameNesting = 4

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
	capMu sync.Mutex

	mu     sync.Mutex
	top    *world
	oopifs map[events.FrameID]*world
	refs   map[events.Ref]*refEntry
	// issued is the number of the last ref handed out; refs are never
	// reused, so a ref numbered at most issued that is not in refs is
	// stale.
	issued int
}

// New returns an engine for the tab whose page session main speaks to.
// frames may be nil.
func New(main *cdp.Client, frames FrameSessions) *Engine {
	return &Engine{
		main:   main,
		frames: frames,
		oopifs: map[events.FrameID]*world{},
		refs:   map[events.Ref]*refEntry{},
	}
}

// Reset drops every ref and world, for instance when the tab closes. Refs
// issued before stay stale; numbering goes on, so no ref is ever reused.
func (e *Engine) Reset() {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.top != nil {
		e.top.dead = true
	}
	for _, w := range e.oopifs {
		w.dead = true
	}
	e.top = nil
	e.oopifs = map[events.FrameID]*world{}
	e.refs = map[events.Ref]*refEntry{}
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

// forget drops the ref of an element found gone. Should the element come
// back (a detached node re-inserted), it gets a new ref.
func (e *Engine) forget(entry *refEntry) {
	e.mu.Lock()
	defer e.mu.Unlock()
	delete(e.refs, entry.ref)
	if entry.w.entries[entry.local] == entry {
		delete(entry.w.entries, entry.local)
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
	tree, err := e.main.Page.GetFrameTree(ctx)
	if err != nil {
		return nil, fmt.Errorf("getting frame tree: %w", err)
	}
	w, err = createWorld(ctx, e.main, events.FrameID(tree.FrameTree.Frame.ID))
	if err != nil {
		return nil, err
	}
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

// lookup finds an issued ref.
func (e *Engine) lookup(ref events.Ref) (events.Ref, *refEntry, error) {
	canon, ok := events.ParseRef(string(ref))
	if !ok {
		return "", nil, &InvalidRefError{Input: string(ref)}
	}
	n, _ := strconv.Atoi(string(canon[1:]))
	e.mu.Lock()
	defer e.mu.Unlock()
	entry := e.refs[canon]
	if entry == nil {
		if n <= e.issued {
			return canon, nil, &StaleRefError{Ref: canon}
		}
		return canon, nil, &UnknownRefError{Ref: canon}
	}
	if entry.w.dead {
		return canon, nil, &StaleRefError{Ref: canon}
	}
	return canon, entry, nil
}

// capture is the state of one Capture call.
type capture struct {
	e    *Engine
	opts Options
}

type snapOpts struct {
	Scope       int64 `json:"scope"`
	Interactive bool  `json:"interactive"`
	MaxDepth    int   `json:"maxDepth"`
}

// Capture takes a snapshot of the tab.
func (e *Engine) Capture(ctx context.Context, opts Options) (*Result, error) {
	if err := opts.Validate(); err != nil {
		return nil, fmt.Errorf("validating snapshot options: %w", err)
	}
	e.capMu.Lock()
	defer e.capMu.Unlock()

	c := &capture{e: e, opts: opts}
	var (
		recs  *records
		lines []line
		err   error
	)
	if opts.Scope != "" {
		canon, entry, lerr := e.lookup(opts.Scope)
		if lerr != nil {
			return nil, lerr
		}
		recs, lines, err = c.collect(ctx, entry.w, entry.local, opts.MaxDepth, 0, 0)
		switch {
		case errors.Is(err, errWorldGone):
			e.kill(entry.w)
			return nil, &StaleRefError{Ref: canon}
		case errors.Is(err, errScopeGone):
			e.forget(entry)
			return nil, &StaleRefError{Ref: canon}
		case err == nil && !recs.scopeFound:
			// The element is still there but hidden: nothing to show.
			lines = nil
		}
	} else {
		recs, lines, err = e.captureTop(ctx, c, opts.MaxDepth)
	}
	if err != nil {
		return nil, err
	}
	if opts.Interactive {
		for i := range lines {
			lines[i].depth = 0
		}
	}
	r := render(lines, opts.MaxChars)
	if err := e.eagerBackendIDs(ctx, r.entries); err != nil {
		return nil, err
	}
	res := &Result{
		URL:       recs.url,
		Title:     recs.title,
		Text:      r.text,
		Refs:      make(map[events.Ref]RefInfo, len(r.entries)),
		Truncated: r.truncated,
		Nodes:     r.nodes,
		Omitted:   r.omitted,
	}
	e.mu.Lock()
	for _, en := range r.entries {
		res.Refs[en.ref] = en.info
	}
	e.mu.Unlock()
	return res, nil
}

var errScopeGone = errors.New("scope element is gone")

// collect walks w's document and returns its lines, with out-of-process
// frames inlined. depthOff is the depth of w's top-level lines in the
// whole snapshot; maxDepth is relative to them (0: no limit).
func (c *capture) collect(ctx context.Context, w *world, scope int64, maxDepth, depthOff, nesting int) (*records, []line, error) {
	if err := w.markScriptClicks(ctx); err != nil {
		return nil, nil, err
	}
	optsJSON, _ := json.Marshal(snapOpts{Scope: scope, Interactive: c.opts.Interactive, MaxDepth: maxDepth})
	recs, err := w.walk(ctx, string(optsJSON))
	if err != nil {
		return nil, nil, err
	}
	// Closed shadow roots found on the way are opened and walked.
	for round := 0; recs.hostCands > 0 && round < maxRootRounds; round++ {
		n, err := w.openClosedRoots(ctx)
		if err != nil {
			return nil, nil, err
		}
		if n == 0 {
			break
		}
		if recs, err = w.walk(ctx, string(optsJSON)); err != nil {
			return nil, nil, err
		}
	}

	// Find the frame ids of same-origin frames with lines and of
	// out-of-process iframes.
	maxFrame := 0
	for idx := range recs.frames {
		maxFrame = max(maxFrame, idx)
	}
	frameIDs := make([]events.FrameID, maxFrame+1)
	frameIDs[0] = w.frameID
	var need []int64
	e := c.e
	e.mu.Lock()
	for idx, id := range recs.frames {
		if fid, ok := w.frameOf[id]; ok {
			frameIDs[idx] = fid
		} else {
			need = append(need, id)
		}
	}
	for _, r := range recs.recs {
		if r.oop && r.id != 0 {
			if _, ok := w.frameOf[r.id]; !ok {
				need = append(need, r.id)
			}
		}
	}
	e.mu.Unlock()
	if len(need) > 0 {
		ds, err := w.describe(ctx, need)
		if err != nil {
			return nil, nil, err
		}
		e.mu.Lock()
		for i, d := range ds {
			if d.ok && d.frame != "" {
				w.frameOf[need[i]] = d.frame
			}
		}
		for idx, id := range recs.frames {
			if fid, ok := w.frameOf[id]; ok {
				frameIDs[idx] = fid
			}
		}
		e.mu.Unlock()
	}

	e.mu.Lock()
	w.elements = recs.elements
	e.mu.Unlock()

	lines := make([]line, 0, len(recs.recs))
	type oopif struct {
		at    int // index in lines of the iframe line
		frame events.FrameID
		depth int
	}
	var oopifs []oopif
	e.mu.Lock()
	for _, r := range recs.recs {
		if r.text {
			lines = append(lines, line{depth: r.depth + depthOff, text: r.t})
			continue
		}
		l := line{depth: r.depth + depthOff, role: r.role, name: r.name, attrs: r.attrs, value: r.value, nth: r.nth}
		if r.id != 0 {
			fid := w.frameID
			if r.frame > 0 && r.frame < len(frameIDs) && frameIDs[r.frame] != "" {
				fid = frameIDs[r.frame]
			}
			l.entry = e.refLocked(w, r.id, RefInfo{Role: r.role, Name: r.name, Nth: r.nth, FrameID: fid})
		}
		lines = append(lines, l)
		if r.oop && r.id != 0 {
			if fid, ok := w.frameOf[r.id]; ok {
				oopifs = append(oopifs, oopif{at: len(lines) - 1, frame: fid, depth: r.depth})
			}
		}
	}
	e.mu.Unlock()

	if len(oopifs) == 0 || nesting >= maxFrameNesting {
		return recs, lines, nil
	}
	// Inline out-of-process frames after their iframe lines.
	merged := make([]line, 0, len(lines))
	prev := 0
	for _, o := range oopifs {
		merged = append(merged, lines[prev:o.at+1]...)
		prev = o.at + 1
		childMax := 0
		if maxDepth > 0 {
			childMax = maxDepth - (o.depth + 1)
			if childMax <= 0 {
				continue
			}
		}
		child, err := c.frameLines(ctx, o.frame, childMax, depthOff+o.depth+1, nesting+1)
		if err != nil {
			return nil, nil, err
		}
		merged = append(merged, child...)
	}
	merged = append(merged, lines[prev:]...)
	return recs, merged, nil
}

// frameLines returns the lines of an out-of-process frame, or none when
// the frame cannot be reached. Only the caller's context ending is an
// error: a frame that goes away mid-capture is shown empty.
func (c *capture) frameLines(ctx context.Context, fid events.FrameID, maxDepth, depthOff, nesting int) ([]line, error) {
	for attempt := 0; attempt < 2; attempt++ {
		w, err := c.e.frameWorld(ctx, fid)
		if err != nil || w == nil {
			return nil, ctx.Err()
		}
		_, lines, err := c.collect(ctx, w, 0, maxDepth, depthOff, nesting)
		if err == nil {
			return lines, nil
		}
		if !errors.Is(err, errWorldGone) {
			return nil, ctx.Err()
		}
		c.e.kill(w)
	}
	return nil, ctx.Err()
}

// refLocked returns the entry of w's element id, issuing a ref if needed,
// and records info for it. e.mu must be held.
func (e *Engine) refLocked(w *world, id int64, info RefInfo) *refEntry {
	entry := w.entries[id]
	if entry == nil {
		e.issued++
		entry = &refEntry{ref: events.Ref("e" + strconv.Itoa(e.issued)), w: w, local: id}
		w.entries[id] = entry
		if !w.dead {
			e.refs[entry.ref] = entry
		}
	}
	info.BackendNodeID = entry.info.BackendNodeID
	entry.info = info
	return entry
}

// eagerBackendIDs fills the backend node ids of entries when that fits
// in eagerBudget.
func (e *Engine) eagerBackendIDs(ctx context.Context, entries []*refEntry) error {
	byWorld := map[*world][]*refEntry{}
	elements := map[*world]int{}
	e.mu.Lock()
	for _, entry := range entries {
		if entry.info.BackendNodeID != 0 || entry.w.dead {
			continue
		}
		byWorld[entry.w] = append(byWorld[entry.w], entry)
	}
	cost := 0
	useTree := map[*world]bool{}
	for w, list := range byWorld {
		elements[w] = w.elements
		tree := (w.elements + treeNodeFactor - 1) / treeNodeFactor
		useTree[w] = tree < len(list)
		if eagerMethod != "" {
			useTree[w] = eagerMethod == "tree"
		}
		cost += min(tree, len(list))
	}
	e.mu.Unlock()
	if cost == 0 || cost > eagerBudget {
		return nil
	}
	for w, list := range byWorld {
		ids := make([]int64, len(list))
		for i, en := range list {
			ids[i] = en.local
		}
		var (
			ds  []described
			err error
		)
		if useTree[w] {
			ds, err = w.describeTree(ctx, ids)
		} else {
			ds, err = w.describe(ctx, ids)
		}
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			// Resolve will look them up, or report them stale.
			continue
		}
		e.mu.Lock()
		for i, d := range ds {
			if d.ok {
				list[i].info.BackendNodeID = d.backend
			}
		}
		e.mu.Unlock()
	}
	return nil
}

// resolveGroup is the object group of handles Resolve returns.
const resolveGroup = "agentbrowser-ref"

// Resolve looks ref up for an action: its info with BackendNodeID filled,
// the client of the session its element lives in, and an isolated-world
// handle to the element. It fails with ErrStaleRef when the element is
// gone (removed, or its document replaced), ErrUnknownRef for a ref never
// issued and ErrInvalidRef for a malformed one. A ref never resolves to
// any element but the one it was issued for.
func (e *Engine) Resolve(ctx context.Context, ref events.Ref) (Resolved, error) {
	canon, entry, err := e.lookup(ref)
	if err != nil {
		return Resolved{}, err
	}
	w := entry.w
	obj, err := w.element(ctx, entry.local, resolveGroup)
	if err != nil {
		if isWorldGone(err) {
			e.kill(w)
			return Resolved{}, &StaleRefError{Ref: canon}
		}
		return Resolved{}, fmt.Errorf("resolving ref %s: %w", canon, err)
	}
	if obj == "" {
		e.forget(entry)
		return Resolved{}, &StaleRefError{Ref: canon}
	}
	node, err := w.client.DOM.DescribeNode(ctx, dom.NewDescribeNodeArgs().SetObjectID(obj))
	if err != nil {
		return Resolved{}, fmt.Errorf("resolving ref %s: describing node: %w", canon, err)
	}
	e.mu.Lock()
	entry.info.BackendNodeID = int64(node.Node.BackendNodeID)
	info := entry.info
	e.mu.Unlock()
	return Resolved{
		Ref:                canon,
		Info:               info,
		Client:             w.client,
		ObjectID:           obj,
		ExecutionContextID: w.ctxID,
	}, nil
}
