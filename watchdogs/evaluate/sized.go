package evaluate

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/runtime"
)

// sizedAwaitScript wraps an awaited expression so that one Runtime.evaluate
// computes the value, measures it in the page, and returns it (deeply
// serialised) only when it fits the cap; a value above the cap rejects with
// tooLargeTag, its nonce and its size instead of being serialised. The
// measuring function takes the value as its argument, so the expression is
// evaluated in a scope that declares no names of its own (a page global
// called v stays visible to it). %q is the rejection's prefix, %d the cap
// and %s the expression, which starts on line wrapperLines.
const sizedAwaitScript = `(async () => {
return ((v) => { let n = -1; try { if (typeof v === "string") n = v.length; else { const j = JSON.stringify(v); if (typeof j === "string") n = j.length; } } catch (e) {} if (n > %d) throw %q + n; return v; })(await (
%s
));
})()`

// tooLargeTag starts the rejection of a value above the cap; the nonce after
// it, drawn once per process, keeps a page's own rejection from passing for
// it.
var tooLargeTag = "agentbrowser:result-too-large:" + nonce() + ":"

func nonce() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// runSizedAwait is runSized for an expression whose value is awaited: one
// round trip instead of three. done is false when the expression does not
// compile as one (a list of statements): nothing of it ran, and the caller
// runs it as it is.
//
// An async function never throws synchronously, so an exception that
// Runtime.evaluate reports without "(in promise)" can only be the wrapper
// failing to compile; everything the expression throws or rejects with
// comes back as a rejection.
func (sc *script) runSizedAwait(ctx context.Context, c *cdp.Client) (done bool, err error) {
	args := runtime.NewEvaluateArgs(fmt.Sprintf(sizedAwaitScript, sc.max, tooLargeTag, sc.expr)).
		SetAwaitPromise(true).
		SetUserGesture(true).
		SetObjectGroup(sc.group).
		SetSerializationOptions(deep)
	if sc.ctxID != 0 {
		args.SetContextID(sc.ctxID)
	}
	// From here on a timeout must stop the script.
	sc.sent = true
	r, err := sc.evaluate(ctx, c, args)
	if err != nil {
		return true, err
	}
	sc.held = r.Result.ObjectID != nil
	d := r.ExceptionDetails
	if d == nil {
		sc.result = &r.Result
		return true, nil
	}
	if d.Exception != nil && d.Exception.ObjectID != nil {
		sc.held = true
	}
	if compileFailed(d) {
		return false, nil
	}
	if size, ok := tooLarge(d); ok {
		return true, resultTooLarge(size, sc.max, "its size in the page is")
	}
	shiftLines(d, wrapperLines)
	sc.result, sc.exc = &r.Result, d
	return true, nil
}

// compileFailed reports whether d is the wrapper of runSizedAwait failing
// to compile: a SyntaxError thrown synchronously, with no stack.
func compileFailed(d *runtime.ExceptionDetails) bool {
	if strings.HasPrefix(d.Text, "Uncaught (in promise)") || d.StackTrace != nil {
		return false
	}
	return d.Exception != nil && d.Exception.ClassName != nil && *d.Exception.ClassName == "SyntaxError"
}

// tooLarge reads the size out of the wrapper's too-large rejection.
func tooLarge(d *runtime.ExceptionDetails) (int64, bool) {
	if d.Exception == nil || d.Exception.Type != "string" {
		return 0, false
	}
	var s string
	if err := json.Unmarshal(d.Exception.Value, &s); err != nil {
		return 0, false
	}
	rest, ok := strings.CutPrefix(s, tooLargeTag)
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseInt(rest, 10, 64)
	return n, err == nil
}

// shiftLines gives an exception's lines as the caller wrote the
// expression, not as wrapped: the exception's own line and the frames of
// the wrapped script.
func shiftLines(d *runtime.ExceptionDetails, by int) {
	if d.LineNumber >= by {
		d.LineNumber -= by
	}
	if d.StackTrace == nil {
		return
	}
	for i := range d.StackTrace.CallFrames {
		f := &d.StackTrace.CallFrames[i]
		if d.ScriptID != nil && f.ScriptID == *d.ScriptID && f.LineNumber >= by {
			f.LineNumber -= by
		}
	}
}
