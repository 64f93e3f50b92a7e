package snapshot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/agentbrowser/agentbrowser/events"
)

// capture is the state of one Capture call.
type capture struct {
	e    *Engine
	opts Options
	// plugin, when set, runs the walk in a plugin's mode (see
	// js/snapshot.js): its options, with the plugin's name.
	plugin any
	// framesCut reports that frames nested deeper than MaxFrameNesting
	// were left out (a marker line says where).
	framesCut bool
	// landmarks: the capture walks whole documents with every line, so
	// its landmark subtrees can be matched with those remembered (see
	// landmarks.go); collapse: those shown on an earlier page stand as
	// one line.
	landmarks, collapse bool
	// pending are the landmark subtrees the capture holds whole, to
	// remember once it has shown them all.
	pending []pendingLandmark
	// repeated are the landmark lines that stand for their subtrees.
	repeated []events.Ref
	// shown are the landmarks the capture holds, whole or as one line.
	shown []shownLandmark
}

type snapOpts struct {
	Scope       int64 `json:"scope"`
	Interactive bool  `json:"interactive"`
	MaxDepth    int   `json:"maxDepth"`
	Plugin      any   `json:"plugin,omitempty"`
}

// Capture takes a snapshot of the tab.
func (e *Engine) Capture(ctx context.Context, opts Options) (*Result, error) {
	if err := opts.Validate(); err != nil {
		return nil, fmt.Errorf("validating snapshot options: %w", err)
	}
	if err := e.capMu.lock(ctx); err != nil {
		return nil, err
	}
	defer e.capMu.unlock()

	find, _ := parseFind(opts.Find)
	cursor, _ := parseCursor(opts.Cursor)
	c := &capture{e: e, opts: opts}
	c.landmarks = opts.Scope == "" && !opts.Interactive && opts.MaxDepth == 0
	c.collapse = c.landmarks && !opts.Full && find == nil
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
	// The subtrees repeat lines stand for are left out; their refs stay
	// valid and are listed.
	var hidden []*refEntry
	shownLines := lines[:0]
	for _, l := range lines {
		if !l.hidden {
			shownLines = append(shownLines, l)
		} else if l.entry != nil {
			hidden = append(hidden, l.entry)
		}
	}
	shownLines = dropEmpty(quietCells(dropEchoLines(liftNamedWrappers(foldEchoes(shownLines)))))
	r := render(shownLines, view{maxChars: opts.MaxChars, find: find, cursor: cursor})
	err = e.eagerBackendIDs(ctx, append(r.entries, hidden...))
	e.dropAheads()
	if err != nil {
		return nil, err
	}
	if c.landmarks && find == nil && cursor == 0 && !r.truncated {
		e.remember(c.pending)
		noteShown(c.shown)
	}
	res := &Result{
		URL:       recs.url,
		Title:     recs.title,
		Text:      r.text,
		Refs:      make(map[events.Ref]RefInfo, len(r.entries)+len(hidden)),
		Truncated: r.truncated || c.framesCut,
		Nodes:     r.nodes,
		Omitted:   r.omitted,
		Next:      r.next,
		Matches:   r.matches,
		Repeated:  c.repeated,
	}
	e.mu.Lock()
	for _, en := range r.entries {
		res.Refs[en.ref] = en.info
	}
	if !r.truncated && find == nil {
		for _, en := range hidden {
			res.Refs[en.ref] = en.info
		}
	}
	e.mu.Unlock()
	return res, nil
}

var errScopeGone = errors.New("scope element is gone")

