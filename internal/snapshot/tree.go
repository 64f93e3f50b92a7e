package snapshot

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/mafredri/cdp/protocol/dom"
	"github.com/mafredri/cdp/protocol/runtime"
)

// treeNodeFactor is how many of a document's elements cost as much to
// describe, as part of one DOM.describeNode of the whole document, as one
// pipelined DOM.describeNode of a single element: measured, 20-25 us per
// element (with its text) against about 0.2 ms per call (see
// BenchmarkEagerBackendIDs). The whole-document describe is used when it
// is the cheaper.
const treeNodeFactor = 8

// eagerMethod forces how eager lookups are made, for benchmarks: "" picks
// by size, "tree" or "nodes" force one.
var eagerMethod = ""

// docGroup holds a world's handle to its document (world.doc), which is
// never released: it goes with the world's context, as the document does.
const docGroup = "agentbrowser-doc"

// describeTree finds the backend node ids of ids by describing w's whole
// document once (pierce: shadow roots and same-process frames included)
// and following each element's path in it. Elements it cannot place come
// back with ok false; the caller may look them up one by one. The paths
// and the describe go out together once the world holds a handle to its
// document, which it has from its install; should it have lost it, the
// paths go out with the call for a new one. Callers hold Engine.capMu.
func (w *world) describeTree(ctx context.Context, ids []int64) ([]described, error) {
	idsJSON, _ := json.Marshal(ids)
	type pathsReply struct {
		paths []*string
		err   error
	}
	pc := make(chan pathsReply, 1)
	go func() {
		var r pathsReply
		r.paths, r.err = w.paths(ctx, string(idsJSON), len(ids))
		pc <- r
	}()
	var tree *dom.Node
	err := w.documentHandle(ctx)
	if err == nil {
		tree, err = w.describeDocument(ctx, w.doc)
		if err != nil {
			// Ask for a new handle next time, should this one be the
			// cause.
			w.doc = ""
			err = fmt.Errorf("describing document: %w", err)
		}
	}
	pr := <-pc
	if pr.err != nil {
		return nil, pr.err
	}
	if err != nil {
		return nil, err
	}
	return placeInTree(tree, pr.paths), nil
}

// describeDocument describes the whole document doc is a handle to,
// shadow roots and same-process frames included.
func (w *world) describeDocument(ctx context.Context, doc runtime.RemoteObjectID) (*dom.Node, error) {
	r, err := w.client.DOM.DescribeNode(ctx, dom.NewDescribeNodeArgs().SetObjectID(doc).SetDepth(-1).SetPierce(true))
	if err != nil {
		return nil, err
	}
	return &r.Node, nil
}

// placeInTree follows each path (nil: none) down a described document;
// an element it cannot place comes back with ok false.
func placeInTree(tree *dom.Node, paths []*string) []described {
	out := make([]described, len(paths))
	kids := map[*dom.Node][]*dom.Node{}
	for i, p := range paths {
		if p == nil {
			continue
		}
		if n := followPath(tree, *p, kids); n != nil {
			out[i] = described{backend: int64(n.BackendNodeID), ok: true}
		}
	}
	return out
}

// paths asks w's script for the paths of n elements (idsJSON) from the
// document down.
func (w *world) paths(ctx context.Context, idsJSON string, n int) ([]*string, error) {
	reply, err := w.client.Runtime.Evaluate(ctx, runtime.NewEvaluateArgs(w.guarded("paths("+idsJSON+")")).
		SetContextID(w.ctxID).SetReturnByValue(true).SetSilent(true))
	if err != nil {
		if isWorldGone(err) {
			return nil, errWorldGone
		}
		return nil, fmt.Errorf("locating elements: %w", err)
	}
	if reply.ExceptionDetails != nil {
		return nil, fmt.Errorf("locating elements: %s", exceptionText(reply.ExceptionDetails))
	}
	var paths []*string
	if err := json.Unmarshal(reply.Result.Value, &paths); err != nil || len(paths) != n {
		return nil, errWorldGone // the guard's stale mark
	}
	return paths, nil
}

// documentHandles counts the calls documentHandle made, for tests.
var documentHandles atomic.Int64

// documentHandle makes sure w.doc is a handle to w's document. A world has
// one from its install; a describe that failed on it asks again.
func (w *world) documentHandle(ctx context.Context) error {
	if w.doc != "" {
		return nil
	}
	documentHandles.Add(1)
	doc, err := w.documentObject(ctx)
	if err != nil {
		if isWorldGone(err) {
			return errWorldGone
		}
		return fmt.Errorf("describing document: %w", err)
	}
	if doc == "" {
		return fmt.Errorf("describing document: no document")
	}
	w.doc = doc
	return nil
}

// documentObject asks w for a handle to its document, in the group the
// world keeps it in; "" when the answer holds none.
func (w *world) documentObject(ctx context.Context) (runtime.RemoteObjectID, error) {
	return objectOf(w.evaluate(ctx, w.documentArgs("document")))
}

// documentArgs evaluates expr, which names the document (or null), into
// the group the world keeps its handle in.
func (w *world) documentArgs(expr string) *runtime.EvaluateArgs {
	return runtime.NewEvaluateArgs(expr).SetContextID(w.ctxID).SetObjectGroup(docGroup).SetSilent(true)
}

// objectOf is the handle an evaluation answered with; "" when it
// answered with none.
func objectOf(r *runtime.EvaluateReply, err error) (runtime.RemoteObjectID, error) {
	if err != nil || r.Result.ObjectID == nil {
		return "", err
	}
	return *r.Result.ObjectID, nil
}

// followPath walks a path made by the script's pathOf ("1.0.s.2 button")
// down a described document, and returns the node it lands on if that
// node has the expected local name. kids caches element children.
func followPath(n *dom.Node, path string, kids map[*dom.Node][]*dom.Node) *dom.Node {
	steps, name, ok := strings.Cut(path, " ")
	if !ok {
		return nil
	}
	for step := range strings.SplitSeq(steps, ".") {
		switch step {
		case "s":
			var root *dom.Node
			for i := range n.ShadowRoots {
				// The author's root, open or closed (a closed one the
				// script was handed), never the user agent's.
				if n.ShadowRoots[i].ShadowRootType != dom.ShadowRootTypeUserAgent {
					root = &n.ShadowRoots[i]
				}
			}
			if root == nil {
				return nil
			}
			n = root
		case "d":
			if n.ContentDocument == nil {
				return nil
			}
			n = n.ContentDocument
		default:
			idx, err := strconv.Atoi(step)
			if err != nil {
				return nil
			}
			elems, ok := kids[n]
			if !ok {
				for i := range n.Children {
					if n.Children[i].NodeType == 1 {
						elems = append(elems, &n.Children[i])
					}
				}
				kids[n] = elems
			}
			if idx < 0 || idx >= len(elems) {
				return nil
			}
			n = elems[idx]
		}
	}
	if n.LocalName != name {
		return nil
	}
	return n
}
