package snapshot

import (
	"context"
	"encoding/json"
	"fmt"
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
// new document have the document described behind it (see aheadTree). Without
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

// aheadTree is what a world's first walk fetches beside it, so that the refs
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
type aheadTree struct {
	// tree delivers the described document once, nil when there is none
	// (a large document, a failed call).
	tree chan *dom.Node
	// paths are the walk's paths of its elements, by element id; set
	// once the walk's records are parsed.
	paths map[int64]string
}

// aheadsUsed counts the refs placed from a first walk's ahead, for tests.
var aheadsUsed atomic.Int64

// dropAheads lets go of the aheads a capture's first walks fetched and
// did not need. The caller holds capMu.
func (e *Engine) dropAheads() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.eachWorldLocked(func(w *world) { w.ahead = nil })
}

// placeAhead fills the backend node ids of list (entries of w) that w's
// first walk's aheadTree places, and returns the rest.
func (e *Engine) placeAhead(ctx context.Context, w *world, list []*refEntry) []*refEntry {
	a := w.ahead
	if a == nil || a.paths == nil {
		return list
	}
	var tree *dom.Node
	select {
	case tree = <-a.tree:
	case <-ctx.Done():
	}
	w.ahead = nil
	if tree == nil {
		return list
	}
	paths := make([]*string, len(list))
	for i, en := range list {
		if p, ok := a.paths[en.local]; ok {
			paths[i] = &p
		}
	}
	var rest []*refEntry
	e.mu.Lock()
	defer e.mu.Unlock()
	for i, d := range placeInTree(tree, paths) {
		if d.ok {
			list[i].info.BackendNodeID = d.backend
			aheadsUsed.Add(1)
		} else {
			rest = append(rest, list[i])
		}
	}
	return rest
}

// send writes a Runtime.evaluate on w's session at once when w has the
// tab's Post: what is sent after it follows it in the renderer's queue,
// and its reply comes straight back, without the client's goroutines
// between (on a machine whose CPUs the renderers keep busy, each hand-off
// between goroutines can wait milliseconds for a thread to run). Without
// a Post the call goes out through the client, on a goroutine of its own.
// wait returns the reply; it must be called.
func (w *world) send(ctx context.Context, args *runtime.EvaluateArgs) (wait func() (*runtime.EvaluateReply, error)) {
	if w.post != nil {
		if pw, err := w.post("Runtime.evaluate", args); err == nil {
			return func() (*runtime.EvaluateReply, error) {
				raw, err := pw(ctx)
				if err != nil {
					return nil, err
				}
				var r runtime.EvaluateReply
				if err := json.Unmarshal(raw, &r); err != nil {
					return nil, fmt.Errorf("decoding an evaluation's reply: %w", err)
				}
				return &r, nil
			}
		}
		// A session that cannot post (it went away) fails the call below
		// in the client's words.
	}
	type out struct {
		r   *runtime.EvaluateReply
		err error
	}
	ch := make(chan out, 1)
	go func() {
		r, err := w.client.Runtime.Evaluate(ctx, args)
		ch <- out{r, err}
	}()
	return func() (*runtime.EvaluateReply, error) {
		o := <-ch
		return o.r, o.err
	}
}

// evaluate is send for a caller that waits for the reply at once.
func (w *world) evaluate(ctx context.Context, args *runtime.EvaluateArgs) (*runtime.EvaluateReply, error) {
	if w.post == nil {
		return w.client.Runtime.Evaluate(ctx, args)
	}
	return w.send(ctx, args)()
}

// fetchDocument asks for a handle to the world's document alongside the
// caller's install, and returns the function that waits for it and keeps
// it. The caller holds the capture lock, which guards doc, until it has
// called that function; without a handle, documentHandle asks again when
// a describe needs one. For a first walk (ahead set) the handle is asked
// only of a document small enough to describe ahead, is written before
// this returns when w can post (see send), and once it is in, the whole
// document is described into w.ahead, behind the walk.
func (w *world) fetchDocument(ctx context.Context, ahead bool) (keep func()) {
	expr := "document"
	var a *aheadTree
	if ahead {
		expr = aheadDocument
		a = &aheadTree{tree: make(chan *dom.Node, 1)}
		w.ahead = a
	}
	wait := w.send(ctx, w.documentArgs(expr))
	docc := make(chan runtime.RemoteObjectID, 1)
	go func() {
		doc, _ := objectOf(wait())
		docc <- doc
		if a == nil {
			return
		}
		var tree *dom.Node
		if doc != "" {
			tree, _ = w.describeDocument(ctx, doc)
		}
		a.tree <- tree
	}()
	return func() {
		if id := <-docc; id != "" && w.doc == "" {
			w.doc = id
		}
	}
}
