package actions

import (
	"context"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// EvaluateFunction calls fn, a function expression such as
// "() => document.title", in the active tab.
func EvaluateFunction(ctx context.Context, s *session.BrowserSession, fn string) (events.EvaluateResult, error) {
	return Do(ctx, s, events.EvaluateEvent{Function: fn, AwaitPromise: true, ReturnByValue: true})
}

// EvaluateRef calls fn with the element ref names as its first argument
// ("el => el.value") in the frame the element lives in.
func EvaluateRef(ctx context.Context, s *session.BrowserSession, ref events.Ref, fn string) (events.EvaluateResult, error) {
	return Do(ctx, s, events.EvaluateEvent{Ref: ref, Function: fn, AwaitPromise: true, ReturnByValue: true})
}

// EvaluateInFrame runs expr in a frame of the active tab: an out-of-process
// frame through its own session, an in-process one in its main world.
func EvaluateInFrame(ctx context.Context, s *session.BrowserSession, frame events.FrameID, expr string) (events.EvaluateResult, error) {
	return Do(ctx, s, events.EvaluateEvent{FrameID: frame, Expression: expr, AwaitPromise: true, ReturnByValue: true})
}

// EvaluateStats returns the session's evaluate counters.
func EvaluateStats(ctx context.Context, s *session.BrowserSession) (events.EvaluateStats, error) {
	return Do(ctx, s, events.EvaluateStatsEvent{})
}
