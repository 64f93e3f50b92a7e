package evaluate

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/dom"
	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/rs/zerolog"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/budget"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
	"github.com/agentbrowser/agentbrowser/watchdogs/internal/dialogwatch"
)

// terminateWait bounds Runtime.terminateExecution on the engine's own
// session before the same command is sent on the target's main session. A
// session attached while the page was already spinning is not bound in
// the renderer yet and never answers; the main session always is.
const terminateWait = 250 * time.Millisecond

// isolatedWorld names the world the fallback creates to evaluate in a frame
// that has no session of its own.
const isolatedWorld = "agentbrowser-evaluate"

// attachment is one session's evaluate engine.
type attachment struct {
	cfg   Config
	s     *session.BrowserSession
	log   zerolog.Logger
	iso   *isolated
	dlg   *dialogwatch.Tracker
	stats *stats
	subs  []bus.Subscription
	hooks []func()

	// base ends at Detach; the dialog streams and background releases
	// live in it.
	base   context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	groups atomic.Uint64

	mu       sync.Mutex
	inflight map[events.TargetID]map[*call]struct{} // by tab
	detached bool
	once     sync.Once
}

// call is one evaluation in flight on a tab. Once its work context has
// ended it is abandoned: its script is being stopped and its session
// detached, and done closes when that is over.
type call struct {
	work context.Context
	done chan struct{}
	// cleanup, when set, closes once the call's script is stopped and its
	// session detached; the call leaves the tab only then.
	cleanup <-chan struct{}
}

func attach(cfg Config, s *session.BrowserSession) *attachment {
	base, cancel := context.WithCancel(context.Background())
	log := s.Logger().With().Str("watchdog", Name).Logger()
	a := &attachment{
		cfg:      cfg,
		s:        s,
		log:      log,
		iso:      newIsolated(s.Endpoint(), sharedMux(s), cfg, log),
		dlg:      dialogwatch.NewTracker(s.Bus()),
		stats:    newStats(),
		base:     base,
		cancel:   cancel,
		inflight: map[events.TargetID]map[*call]struct{}{},
	}
	a.hooks = append(a.hooks, s.OnTargetAttached(a.dlg.Follow), s.OnTargetDetached(a.targetDetached))
	a.subs = append(a.subs,
		bus.On(s.Bus(), Name, a.evaluate),
		bus.On(s.Bus(), Name, a.statsOf),
	)
	a.subs = append(a.subs, a.switchGuards()...)
	return a
}

// Detach unsubscribes, closes the engine's connection and waits for the
// goroutines the engine started.
func (a *attachment) Detach(ctx context.Context) error {
	a.once.Do(func() {
		for _, s := range a.subs {
			s.Unsubscribe()
		}
		for _, remove := range a.hooks {
			remove()
		}
		a.mu.Lock()
		a.detached = true
		a.mu.Unlock()
		a.cancel()
		a.iso.close()
		a.dlg.Close()
	})
	done := make(chan struct{})
	go func() {
		a.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("waiting for the evaluate engine to stop: %w", ctx.Err())
	}
}

// spawn runs f on a goroutine that Detach waits for, unless the engine is
// already detached.
func (a *attachment) spawn(f func()) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.detached {
		return false
	}
	a.wg.Add(1)
	go func() {
		defer a.wg.Done()
		f()
	}()
	return true
}

func (a *attachment) targetDetached(t *session.Target) {
	if t.IsPage() {
		a.dlg.Forget(t.ID)
	}
	a.iso.forget(t.ID)
}

func (a *attachment) statsOf(context.Context, events.EvaluateStatsEvent) (events.EvaluateStats, error) {
	return a.stats.snapshot(), nil
}

// runInfo is what an evaluation reports to the counters and the log.
type runInfo struct {
	kind      string // page, function, element or frame
	tab       events.TargetID
	engine    string
	reason    string
	timedOut  bool
	cancelled bool
}

// evaluate handles EvaluateEvent within the dispatch's budget.
func (a *attachment) evaluate(ctx context.Context, e events.EvaluateEvent) (res events.EvaluateResult, err error) {
	b := budget.FromContext(ctx)
	defer b.Cancel()
	ri := &runInfo{kind: kindOf(e)}
	defer func() { a.finish(b, ri, err) }()

	if !a.cfg.Enabled {
		return res, events.Errorf(events.CodeEvaluateDisabled, "evaluate is disabled in this session (evaluate_enabled is off)")
	}
	if err := validate(e); err != nil {
		return res, err
	}
	tab, err := a.s.Tab(e.TabID)
	if err != nil {
		return res, err
	}
	ri.tab = tab.ID
	if d := a.dlg.Pending(ctx, tab.ID); d != nil {
		return res, blocking(d)
	}
	work, stop := b.Work()
	defer stop()
	c, err := a.enter(work, tab.ID)
	if err != nil {
		return res, a.expired(b, work, ri, map[string]any{"waited_for": "a terminated evaluation's cleanup"})
	}
	defer func() {
		if c.cleanup != nil && a.spawn(func() {
			<-c.cleanup
			a.leave(tab.ID, c)
		}) {
			return
		}
		a.leave(tab.ID, c)
	}()
	return a.run(work, b, tab, c, e, ri)
}

