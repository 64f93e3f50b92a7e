package snapshot

import (
	"context"
	_ "embed"
	"strconv"
	"sync"
	"time"

	"github.com/mafredri/cdp/protocol/dom"
	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/internal/jstext"
)

// probeJS finds elements whose onclick property page script set; see
// js/probe.js. It is sent compacted, as the scripts of js.go are.
var probeJS = jstext.Compact(probeSrc)

//go:embed js/probe.js
var probeSrc string

const probeGroup = "agentbrowser-probe"

// probeTimeout stops a probe that page code keeps busy.
const probeTimeout = time.Second

// markScriptClicks tells w's script which elements have an onclick
// property set by page script, so the walk counts them as clickable. The
// property lives in the page's main world, so it is read there and the
// elements are carried over by backend node id. It is best effort: only
// the caller's context ending is an error. marked reports whether any
// element was marked. beforeMark, if set, runs just before the marks are
// sent, and only when there are some.
func (w *world) markScriptClicks(ctx context.Context, beforeMark func()) (marked bool, err error) {
	reply, err := w.evaluate(ctx, probeArgs())
	return w.markProbed(ctx, reply, err, beforeMark)
}

// probeArgs is the probe's call. No context id: the main world of the
// session's main frame. The page can run code there (an accessor of its
// own on onclick), so the probe gets a short leash.
func probeArgs() *runtime.EvaluateArgs {
	return runtime.NewEvaluateArgs(probeJS).SetObjectGroup(probeGroup).SetSilent(true).
		SetTimeout(runtime.TimeDelta(probeTimeout.Milliseconds()))
}

// markProbed is markScriptClicks once the probe's reply (or error) is in.
func (w *world) markProbed(ctx context.Context, reply *runtime.EvaluateReply, err error, beforeMark func()) (marked bool, _ error) {
	if err == nil && reply.ExceptionDetails == nil && reply.Result.ObjectID == nil {
		// The usual case, a page without script-set onclick: the probe
		// answered with no object, so the group holds nothing and there
		// is nothing to release (a round trip saved on every snapshot).
		return false, ctx.Err()
	}
	// An object, an exception or a failed call (whose reply may yet
	// create one): release the group on the way out.
	defer func() {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), releaseTimeout)
		defer cancel()
		_ = w.client.Runtime.ReleaseObjectGroup(rctx, runtime.NewReleaseObjectGroupArgs(probeGroup))
	}()
	if err != nil || reply.ExceptionDetails != nil || reply.Result.ObjectID == nil {
		return false, ctx.Err()
	}
	props, err := w.client.Runtime.GetProperties(ctx, runtime.NewGetPropertiesArgs(*reply.Result.ObjectID).
		SetOwnProperties(true))
	if err != nil {
		return false, ctx.Err()
	}
	var mainObjs []runtime.RemoteObjectID
	for _, p := range props.Result {
		if _, err := strconv.Atoi(p.Name); err != nil || p.Value == nil || p.Value.ObjectID == nil {
			continue
		}
		mainObjs = append(mainObjs, *p.Value.ObjectID)
	}
	isolated := make([]runtime.RemoteObjectID, len(mainObjs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, maxInFlight)
	for i, obj := range mainObjs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			d, err := describeObject(ctx, w.client, obj)
			if err != nil {
				return
			}
			r, err := w.client.DOM.ResolveNode(ctx, dom.NewResolveNodeArgs().
				SetBackendNodeID(dom.BackendNodeID(d.backend)).
				SetExecutionContextID(w.ctxID).
				SetObjectGroup(probeGroup))
			if err != nil || r.Object.ObjectID == nil {
				return
			}
			isolated[i] = *r.Object.ObjectID
		}()
	}
	wg.Wait()
	args := make([]runtime.CallArgument, 0, len(isolated))
	for _, obj := range isolated {
		if obj != "" {
			args = append(args, runtime.CallArgument{ObjectID: &obj})
		}
	}
	if len(args) == 0 {
		return false, ctx.Err()
	}
	if beforeMark != nil {
		beforeMark()
	}
	// The marks go to our script, which a new world's first walk
	// installs; a probe that runs before that walk installs it itself.
	if err := w.ensureInstalled(ctx); err != nil {
		return false, ctx.Err()
	}
	fn := `function (...els) { const a = globalThis.__ab; if (a && a.token === "` + w.token + `") a.mark(els); }`
	_, err = w.client.Runtime.CallFunctionOn(ctx, runtime.NewCallFunctionOnArgs(fn).
		SetExecutionContextID(w.ctxID).SetArguments(args).SetSilent(true))
	if err != nil {
		return false, ctx.Err()
	}
	return true, nil
}

// markedWalk marks script-set click handlers (markScriptClicks) and walks
// w. Most pages have none, and a world whose last probe marked nothing
// sends the probe and the walk together, saving a round trip: the walk
// does not need the probe when the probe finds nothing to mark. When it
// does find some, the marks wait for that walk to end (a walk consumes
// the marks), and the walk runs again after them; the world then goes
// back to probing first until a probe finds nothing.
func (w *world) markedWalk(ctx context.Context, optsJSON string) (*records, error) {
	if !w.probeClean {
		marked, err := w.markScriptClicks(ctx, nil)
		if err != nil {
			return nil, err
		}
		w.probeClean = !marked
		return w.walk(ctx, optsJSON)
	}
	type walked struct {
		recs *records
		err  error
	}
	// The probe goes out first: it answers before the walk, instead of
	// waiting behind whatever the renderer does once the walk is over
	// (on busy machines, tens of milliseconds).
	probed := w.send(ctx, probeArgs())
	finish := w.startWalk(ctx, optsJSON)
	first := sync.OnceValue(func() walked {
		recs, err := finish()
		return walked{recs, err}
	})
	reply, err := probed()
	marked, err := w.markProbed(ctx, reply, err, func() { first() })
	walk := first()
	if err != nil {
		return nil, err
	}
	w.probeClean = !marked
	if marked {
		return w.walk(ctx, optsJSON)
	}
	return walk.recs, walk.err
}
