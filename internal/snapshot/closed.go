package snapshot

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/mafredri/cdp/protocol/dom"
	"github.com/mafredri/cdp/protocol/runtime"
)

// Closed shadow roots are invisible to script, ours included, but not to
// CDP. When a walk meets custom elements it has not asked about (the
// walk's "C" record), openClosedRoots describes them with pierce, resolves
// each closed shadow root into the world and hands it to the script,
// which from then on walks it like an open one; the walk is then run
// again. Each element is asked about once (again after it is upgraded),
// so pages without custom elements pay nothing and others pay once.

// maxRootRounds bounds the walks of one capture spent finding closed
// roots nested in closed roots.
const maxRootRounds = 3

const closedGroup = "agentbrowser-closed"

// closedLookups counts openClosedRoots calls, for tests.
var closedLookups atomic.Int64

// openClosedRoots asks CDP about the walk's candidate hosts and registers
// their closed shadow roots in w. It returns how many it registered.
func (w *world) openClosedRoots(ctx context.Context) (int, error) {
	closedLookups.Add(1)
	defer func() {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), releaseTimeout)
		defer cancel()
		_ = w.client.Runtime.ReleaseObjectGroup(rctx, runtime.NewReleaseObjectGroupArgs(closedGroup))
	}()
	reply, err := w.client.Runtime.Evaluate(ctx, runtime.NewEvaluateArgs(w.guarded("cands()")).
		SetContextID(w.ctxID).SetObjectGroup(closedGroup).SetSilent(true))
	if err != nil {
		if isWorldGone(err) {
			return 0, errWorldGone
		}
		return 0, fmt.Errorf("listing custom elements: %w", err)
	}
	if reply.ExceptionDetails != nil {
		return 0, fmt.Errorf("listing custom elements: %s", exceptionText(reply.ExceptionDetails))
	}
	if reply.Result.Type == "string" || reply.Result.ObjectID == nil {
		return 0, errWorldGone
	}
	props, err := w.client.Runtime.GetProperties(ctx, runtime.NewGetPropertiesArgs(*reply.Result.ObjectID).
		SetOwnProperties(true))
	if err != nil {
		return 0, fmt.Errorf("listing custom elements: %w", err)
	}
	var hosts []runtime.RemoteObjectID
	for _, p := range props.Result {
		if _, err := strconv.Atoi(p.Name); err != nil || p.Value == nil || p.Value.ObjectID == nil {
			continue
		}
		hosts = append(hosts, *p.Value.ObjectID)
	}

	var (
		wg    sync.WaitGroup
		sem   = make(chan struct{}, maxInFlight)
		mu    sync.Mutex
		found int
	)
	for _, h := range hosts {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			n, err := w.client.DOM.DescribeNode(ctx, dom.NewDescribeNodeArgs().SetObjectID(h).SetDepth(0).SetPierce(true))
			if err != nil {
				return
			}
			for _, r := range n.Node.ShadowRoots {
				if r.ShadowRootType != dom.ShadowRootTypeClosed {
					continue
				}
				if w.addRoot(ctx, r.BackendNodeID) {
					mu.Lock()
					found++
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	return found, ctx.Err()
}

// addRoot resolves the shadow root with backend id into w and registers
// it with the script.
func (w *world) addRoot(ctx context.Context, backend dom.BackendNodeID) bool {
	obj, err := w.client.DOM.ResolveNode(ctx, dom.NewResolveNodeArgs().SetBackendNodeID(backend).
		SetExecutionContextID(w.ctxID).SetObjectGroup(closedGroup))
	if err != nil || obj.Object.ObjectID == nil {
		return false
	}
	reply, err := w.client.Runtime.CallFunctionOn(ctx, runtime.NewCallFunctionOnArgs(
		`function() { const a = globalThis.__ab; return !!a && a.token === "`+w.token+`" && a.addRoot(this); }`).
		SetObjectID(*obj.Object.ObjectID).SetReturnByValue(true).SetSilent(true))
	return err == nil && reply.ExceptionDetails == nil && string(reply.Result.Value) == "true"
}

// walk runs the script's walk and parses its records.
func (w *world) walk(ctx context.Context, optsJSON string) (*records, error) {
	return w.startWalk(ctx, optsJSON)()
}

// startWalk sends the walk and returns the function that waits for its
// parsed records (see startSnap).
func (w *world) startWalk(ctx context.Context, optsJSON string) (finish func() (*records, error)) {
	snapped := w.startSnap(ctx, optsJSON)
	return func() (*records, error) {
		s, err := snapped()
		if err != nil {
			return nil, err
		}
		if s == goneMark {
			return nil, errScopeGone
		}
		recs, err := parseRecords(s)
		if err == nil && recs.paths != nil && w.ahead != nil && w.ahead.paths == nil {
			w.ahead.paths = recs.paths
		}
		return recs, err
	}
}