// enter registers an evaluation on tab. It first waits for the cleanup of
// any abandoned evaluation there, so that the new one neither queues behind
// a script about to be terminated nor uses a session about to be detached.
// An abandoned call is recognised by its ended work context, which is
// visible as soon as its caller cancelled, before its handler noticed.
func (a *attachment) enter(ctx context.Context, tab events.TargetID) (*call, error) {
	c := &call{work: ctx, done: make(chan struct{})}
	for {
		a.mu.Lock()
		var abandoned *call
		for o := range a.inflight[tab] {
			if o.work.Err() != nil {
				abandoned = o
				break
			}
		}
		if abandoned == nil {
			if a.inflight[tab] == nil {
				a.inflight[tab] = map[*call]struct{}{}
			}
			a.inflight[tab][c] = struct{}{}
			a.mu.Unlock()
			return c, nil
		}
		a.mu.Unlock()
		select {
		case <-abandoned.done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

func (a *attachment) leave(tab events.TargetID, c *call) {
	a.mu.Lock()
	delete(a.inflight[tab], c)
	if len(a.inflight[tab]) == 0 {
		delete(a.inflight, tab)
	}
	a.mu.Unlock()
	close(c.done)
}

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
	s, err := a.iso.session(ctx, t.ID)
	if err == nil {
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
}

func (sc *script) run(ctx context.Context, c *cdp.Client) error {
	if sc.node != 0 {
		rn, err := c.DOM.ResolveNode(ctx, dom.NewResolveNodeArgs().SetBackendNodeID(dom.BackendNodeID(sc.node)).SetObjectGroup(sc.group))
		if err != nil {
			return err
		}
		if rn.Object.ObjectID == nil {
			return events.Errorf(events.CodeStaleRef, "the element is gone: take a new snapshot")
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
	r, err := c.Runtime.Evaluate(ctx, args)
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
		group: fmt.Sprintf("agentbrowser-evaluate-%d", a.groups.Add(1))}
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
			return sc.run(ctx, ch.client)
		}
		// An in-process frame: its context lives on the session of the
		// page or out-of-process frame that hosts it.
		for _, t := range a.tabTargets(tab) {
			c, err := a.channel(ctx, t)
			if err != nil {
				return err
			}
			id, ok, err := c.frameContext(ctx, frame)
			if err != nil {
				return err
			}
			if ok {
				ch, sc.ctxID = c, id
				return sc.run(ctx, ch.client)
			}
		}
		return events.Errorf(events.CodeFrameNotFound, "no frame %s in tab %s", frame, tab.ID).WithDetail("frame_id", string(frame))
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
		details := map[string]any{}
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
		res.Details = map[string]any{"fallback_reason": ch.reason, "fallback_error": ch.err.Error()}
	}
	return res, nil
}

// resolveRef asks the ref's owner (DefaultActionWatchdog) where its element
// is.
func (a *attachment) resolveRef(ctx context.Context, tab *session.Target, raw events.Ref) (events.ResolvedRef, error) {
	ref, _ := events.ParseRef(string(raw))
	rr, err := bus.DispatchFirst[events.ResolveRefEvent, events.ResolvedRef](ctx, a.s.Bus(), events.ResolveRefEvent{TabID: tab.ID, Ref: ref})
	if err != nil {
		var ce *events.Error
		switch {
		case errors.As(err, &ce):
			return rr, ce
		case errors.Is(err, bus.ErrNoHandler):
			return rr, events.Errorf(events.CodeUnknownRef, "ref %s is unknown: nothing in this session issues refs", ref).WithDetail("ref", string(ref))
		}
		return rr, fmt.Errorf("resolving ref %s: %w", ref, err)
	}
	if rr.BackendNodeID == 0 {
		return rr, events.Errorf(events.CodeStaleRef, "ref %s is stale: it names no element; take a new snapshot", ref).WithDetail("ref", string(ref))
	}
	return rr, nil
}

// targetOf returns the target a resolved element lives in.
func (a *attachment) targetOf(tab *session.Target, rr events.ResolvedRef) (*session.Target, error) {
	if rr.TargetID == "" || rr.TargetID == tab.ID {
		return tab, nil
	}
	if t, ok := a.s.TargetByID(rr.TargetID); ok && t.TabID == tab.ID {
		return t, nil
	}
	return nil, events.Errorf(events.CodeStaleRef, "ref %s is stale: its frame is gone; take a new snapshot", rr.Ref).WithDetail("ref", string(rr.Ref))
}

// tabTargets lists tab's page target first, then its out-of-process frames.
func (a *attachment) tabTargets(tab *session.Target) []*session.Target {
	out := []*session.Target{tab}
	for _, t := range a.s.Targets() {
		if t.TabID == tab.ID && t != tab {
			out = append(out, t)
		}
	}
	return out
}

// race runs op and ends it as soon as a JavaScript dialog opens in tab: a
// dialog blocks the page's script thread, so op might otherwise wait until
// someone answers. It returns the dialog in that case.
func (a *attachment) race(ctx context.Context, tab events.TargetID, op func(context.Context) error) (*events.DialogInfo, error) {
	cctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	changes := a.dlg.Changes()
	go func() {
		for {
			select {
			case <-changes:
				if a.dlg.Open(tab) != nil {
					cancel(errDialogOpened)
					return
				}
				changes = a.dlg.Changes()
			case <-cctx.Done():
				return
			}
		}
	}()
	err := op(cctx)
	if err != nil && errors.Is(context.Cause(cctx), errDialogOpened) {
		if d := a.dlg.Open(tab); d != nil {
			return d, nil
		}
	}
	return nil, err
}

// stopScript stops the script an evaluation left running and detaches the
// engine's session it ran on. The cleanup runs to its end within
// CleanupTimeout, whether or not anyone still waits for the answer; the
// caller waits for it only until its deadline is near (a third of the
// reserve before it), so that a slow cleanup does not make the answer late.
// details says what was done by then; done closes when all of it is.
func (a *attachment) stopScript(ch *channel, tab events.TargetID, b *budget.Budget, sc *script) (details map[string]any, done <-chan struct{}) {
	var mu sync.Mutex
	d := map[string]any{}
	set := func(k string, v any) {
		mu.Lock()
		d[k] = v
		mu.Unlock()
	}
	finished := make(chan struct{})
	cleanup := func() {
		defer close(finished)
		start := time.Now()
		ctx, cancel := context.WithTimeout(a.base, a.cfg.CleanupTimeout)
		defer cancel()
		if ch.sess != nil {
			// No new evaluation may pick the session from now on.
			a.iso.drop(ch.sess)
		}
		if dlg := a.dlg.Open(tab); dlg != nil {
			// The script waits on a dialog: terminating now would kill
			// whatever runs once the dialog is answered.
			set("terminated", false)
			set("terminate_skipped", "a dialog is open")
		} else {
			on, err := terminate(ctx, ch)
			a.stats.terminated(err == nil)
			set("terminated", err == nil)
			if err == nil {
				set("terminated_on", on)
			} else {
				set("terminate_error", err.Error())
				a.log.Warn().Err(err).Str("tab", string(tab)).Msg("could not terminate a script that ran out of budget")
			}
		}
		if ch.sess != nil {
			err := a.iso.detach(ctx, ch.sess)
			set("detached", err == nil)
			if err == nil {
				a.stats.detached()
			}
		} else {
			// On the main session the objects stay unless released.
			a.release(ch, sc)
		}
		set("cleanup_ms", time.Since(start).Milliseconds())
	}
	if !a.spawn(cleanup) {
		cleanup()
	}
	var wait <-chan time.Time
	if !b.Cancelled() {
		timer := time.NewTimer(time.Until(b.Deadline().Add(-b.Reserve() / 3)))
		defer timer.Stop()
		wait = timer.C
	}
	select {
	case <-finished:
	case <-wait:
		set("cleanup", "still running when the answer was due")
	}
	mu.Lock()
	defer mu.Unlock()
	return maps.Clone(d), finished
}

// terminate sends Runtime.terminateExecution on the channel's session. When
// the engine's own session does not answer within terminateWait, the same
// command goes to the target's main session; if that one reports a
// termination already in progress, the first is on its way and is waited
// for. ctx bounds the whole and ends when the cleanup does.
func terminate(ctx context.Context, ch *channel) (on string, err error) {
	if ch.sess == nil {
		return "main_session", ch.client.Runtime.TerminateExecution(ctx)
	}
	first := make(chan error, 1)
	go func() { first <- ch.client.Runtime.TerminateExecution(ctx) }()
	wait := time.NewTimer(terminateWait)
	defer wait.Stop()
	var firstErr error
	select {
	case firstErr = <-first:
		if firstErr == nil {
			return "evaluate_session", nil
		}
		first = nil // it failed outright; only the main session is left
	case <-wait.C:
	}
	err = ch.target.Client.Runtime.TerminateExecution(ctx)
	if err == nil {
		return "main_session", nil
	}
	if first != nil && strings.Contains(responseMessage(err), "in progress") {
		if firstErr = <-first; firstErr == nil {
			return "evaluate_session", nil
		}
	}
	return "", fmt.Errorf("terminating the script: %w", errors.Join(firstErr, err))
}

// release frees the objects an evaluation created, in the background: the
// caller does not wait for it.
func (a *attachment) release(ch *channel, sc *script) {
	if ch == nil || !sc.held {
		return
	}
	c, group := ch.client, sc.group
	a.spawn(func() {
		ctx, cancel := context.WithTimeout(a.base, 2*time.Second)
		defer cancel()
		_ = c.Runtime.ReleaseObjectGroup(ctx, runtime.NewReleaseObjectGroupArgs(group))
	})
}

// expired is the error of an evaluation whose budget ran out, or whose
// caller gave up, with what the engine did about it.
func (a *attachment) expired(b *budget.Budget, work context.Context, ri *runInfo, details map[string]any) error {
	details["budget_ms"] = b.Total().Round(time.Millisecond).Milliseconds()
	details["reserve_ms"] = b.Reserve().Milliseconds()
	details["elapsed_ms"] = b.Elapsed().Milliseconds()
	if ri.engine != "" {
		details["engine"] = ri.engine
	}
	var e *events.Error
	if budget.Expired(work) {
		ri.timedOut = true
		e = events.Errorf(events.CodeTimeout, "the script did not finish within its budget of %v", b.Total().Round(time.Millisecond))
	} else {
		ri.cancelled = true
		e = events.Errorf(events.CodeTimeout, "the evaluation was cancelled by its caller after %v: %w", b.Elapsed().Round(time.Millisecond), context.Canceled)
	}
	e.Details = details
	return e
}

// finish counts and logs one evaluation.
func (a *attachment) finish(b *budget.Budget, ri *runInfo, err error) {
	o := outcome{dur: b.Elapsed(), engine: ri.engine, reason: ri.reason, timedOut: ri.timedOut, cancelled: ri.cancelled}
	if err != nil {
		o.code = codeOf(err)
	}
	a.stats.record(o)
	ev := a.log.Debug().Str("session", a.s.TaskID()).Str("tab", string(ri.tab)).Str("kind", ri.kind).
		Str("engine", ri.engine).Dur("dur", o.dur).Int64("budget_ms", b.Total().Milliseconds())
	if ri.reason != "" {
		ev = ev.Str("fallback_reason", ri.reason)
	}
	if err != nil {
		ev = ev.Str("code", string(o.code)).Err(err)
	}
	ev.Msg("evaluate")
}

// codeOf is err's code for the counters.
func codeOf(err error) events.Code {
	var ce *events.Error
	switch {
	case errors.As(err, &ce):
		return ce.Code
	case errors.Is(err, session.ErrTabNotFound), errors.Is(err, session.ErrNoTab):
		return events.CodeTabNotFound
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return events.CodeTimeout
	}
	return events.CodeInternal
}

func kindOf(e events.EvaluateEvent) string {
	switch {
	case e.Ref != "":
		return "element"
	case e.FrameID != "":
		return "frame"
	case e.Expression == "" && e.Function != "":
		return "function"
	}
	return "page"
}

// validate rejects events that say too little or too much.
func validate(e events.EvaluateEvent) error {
	hasExpr, hasFn := strings.TrimSpace(e.Expression) != "", strings.TrimSpace(e.Function) != ""
	if e.Ref != "" {
		if _, ok := events.ParseRef(string(e.Ref)); !ok {
			return events.Errorf(events.CodeInvalidArgument, "malformed ref %q: want e5, @e5 or ref=e5", e.Ref)
		}
		if e.FrameID != "" {
			return events.Errorf(events.CodeInvalidArgument, "give a ref or a frame, not both: a ref knows its frame")
		}
		if hasExpr && hasFn {
			return events.Errorf(events.CodeInvalidArgument, "give the element's function as Function or Expression, not both")
		}
		if !hasExpr && !hasFn {
			return events.Errorf(events.CodeInvalidArgument, "a ref needs a function to call with the element, such as el => el.value")
		}
		return nil
	}
	switch {
	case hasExpr && hasFn:
		return events.Errorf(events.CodeInvalidArgument, "give an expression or a function, not both")
	case !hasExpr && !hasFn:
		return events.Errorf(events.CodeInvalidArgument, "expression is empty")
	}
	return nil
}

var _ watchdogs.Attachment = (*attachment)(nil)
