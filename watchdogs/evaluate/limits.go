package evaluate

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/events"
)

// replySlack is what a reply carries besides its value (type, description,
// ids), allowed on top of twice the result cap.
const replySlack = 64 << 10

// replyCap is the cap on the replies of the engine's connection for a
// result cap of max bytes: a string result arrives twice in one reply (as
// value and as deep value), so a value just under the cap must pass; a
// larger reply is dropped by the transport as it arrives. 0 is no cap.
func replyCap(max int64) int64 {
	if max <= 0 {
		return 0
	}
	return 2*max + replySlack
}

// checkSize fails a result whose JSON value is above the cap. The
// transport already dropped replies far above it; this makes the cap
// exact, and covers the fallback, whose main session has no reply cap.
func (a *attachment) checkSize(res events.EvaluateResult) error {
	max := a.cfg.MaxResultBytes
	if max <= 0 {
		return nil
	}
	b, err := json.Marshal(res.Value)
	if err != nil {
		return nil // the caller reports values that do not encode
	}
	if n := int64(len(b)); n > max {
		return resultTooLarge(n, max, "its JSON is")
	}
	return nil
}

// sizedScript wraps an expression so that the page keeps its value and
// answers only its size: the length of a string, the length of the JSON of
// anything else (-1 when it has none). The value waits under a
// registered symbol for fetchScript or dropScript. %s are the await
// keyword (or ""), the expression and the symbol's key.
const sizedScript = `(async () => {
const v = %s(
%s
);
const k = Symbol.for(%q);
globalThis[k] = v;
try {
	if (typeof v === "string") return v.length;
	const j = JSON.stringify(v);
	return typeof j === "string" ? j.length : -1;
} catch (e) { return -1; }
})()`

// wrapperLines is how many lines sizedScript puts before the expression.
const wrapperLines = 2

// fetchScript returns the kept value and forgets it; dropScript only
// forgets it.
const (
	fetchScript = `(() => { const k = Symbol.for(%q); const v = globalThis[k]; delete globalThis[k]; return v; })()`
	dropScript  = `(() => { delete globalThis[Symbol.for(%q)]; })()`
)

// runSized runs the expression in two steps when it is one (not a list of
// statements): the page computes the value and its size first, and the
// value is sent only when it fits the cap. A 50 MB string is then refused
// in the page instead of being serialised, sent and dropped. done is false
// when the expression cannot be wrapped (it does not compile as one, e.g.
// "let a = 1; a"); the caller then runs it as it is, and the transport's
// cap still bounds what arrives.
func (sc *script) runSized(ctx context.Context, c *cdp.Client) (done bool, err error) {
	if sc.await {
		return sc.runSizedAwait(ctx, c)
	}
	key := "agentbrowser.result." + sc.group
	await := ""
	if sc.await {
		await = "await "
	}
	wrapped := fmt.Sprintf(sizedScript, await, sc.expr, key)
	eval := func(expr string, await bool) *runtime.EvaluateArgs {
		args := runtime.NewEvaluateArgs(expr).SetAwaitPromise(await).SetUserGesture(true).SetObjectGroup(sc.group)
		if sc.ctxID != 0 {
			args.SetContextID(sc.ctxID)
		}
		return args
	}
	// The wrapper is an async function: whatever the expression throws
	// rejects its promise, so an exception thrown by this call itself
	// can only be the wrapper failing to compile, before any of the
	// expression ran.
	// The expression runs inside this call until its first await (a
	// synchronous loop spins here): from now on a timeout must stop it.
	sc.sent, sc.held = true, true
	r, err := c.Runtime.Evaluate(ctx, eval(wrapped, false))
	if err != nil {
		return true, err
	}
	if r.ExceptionDetails != nil || r.Result.ObjectID == nil {
		if r.Result.ObjectID != nil {
			_ = c.Runtime.ReleaseObject(ctx, runtime.NewReleaseObjectArgs(*r.Result.ObjectID))
		}
		return false, nil
	}
	ar, err := c.Runtime.AwaitPromise(ctx, runtime.NewAwaitPromiseArgs(*r.Result.ObjectID).SetReturnByValue(true))
	if err != nil {
		return true, err
	}
	if ar.ExceptionDetails != nil {
		if ar.ExceptionDetails.LineNumber >= wrapperLines {
			// Lines as the caller wrote them, not as wrapped.
			ar.ExceptionDetails.LineNumber -= wrapperLines
		}
		sc.result, sc.exc = &ar.Result, ar.ExceptionDetails
		return true, nil
	}
	r = &runtime.EvaluateReply{Result: ar.Result}
	var size int64
	_ = json.Unmarshal(r.Result.Value, &size)
	if size > sc.max {
		_, _ = c.Runtime.Evaluate(ctx, eval(fmt.Sprintf(dropScript, key), false).SetSilent(true))
		return true, resultTooLarge(size, sc.max, "its size in the page is")
	}
	r, err = c.Runtime.Evaluate(ctx, eval(fmt.Sprintf(fetchScript, key), false).SetSerializationOptions(deep))
	if err != nil {
		return true, err
	}
	sc.result, sc.exc = &r.Result, r.ExceptionDetails
	if r.Result.ObjectID != nil {
		sc.held = true
	}
	return true, nil
}
