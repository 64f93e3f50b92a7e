package request

import (
	"context"
	"fmt"
	"time"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/watchdogs/defaultaction"
)

// Wait waits, within the budget, for exactly one condition: Text to
// appear, Ref to be visible, Gone to be removed or hidden, the URL to
// match URL, the document to reach a load state (Load: the load event;
// LoadState: "load", "domcontentloaded" or "networkidle"), the script Fn
// to give a truthy value, or MS milliseconds to pass.
type Wait struct {
	Returns[events.ActionResult]
	Text string     `json:"text,omitempty"`
	Ref  events.Ref `json:"ref,omitempty"`
	Gone events.Ref `json:"gone,omitempty"`
	URL  string     `json:"url,omitempty"`
	Load bool       `json:"load,omitempty"`
	// LoadState is the load state to wait for: load (as Load),
	// domcontentloaded, or networkidle (loaded, then no request started or
	// ended for 500 ms and none open).
	LoadState string `json:"load_state,omitempty"`
	// Fn is a JavaScript expression, or a function, evaluated in the page
	// until its value is truthy (a promise is awaited). It runs as eval
	// does, so the session's evaluate switch applies.
	Fn string `json:"fn,omitempty"`
	// MS is a pause: the command ends after it, whatever the page does.
	MS int `json:"ms,omitempty"`
}

func (Wait) Command() string { return "wait" }

func (q Wait) event() events.WaitEvent {
	return events.WaitEvent{Text: q.Text, Ref: q.Ref, Gone: q.Gone, URL: q.URL, Load: q.Load, LoadState: q.LoadState}
}

// Validate implements Validator.
func (q Wait) Validate() error {
	if err := checkRefs(q.Ref, q.Gone); err != nil {
		return err
	}
	switch {
	case q.MS < 0:
		return invalid("wait %d ms: the pause must not be negative", q.MS)
	case q.MS > MaxWaitMS:
		return invalid("wait %d ms: the longest pause is %d ms (one hour)", q.MS, MaxWaitMS)
	}
	own := 0
	if q.MS > 0 {
		own++
	}
	if q.Fn != "" {
		own++
	}
	if own == 0 {
		return defaultaction.Check(q.event())
	}
	if own > 1 || q.event() != (events.WaitEvent{}) {
		return invalid("wait needs exactly one of text, ref, gone, url, load, fn or a pause in ms")
	}
	return nil
}

// MaxWaitMS bounds a pause (an hour, the longest budget).
const MaxWaitMS = 3600000

// fnPoll is how often Wait{Fn} evaluates its script.
const fnPoll = 50 * time.Millisecond

func init() {
	Handle(func(ctx context.Context, b *Browser, q Wait) (events.ActionResult, error) {
		switch {
		case q.MS > 0:
			return pause(ctx, q.MS)
		case q.Fn != "":
			return waitFn(ctx, b, q.Fn)
		}
		return actions.Wait(ctx, b.s, q.event())
	})
}

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
