package evaluate

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/budget"
	"github.com/agentbrowser/agentbrowser/session"
)

// expired is the error of an evaluation whose budget ran out, or whose
// caller gave up, with what the engine did about it.
func (a *attachment) expired(b *budget.Budget, work context.Context, ri *runInfo, details events.ErrorDetails) error {
	details.BudgetMS = new(b.Total().Round(time.Millisecond).Milliseconds())
	details.ReserveMS = new(b.Reserve().Milliseconds())
	details.ElapsedMS = new(b.Elapsed().Milliseconds())
	details.Engine = ri.engine
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
		if _, err := events.ParseTarget(string(e.Ref)); err != nil {
			return err
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
