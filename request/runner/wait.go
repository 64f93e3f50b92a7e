package runner

import (
	"context"
	"fmt"
	"time"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
	"github.com/agentbrowser/agentbrowser/watchdogs/defaultaction"
)

// wait pauses, polls a script, or waits for a condition of the page's
// (actions.Wait: WaitEvent).
func wait(ctx context.Context, b *Browser, q request.Wait) (events.ActionResult, error) {
	switch {
	case q.MS > 0:
		return pause(ctx, q.MS)
	case q.Fn != "":
		return waitFn(ctx, b, q.Fn)
	}
	return actions.Wait(ctx, b.s, waitEvent(q))
}

func waitEvent(q request.Wait) events.WaitEvent {
	return events.WaitEvent{Text: q.Text, Ref: q.Ref.AsRef(), Gone: q.Gone.AsRef(), URL: q.URL, Load: q.Load, LoadState: q.LoadState}
}

// checkWait is the DefaultActionWatchdog's check of a condition of the
// page's: exactly one, and a load state it knows.
func checkWait(q request.Wait) error {
	if q.MS > 0 || q.Fn != "" {
		return nil
	}
	return defaultaction.Check(waitEvent(q))
}

// fnPoll is how often Wait{Fn} evaluates its script.
const fnPoll = 50 * time.Millisecond

// pause waits ms milliseconds; a pause longer than the budget left fails
// at once rather than at the budget's end.
func pause(ctx context.Context, ms int) (events.ActionResult, error) {
	d := time.Duration(ms) * time.Millisecond
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < d {
		return events.ActionResult{}, events.Errorf(events.CodeInvalidArgument,
			"a pause of %d ms is longer than the %d ms left in the command's budget; raise --timeout-ms (timeout_ms)", ms, time.Until(dl).Milliseconds())
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
		return events.ActionResult{}, events.NewError(events.CodeCanceled, ctx.Err(), "the pause was cancelled by its caller")
	}
	what := fmt.Sprintf("%d ms", ms)
	return events.ActionResult{Details: events.ActionDetails{WaitedFor: what, ElapsedMS: new(int64(ms))}}, nil
}

// waitFn evaluates fn in the page (through the evaluate path, so its
// switch and budget apply) until its value is truthy.
func waitFn(ctx context.Context, b *Browser, fn string) (events.ActionResult, error) {
	// The script is the agent's own: an expression, or a function to call.
	// It is spliced in rather than passed to eval, which a page's content
	// security policy may forbid; a syntax error in it is reported as the
	// evaluation's.
	expr := "(async () => { const v = (\n" + fn + "\n); return !!(typeof v === 'function' ? await v() : await v); })()"
	what := fmt.Sprintf("script %s to be truthy", shorten(fn, 80))
	start := time.Now()
	for {
		r, err := actions.Evaluate(ctx, b.s, expr)
		if err != nil {
			if ctx.Err() != nil || actions.Code(err) == events.CodeTimeout {
				return events.ActionResult{}, events.Errorf(events.CodeTimeout, "waiting for %s: not reached within %v", what, time.Since(start).Round(time.Millisecond)).
					WithDetails(events.ErrorDetails{WaitedFor: what})
			}
			return events.ActionResult{}, err
		}
		if r.Value == true {
			return events.ActionResult{Details: events.ActionDetails{WaitedFor: what, ElapsedMS: new(time.Since(start).Milliseconds())}}, nil
		}
		t := time.NewTimer(fnPoll)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return events.ActionResult{}, events.Errorf(events.CodeTimeout, "waiting for %s: not reached within %v", what, time.Since(start).Round(time.Millisecond)).
				WithDetails(events.ErrorDetails{WaitedFor: what})
		}
	}
}

// shorten cuts s to n bytes for a message.
func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
