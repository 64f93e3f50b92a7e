package evaluate

import (
	"context"
	"errors"
	"strconv"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/dom"
	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/budget"
	"github.com/agentbrowser/agentbrowser/session"
)

// channel is the CDP session an evaluation runs on: the engine's own
// session on the target, or the target's main session on the fallback.
type channel struct {
	engine string
	// reason and err say why the evaluation fell back.
	reason string
	err    error
	target *session.Target
	client *cdp.Client
	sess   *evalSession
}

// channel picks where code for target t runs. Failing to open the engine's
// connection or session is not an error: the evaluation falls back to the
// main session. The caller's budget running out, or the target being gone,
// is.
func (a *attachment) channel(ctx context.Context, t *session.Target) (*channel, error) {
	s, attached, err := a.iso.session(ctx, t.ID)
	if err == nil {
		if attached {
			a.stats.add(func(s *events.EvaluateStats) { s.AttachedOnCall++ })
		}
		a.keepSpare(s)
		return &channel{engine: events.EngineIsolated, target: t, client: s.client, sess: s}, nil
	}
	var de *dialError
	var ae *attachError
	reason := ""
	switch {
	case errors.As(err, &de):
		reason = "dial_failed"
	case errors.As(err, &ae):
		reason = "attach_failed"
	case errors.Is(err, errEngineClosed):
		reason = "engine_closed"
	default:
		return nil, err
	}
	return &channel{engine: events.EngineFallback, reason: reason, err: err, target: t, client: t.Client}, nil
}

// frameContext finds the main world of frame on the channel's target; ok is
// false when the frame is not there. The fallback cannot follow contexts on
// the main session (Runtime was enabled before the engine could listen), so
// it evaluates in an isolated world of the frame: the frame's DOM, not its
// script globals.
func (ch *channel) frameContext(ctx context.Context, frame events.FrameID) (runtime.ExecutionContextID, bool, error) {
	if ch.sess != nil {
		return ch.sess.contextOf(ctx, frame)
	}
	r, err := ch.client.Page.CreateIsolatedWorld(ctx, page.NewCreateIsolatedWorldArgs(page.FrameID(frame)).SetWorldName(isolatedWorld))
	if err != nil {
		if responseMessage(err) != "" {
			return 0, false, nil
		}
		return 0, false, err
	}
	return r.ExecutionContextID, true, nil
}

// script is what an evaluation does once it knows where.
type script struct {
	expr   string
	fn     string
	node   int64
	ctxID  runtime.ExecutionContextID
	await  bool
	group  string
	sent   bool // a command that runs page script was sent
	held   bool // objects were created in group
	result *runtime.RemoteObject
	exc    *runtime.ExceptionDetails
	// max caps the result's size (0: none); see runSized.
	max int64
	// direct is the engine's session the script runs on, if any: its
	// Runtime.evaluate calls are posted on it directly (see evaluate).
	direct *evalSession
}

func (sc *script) run(ctx context.Context, c *cdp.Client) error {
	if sc.node != 0 {
		rn, err := c.DOM.ResolveNode(ctx, dom.NewResolveNodeArgs().SetBackendNodeID(dom.BackendNodeID(sc.node)).SetObjectGroup(sc.group))
		if err != nil {
			return err
		}
		if rn.Object.ObjectID == nil {
			return events.Errorf(events.CodeStaleRef, "the element is gone").WithNext(events.StepSnapshot)
		}
		sc.held = true
		args := runtime.NewCallFunctionOnArgs(sc.fn).
			SetObjectID(*rn.Object.ObjectID).
			SetArguments([]runtime.CallArgument{{ObjectID: rn.Object.ObjectID}}).
			SetAwaitPromise(sc.await).
			SetUserGesture(true).
			SetObjectGroup(sc.group).
			SetSerializationOptions(deep)
		sc.sent = true
		r, err := c.Runtime.CallFunctionOn(ctx, args)
		if err != nil {
			return err
		}
		sc.result, sc.exc = &r.Result, r.ExceptionDetails
		return nil
	}
	if sc.max > 0 && sc.expr != "" {
		if done, err := sc.runSized(ctx, c); done {
			return err
		}
	}
	expr := sc.expr
	if expr == "" {
		// The newline keeps a trailing line comment in the function from
		// swallowing the call.
		expr = "(" + sc.fn + "\n)()"
	}
	args := runtime.NewEvaluateArgs(expr).
		SetAwaitPromise(sc.await).
		SetUserGesture(true).
		SetObjectGroup(sc.group).
		SetSerializationOptions(deep)
	if sc.ctxID != 0 {
		args.SetContextID(sc.ctxID)
	}
	sc.sent = true
	r, err := sc.evaluate(ctx, c, args)
	if err != nil {
		return err
	}
	sc.result, sc.exc = &r.Result, r.ExceptionDetails
	if r.Result.ObjectID != nil || (r.ExceptionDetails != nil && r.ExceptionDetails.Exception != nil && r.ExceptionDetails.Exception.ObjectID != nil) {
		sc.held = true
	}
	return nil
}