// collect walks w's document and returns its lines, with out-of-process
// frames inlined. depthOff is the depth of w's top-level lines in the
// whole snapshot; maxDepth is relative to them (0: no limit).
func (c *capture) collect(ctx context.Context, w *world, scope int64, maxDepth, depthOff, nesting int) (*records, []line, error) {
	optsJSON, _ := json.Marshal(snapOpts{Scope: scope, Interactive: c.opts.Interactive, MaxDepth: maxDepth, Plugin: c.plugin})
	recs, err := w.markedWalk(ctx, string(optsJSON))
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

	var (
		spans []span
		want  map[int]events.Ref
	)
	if c.landmarks {
		spans = e.landmarkSpans(w, recs, c.collapse)
		want = wantedNames(recs.recs, spans)
	}
	collapsedAt := map[int]bool{}
	for _, sp := range spans {
		if sp.collapse {
			collapsedAt[sp.head] = true
		}
	}

	lines := make([]line, 0, len(recs.recs))
	type oopif struct {
		at    int // index in lines of the iframe line
		frame events.FrameID
		depth int
	}
	var oopifs []oopif
	e.mu.Lock()
	for i, r := range recs.recs {
		if r.text {
			lines = append(lines, line{depth: r.depth + depthOff, text: r.t})
			continue
		}
		l := line{depth: r.depth + depthOff, role: r.role, name: r.name, attrs: r.attrs, value: r.value, nth: r.nth, quiet: r.quiet}
		// A landmark's anchor becomes a ref once its line stands for its
		// subtree, and stays one.
		if r.id != 0 && (!r.anchor || collapsedAt[i] || w.entries[r.id] != nil) {
			fid := w.frameID
			if r.frame > 0 && r.frame < len(frameIDs) && frameIDs[r.frame] != "" {
				fid = frameIDs[r.frame]
			}
			l.entry = e.refLocked(w, r.id, RefInfo{Role: r.role, Name: r.name, Nth: r.nth, FrameID: fid}, want[i])
		}
		lines = append(lines, l)
		if r.oop && r.id != 0 {
			if fid, ok := w.frameOf[r.id]; ok {
				oopifs = append(oopifs, oopif{at: len(lines) - 1, frame: fid, depth: r.depth})
			}
		}
	}
	c.settleLandmarks(w, recs.recs, spans, lines)
	e.mu.Unlock()

	if len(oopifs) == 0 {
		return recs, lines, nil
	}
	if nesting >= MaxFrameNesting {
		// Too deep to inline: a marker under each iframe line says how
		// to see it (a capture scoped to it starts counting again).
		merged := make([]line, 0, len(lines)+len(oopifs))
		prev := 0
		for _, o := range oopifs {
			merged = append(merged, lines[prev:o.at+1]...)
			prev = o.at + 1
			if maxDepth > 0 && o.depth+1 >= maxDepth {
				continue
			}
			c.framesCut = true
			merged = append(merged, line{depth: depthOff + o.depth + 1, marker: deepFrameMarker(lines[o.at].entry.ref)})
		}
		return recs, append(merged, lines[prev:]...), nil
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

// settleLandmarks hides the subtrees of the landmarks that stand as one
// line, notes on those lines the refs they hold, and keeps the others to
// remember. lines are one to one with rs. Callers hold Engine.mu and
// Engine.capMu.
func (c *capture) settleLandmarks(w *world, rs []record, spans []span, lines []line) {
	hiddenTo := -1
	for _, sp := range spans {
		c.shown = append(c.shown, shownLandmark{w: w, id: rs[sp.head].id, sum: sp.key.sum})
		refs := make([]events.Ref, 0)
		for i := sp.head; i < sp.end; i++ {
			if !rs[i].anchor && lines[i].entry != nil {
				refs = append(refs, lines[i].entry.ref)
			}
		}
		var anchor events.Ref
		if rs[sp.head].anchor && lines[sp.head].entry != nil {
			anchor = lines[sp.head].entry.ref
		}
		if !sp.collapse {
			if sp.head >= hiddenTo {
				c.pending = append(c.pending, pendingLandmark{key: sp.key, w: w, refs: refs, anchor: anchor})
			}
			continue
		}
		sp.mem.refs = refs
		if anchor != "" {
			sp.mem.anchor = anchor
		}
		inner := refs
		if !rs[sp.head].anchor && len(refs) > 0 && lines[sp.head].entry != nil {
			inner = refs[1:]
		}
		lines[sp.head].repeat = repeatNote(inner)
		c.repeated = append(c.repeated, lines[sp.head].entry.ref)
		for i := sp.head + 1; i < sp.end; i++ {
			lines[i].hidden = true
		}
		hiddenTo = sp.end
	}
}
