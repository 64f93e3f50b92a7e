package snapshot

import (
	"context"
	"encoding/json"
	"strconv"
	"sync/atomic"

	"github.com/mafredri/cdp/protocol/dom"
	"github.com/mafredri/cdp/protocol/runtime"
)

// Post writes a command on the tab's session at once and returns the wait
// for its reply (session.Target.Post). Commands posted, then called on the
// tab's client, reach the browser in that order.
type Post func(method string, params any) (func(ctx context.Context) (json.RawMessage, error), error)

// SetPost gives the engine the tab's Post, which lets a first walk of a
// new document have the document described behind it (see ahead). Without
// it the engine makes the same calls on the tab's client, whose order
// among themselves the browser does not promise.
func (e *Engine) SetPost(p Post) {
	e.mu.Lock()
	e.post = p
	e.mu.Unlock()
}

// aheadElements is the size of document, in elements, up to which a
// world's first walk has the document described behind it: the size up to
// which placing refs by one description of the whole tree fits in the
// eager budget (see lookupCost).
const aheadElements = EagerLookupBudget * treeNodeFactor

// aheadDocument evaluates, in a world, to its document when that document
// is small enough to describe ahead, else to null.
var aheadDocument = `document.getElementsByTagName("*").length <= ` + strconv.Itoa(aheadElements) + ` ? document : null`

// ahead is what a world's first walk fetches beside it, so that the refs
// the capture makes are placed without another round trip. A first walk
// otherwise returns, then the paths of its elements and the description
// of the document go out together: a second round trip, which on a busy
// renderer waits its turn as long as the first. Here the walk itself says
// where its elements are (its P records), and a handle to the document,
// asked just before the walk, has the whole document described right
// behind the walk. A document mutated between the walk and the describe
// leaves the moved elements unplaced (the path leads elsewhere, or to an
// element of another name) and they are looked up as before; an element
// keeps its backend node id for life, so a placement holds afterwards.
type ahead struct {
	// tree delivers the described document once, nil when there is none
	// (a large document, a failed call).
	tree chan *dom.Node
	// paths are the walk's paths of its elements, by element id; set
	// once the walk's records are parsed.
	paths map[int64]string
}

// aheadsUsed counts the refs placed from a first walk's ahead, for tests.
var aheadsUsed atomic.Int64

// fetchAhead asks for a handle to w's document for the walk about to be
// sent, then, once it has the handle, for the description of the whole
// document. It returns the function that waits for the handle and keeps
// it (as fetchDocument's does); the description goes to w.ahead. With a
// Post the handle's request is written before this returns, so that the
// describe follows the walk in the renderer's queue instead of a round
// trip after it.
func (w *world) fetchAhead(ctx context.Context) (keep func()) {
	a := &ahead{tree: make(chan *dom.Node, 1)}
	w.ahead = a
	wait := w.send(ctx, runtime.NewEvaluateArgs(aheadDocument).SetContextID(w.ctxID).SetObjectGroup(docGroup).SetSilent(true))
	docc := make(chan runtime.RemoteObjectID, 1)
	go func() {
		var doc runtime.RemoteObjectID
		if r, err := wait(); err == nil && r.Result.ObjectID != nil {
			doc = *r.Result.ObjectID
		}
		docc <- doc
		var tree *dom.Node
		if doc != "" {
			if r, err := w.client.DOM.DescribeNode(ctx, dom.NewDescribeNodeArgs().
				SetObjectID(doc).SetDepth(-1).SetPierce(true)); err == nil {
				tree = &r.Node
			}
		}
		a.tree <- tree
	}()
	return func() {
		if id := <-docc; id != "" && w.doc == "" {
			w.doc = id
		}
	}
}

// placeAhead places what it can of ids (w's element ids) from w's first
// walk's ahead, which it consumes, and returns the backend ids it found
// (0 where none). It returns nil when w has no ahead, or its document
// could not be described.
func (w *world) placeAhead(ctx context.Context, ids []int64) []int64 {
	a := w.ahead
	w.ahead = nil
	if a == nil || a.paths == nil {
		return nil
	}
	var tree *dom.Node
	select {
	case tree = <-a.tree:
	case <-ctx.Done():
	}
	if tree == nil {
		return nil
	}
	out := make([]int64, len(ids))
	kids := map[*dom.Node][]*dom.Node{}
	for i, id := range ids {
		if p, ok := a.paths[id]; ok {
			if n := followPath(tree, p, kids); n != nil {
				out[i] = int64(n.BackendNodeID)
				aheadsUsed.Add(1)
			}
		}
	}
	return out
}

// dropAheads lets go of the aheads a capture's first walks fetched and
// did not need. The caller holds capMu.
func (e *Engine) dropAheads() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.eachWorldLocked(func(w *world) { w.ahead = nil })
}