// run locates where e runs, runs it within work and shapes the outcome.
func (a *attachment) run(work context.Context, b *budget.Budget, tab *session.Target, c *call, e events.EvaluateEvent, ri *runInfo) (events.EvaluateResult, error) {
	sc := &script{expr: e.Expression, fn: e.Function, await: e.AwaitPromise, max: max(a.cfg.MaxResultBytes, 0),
		group: "agentbrowser-evaluate-" + strconv.FormatUint(a.groups.Add(1), 10)}
	var ch *channel
	dialog, err := a.race(work, tab.ID, func(ctx context.Context) error {
		t := tab
		frame := events.FrameID("")
		switch {
		case e.Ref != "":
			rr, err := a.resolveRef(ctx, tab, e.Ref)
			if err != nil {
				return err
			}
			if t, err = a.targetOf(tab, rr); err != nil {
				return err
			}
			sc.node = rr.BackendNodeID
			if sc.fn == "" {
				sc.fn, sc.expr = sc.expr, ""
			} else {
				sc.expr = ""
			}
		case e.FrameID != "":
			if ft, ok := a.s.TargetByID(events.TargetID(e.FrameID)); ok && ft.TabID == tab.ID {
				// The tab's main frame, or an out-of-process frame, which
				// has a target (and a session) of its own.
				t = ft
			} else {
				frame = e.FrameID
			}
		}
		if frame == "" {
			var err error
			if ch, err = a.channel(ctx, t); err != nil {
				return err
			}
			if ch.sess != nil {
				defer ch.sess.uses.add()()
			}
			return sc.runOn(ctx, ch)
		}
		var err error
		ch, err = a.runInFrame(ctx, tab, frame, sc)
		return err
	})
	if ch != nil {
		ri.engine, ri.reason = ch.engine, ch.reason
	}
	switch {
	case dialog != nil:
		// The script waits on the dialog; it is not ours to stop. Its
		// objects go when the dialog is answered.
		a.release(ch, sc)
		return events.EvaluateResult{}, blocking(dialog)
	case err != nil && work.Err() != nil:
		var details events.ErrorDetails
		if sc.sent && ch != nil {
			details, c.cleanup = a.stopScript(ch, tab.ID, b, sc)
		}
		return events.EvaluateResult{}, a.expired(b, work, ri, details)
	case err != nil:
		a.release(ch, sc)
		return events.EvaluateResult{}, classify(err, sc.node != 0, e.FrameID, ch != nil && ch.sess != nil)
	}
	a.release(ch, sc)
	if sc.exc != nil {
		return events.EvaluateResult{}, exceptionError(sc.exc)
	}
	res := resultOf(sc.result)
	if err := a.checkSize(res); err != nil {
		return events.EvaluateResult{}, err
	}
	res.Engine = ch.engine
	if ch.engine == events.EngineFallback {
		res.Details = events.EvaluateDetails{FallbackReason: ch.reason, FallbackError: ch.err.Error()}
	}
	return res, nil
}

// runInFrame runs sc in the main world of frame, an in-process frame of
// tab, and returns the channel it ran on: the frame's context lives on the
// session of the page or out-of-process frame that hosts it. An
// evaluation's reply is handed over directly and can overtake the context
// events Chrome sent before it, so right after the frame navigated the
// engine may still know its old document's context, or none yet. Chrome
// then refuses the context and nothing runs, and the lookup is made once
// more behind a barrier (contextAfterBarrier).
func (a *attachment) runInFrame(ctx context.Context, tab *session.Target, frame events.FrameID, sc *script) (*channel, error) {
	var stale runtime.ExecutionContextID
	for attempt := range 2 {
	targets:
		for _, t := range a.tabTargets(tab) {
			c, err := a.channel(ctx, t)
			if err != nil {
				return nil, err
			}
			var id runtime.ExecutionContextID
			var ok bool
			switch {
			case attempt == 0:
				id, ok, err = c.frameContext(ctx, frame)
			case c.sess != nil:
				id, ok, err = c.sess.contextAfterBarrier(ctx, frame)
			default:
				continue // the fallback's lookups are fresh already
			}
			if err != nil {
				return nil, err
			}
			if !ok || id == stale {
				continue
			}
			sc.ctxID, sc.result, sc.exc = id, nil, nil
			err = sc.runOn(ctx, c)
			if attempt == 0 && c.sess != nil && staleContext(err) {
				stale = id
				break targets
			}
			return c, err
		}
	}
	return nil, events.Errorf(events.CodeFrameNotFound, "no frame %s in tab %s", frame, tab.ID).WithNext(events.StepListFrames).WithDetails(events.ErrorDetails{FrameID: frame})
}
