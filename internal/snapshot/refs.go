package snapshot

import (
	"context"
	"fmt"
	"strconv"
	"sync/atomic"

	"github.com/mafredri/cdp/protocol/dom"

	"github.com/agentbrowser/agentbrowser/events"
)

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

// refLocked returns the entry of w's element id, issuing a ref if needed,
// and records info for it. A new entry takes the name want when it is
// given and names no live element (the element it named is gone with its
// document); otherwise the next number. e.mu must be held.
func (e *Engine) refLocked(w *world, id int64, info RefInfo, want events.Ref) *refEntry {
	entry := w.entries[id]
	if entry == nil {
		name := want
		if old := e.refs[name]; name == "" || (old != nil && !old.w.dead) {
			e.issued++
			name = events.Ref("e" + strconv.Itoa(e.issued))
		}
		entry = &refEntry{ref: name, w: w, local: id}
		if b, ok := w.known[id]; ok {
			entry.info.BackendNodeID = b
			delete(w.known, id)
		}
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
	e.mu.Lock()
	for _, entry := range entries {
		if entry.info.BackendNodeID != 0 || entry.w.dead {
			continue
		}
		byWorld[entry.w] = append(byWorld[entry.w], entry)
	}
	e.mu.Unlock()
	for w, list := range byWorld {
		if rest := e.placeAhead(ctx, w, list); len(rest) == 0 {
			delete(byWorld, w)
		} else {
			byWorld[w] = rest
		}
	}
	e.mu.Lock()
	cost := 0
	useTree := map[*world]bool{}
	for w, list := range byWorld {
		var c int
		c, useTree[w] = lookupCost(w.elements, len(list))
		cost += c
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
		ds, err := w.backendIDs(ctx, ids, useTree[w])
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

// lookupCost is what looking up the backend ids of n elements of a
// document of the given size costs, in eagerBudget's units, and whether
// one description of the whole tree is the cheaper way (else one call per
// element).
func lookupCost(elements, n int) (cost int, tree bool) {
	t := (elements + treeNodeFactor - 1) / treeNodeFactor
	tree = t < n
	if eagerMethod != "" {
		tree = eagerMethod == "tree"
	}
	return min(t, n), tree
}

// backendLookups counts the lookups backendIDs made, for tests.
var backendLookups atomic.Int64

// backendIDs looks up the backend node ids of w's elements ids, in one
// description of the whole tree or one call per element.
func (w *world) backendIDs(ctx context.Context, ids []int64, tree bool) ([]described, error) {
	backendLookups.Add(1)
	if tree {
		return w.describeTree(ctx, ids)
	}
	return w.describe(ctx, ids)
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
	e.mu.Lock()
	info := entry.info
	e.mu.Unlock()
	if info.BackendNodeID == 0 {
		// Not known yet (the capture's eager pass skipped it): ask once.
		// A known id needs no new round trip: the world's table holds the
		// very element it was read from, and a node keeps its backend id
		// for life.
		node, err := w.client.DOM.DescribeNode(ctx, dom.NewDescribeNodeArgs().SetObjectID(obj))
		if err != nil {
			return Resolved{}, fmt.Errorf("resolving ref %s: describing node: %w", canon, err)
		}
		e.mu.Lock()
		entry.info.BackendNodeID = int64(node.Node.BackendNodeID)
		info = entry.info
		e.mu.Unlock()
	}
	return Resolved{
		Ref:                canon,
		Info:               info,
		Client:             w.client,
		ObjectID:           obj,
		ExecutionContextID: w.ctxID,
	}, nil
}
