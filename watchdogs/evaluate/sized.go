package evaluate

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/runtime"
)

// The sized script (sizedText) wraps an expression so that one
// Runtime.evaluate computes the value, measures it in the page, and
// returns it only when it fits the cap; a value above the cap rejects with
// tooLargeTag, its nonce and its size instead of being serialised. The
// measuring function (measureFunc) takes the value as its argument, so the
// expression is evaluated in a scope that declares no names of its own (a
// page global called v stays visible to it). Everything the expression or
// the measure throws comes back as a rejection: the wrapper is an async
// function when the expression awaits (asyncWrapper), and otherwise a
// plain function that turns what is thrown into a rejected promise
// (syncWrapper), which spares the page an async function and a turn of
// its microtasks (a few microseconds). The wrappers' verbs: the measuring
// function, "await " or nothing (async only), and the expression, which
// starts on line wrapperLines.
//
// measureFunc returns a primitive (the common answer: a number, a short
// string) at once; only an object or a function goes through the guard
// and the measure, a function declared apart so that the page compiles it
// only when it runs (compiling it on every call cost a small evaluation a
// tenth of its time). An object or array made only of what JSON keeps as
// it is (strings, booleans, finite numbers but -0, null, and plain objects
// and arrays of them, with no holes) comes back as jsonTag, its type and
// its JSON text, one string: the reply needs no deep serialisation, which
// costs even a number a tenth of a small evaluation's time, and 100,000
// numbers seconds. Any other object comes back as a handle, deeply
// serialised by a second call (runSized). A value whose reading throws (a
// getter, a proxy's trap) rejects with what it threw: Chrome's deep
// serialisation of such a value reads it again, and Chromium 148 crashes
// the renderer when that throws (later versions report "exception during
// deep serialization"). A cycle, a BigInt or a nesting too deep for
// JSON.stringify's stack, which the deep serialisation keeps (cut at its
// depth), and a platform object that refuses to be read (a cross-origin
// window), come back as handles and take the deep path. Its verbs, by
// index: the guard (thenableGuard for a value that is not awaited,
// adoptGuard for one that is awaited by the plain wrapper, or nothing),
// the cap, the rejection's prefix and jsonTag.
//
// The wrapper's whole text travels to the renderer on every call, and
// costs by its length even when V8 has it compiled: a comment of 1.5 KB
// added to a small evaluation cost it about 35 µs here, as much as the
// whole wrapper did when it was written out (1.6 KB, about 45 µs over the
// bare call; now about 1 KB and 20 µs). So the JavaScript below is
// written short: one-letter names, no spaces. Laid out, measureFunc reads
//
//	function s(v) {
//		var t = typeof v
//		if (v === null || t != "object" && t != "function") {
//			if (t == "string" && v.length > cap) throw tooLarge + v.length
//			return v
//		}
//		guard
//		return m(v)
//		function m(v) {
//			var n = -1, j, p = 1 // p: the value is plain JSON
//			try {
//				j = JSON.stringify(v, function (k, x) {
//					if (p) {
//						var o = this[k], t = typeof o
//						if (t == "number") { if (!isFinite(o) || Object.is(o, -0)) p = 0 }
//						else if (t == "object") { if (o !== null) { var q = Object.getPrototypeOf(o); if (q !== Object.prototype && q !== Array.prototype && q !== null || typeof o.toJSON == "function") p = 0 } }
//						else if (t != "string" && t != "boolean") p = 0
//					}
//					return x
//				})
//				if (typeof j == "string") n = j.length
//			} catch (e) {
//				p = 0
//				if (!(e instanceof DOMException) && !(e instanceof TypeError && /circular|BigInt/.test(e.message)) && !(e instanceof RangeError && /call stack/.test(e.message))) throw e
//			}
//			if (n > cap) throw tooLarge + n
//			if (p && typeof v == "object") return json + (Array.isArray(v) ? "array:" : "object:") + j
//			return v
//		}
//	}
const (
	measureFunc = `function s(v){var t=typeof v;if(v===null||t!="object"&&t!="function"){if(t=="string"&&v.length>%[2]d)throw %[3]q+v.length;return v}%[1]sreturn m(v);` +
		`function m(v){var n=-1,j,p=1;try{j=JSON.stringify(v,function(k,x){if(p){var o=this[k],t=typeof o;` +
		`if(t=="number"){if(!isFinite(o)||Object.is(o,-0))p=0}` +
		`else if(t=="object"){if(o!==null){var q=Object.getPrototypeOf(o);if(q!==Object.prototype&&q!==Array.prototype&&q!==null||typeof o.toJSON=="function")p=0}}` +
		`else if(t!="string"&&t!="boolean")p=0}return x});if(typeof j=="string")n=j.length}` +
		`catch(e){p=0;if(!(e instanceof DOMException)&&!(e instanceof TypeError&&/circular|BigInt/.test(e.message))&&!(e instanceof RangeError&&/call stack/.test(e.message)))throw e}` +
		`if(n>%[2]d)throw %[3]q+n;if(p&&typeof v=="object")return %[4]q+(Array.isArray(v)?"array:":"object:")+j;return v}}`
	asyncWrapper = "(async()=>{\nreturn(%s)(%s(\n%s\n))\n})()"
	syncWrapper  = "(()=>{try{\nreturn(%s)((\n%s\n))\n}catch(e){return Promise.reject(e)}})()"
)

// adoptGuard awaits a thenable for the plain wrapper, as an await in the
// async one would, and measures what it settles to. Reading then may
// throw, which rejects as the await would.
const adoptGuard = `if(typeof v.then=="function")return Promise.resolve(v).then(s);`

// jsonTag starts the string that the sized script returns for a plain object
// or array: jsonTag, "array:" or "object:", and the value's JSON text. The
// nonce keeps a page's own string from passing for it.
var jsonTag = "agentbrowser:json:" + nonce()

// thenableGuard keeps a value that is not awaited from being adopted by
// the wrapper's own promise when it is a thenable: such a value is kept in
// the page under a key the page draws, and the wrapper rejects with
// thenableTag (its verb) followed by that key, for fetchScript to return
// the value as it is. A then that cannot be read counts as one, so that
// nothing of the value runs. The key is drawn in the page so that the
// wrapper's text is the same on every call of the same expression: V8
// then takes its compiled code from its cache instead of compiling the
// wrapper anew each time.
const thenableGuard = `var c;try{c=typeof v.then=="function"}catch(e){c=1}if(c){var k="agentbrowser.result."+Math.random().toString(36).slice(2)+Date.now().toString(36);globalThis[Symbol.for(k)]=v;throw %q+k}`

// wrapperLines is how many lines both wrappers put before the expression.
const wrapperLines = 2

// fetchScript returns the value thenableGuard kept under the key, and
// forgets it.
const fetchScript = `(() => { const k = Symbol.for(%q); const v = globalThis[k]; delete globalThis[k]; return v; })()`

// tooLargeTag starts the rejection of a value above the cap; the nonce after
// it, drawn once per process, keeps a page's own rejection from passing for
// it. thenableTag is the rejection of thenableGuard.
var (
	tooLargeTag = "agentbrowser:result-too-large:" + nonce() + ":"
	thenableTag = "agentbrowser:thenable:" + nonce() + ":"
)

func nonce() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// runSized runs the expression measured in the page (sizedText), in
// one round trip: a 50 MB string is refused in the page instead of being
// serialised, sent and dropped. A value that is not awaited and is a
// thenable takes a second call, which fetches it as it is. done is false
// when the expression does not compile as one (a list of statements):
// nothing of it ran, and the caller runs it as it is, with the
// transport's cap still bounding what arrives.
//
// An async function never throws synchronously, so an exception that
// Runtime.evaluate reports without "(in promise)" can only be the wrapper
// failing to compile; everything the expression throws or rejects with
// comes back as a rejection.
func (sc *script) runSized(ctx context.Context, c *cdp.Client) (done bool, err error) {
	eval := func(expr string) *runtime.EvaluateArgs {
		args := runtime.NewEvaluateArgs(expr).
			SetAwaitPromise(true).
			SetUserGesture(true).
			SetObjectGroup(sc.group)
		if sc.ctxID != 0 {
			args.SetContextID(sc.ctxID)
		}
		return args
	}
	// From here on a timeout must stop the script.
	sc.sent = true
	r, err := sc.evaluate(ctx, c, eval(sc.sizedText()))
	if err != nil {
		return true, err
	}
	sc.held = r.Result.ObjectID != nil
	d := r.ExceptionDetails
	if d == nil {
		sc.result = &r.Result
		if !needsDeep(&r.Result) {
			return true, nil
		}
		// An object JSON would change: serialise it deeply through its
		// handle, kept in the script's group.
		cr, err := c.Runtime.CallFunctionOn(ctx, runtime.NewCallFunctionOnArgs("function () { return this; }").
			SetObjectID(*r.Result.ObjectID).
			SetObjectGroup(sc.group).
			SetSerializationOptions(deep))
		if err != nil {
			return true, err
		}
		sc.result, sc.exc = &cr.Result, cr.ExceptionDetails
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
	if key, ok := thenableKey(d); ok {
		// The value is a thenable, kept in the page: fetch it as it is
		// (awaiting the call would adopt it).
		if r, err = sc.evaluate(ctx, c, eval(fmt.Sprintf(fetchScript, key)).SetAwaitPromise(false).SetSerializationOptions(deep)); err != nil {
			return true, err
		}
		if r.Result.ObjectID != nil {
			sc.held = true
		}
		sc.result, sc.exc = &r.Result, r.ExceptionDetails
		return true, nil
	}
	shiftLines(d, wrapperLines)
	sc.result, sc.exc = &r.Result, d
	return true, nil
}

// sizedText is sc's expression wrapped in the sized script. It depends on the
// expression, whether it is awaited and the cap alone, so that the same
// expression sent again is the same script, which V8 compiles once. The
// wrapper's text around the expression is made once per cap and kind.
func (sc *script) sizedText() string {
	k := wrapperKey{max: sc.max, await: sc.await, async: strings.Contains(sc.expr, "await")}
	w, ok := wrappers.Load(k)
	if !ok {
		w, _ = wrappers.LoadOrStore(k, k.wrapper())
	}
	p := w.([2]string)
	return p[0] + sc.expr + p[1]
}

// wrapperKey names a wrapper of the sized script. async is set for an
// expression that holds the word await anywhere (which the plain wrapper
// could not compile); one that merely names it, in a string or a comment,
// costs the async wrapper's few microseconds and nothing else.
type wrapperKey struct {
	max   int64
	await bool
	async bool
}

// wrappers holds each wrapperKey's text before and after the expression.
var wrappers sync.Map

func (k wrapperKey) wrapper() [2]string {
	guard, await := fmt.Sprintf(thenableGuard, thenableTag), ""
	if k.await {
		guard = ""
		if k.async {
			await = "await "
		} else {
			guard = adoptGuard
		}
	}
	measure := fmt.Sprintf(measureFunc, guard, k.max, tooLargeTag, jsonTag)
	const hole = "\x00expression\x00"
	var text string
	if k.async {
		text = fmt.Sprintf(asyncWrapper, measure, await, hole)
	} else {
		text = fmt.Sprintf(syncWrapper, measure, hole)
	}
	before, after, _ := strings.Cut(text, hole)
	return [2]string{before, after}
}

// needsDeep reports whether o, the wrapper's answer, is an object that
// only a deep serialisation returns as it is: a Map, a Date, an object
// holding undefined or NaN. A primitive and the wrapper's JSON text
// arrive whole, and the objects that come back as their description (a
// node, an error, a promise: describedOnly's kinds that are also
// RemoteObject subtypes; a function is not of type "object") need only
// what o says.
func needsDeep(o *runtime.RemoteObject) bool {
	if o.ObjectID == nil || o.Type != "object" {
		return false
	}
	if o.Subtype == nil || o.Description == nil || *o.Description == "" {
		return true
	}
	_, only := describedOnly[*o.Subtype]
	return !only
}

// compileFailed reports whether d is the wrapper of runSized failing
// to compile: a SyntaxError thrown synchronously, with no stack.
func compileFailed(d *runtime.ExceptionDetails) bool {
	if strings.HasPrefix(d.Text, "Uncaught (in promise)") || d.StackTrace != nil {
		return false
	}
	return d.Exception != nil && d.Exception.ClassName != nil && *d.Exception.ClassName == "SyntaxError"
}

// rejection is the string d's exception is, if it is one.
func rejection(d *runtime.ExceptionDetails) (string, bool) {
	if d.Exception == nil || d.Exception.Type != "string" {
		return "", false
	}
	var s string
	if err := json.Unmarshal(d.Exception.Value, &s); err != nil {
		return "", false
	}
	return s, true
}

// thenableKey reads the key thenableGuard kept a thenable under out of
// its rejection.
func thenableKey(d *runtime.ExceptionDetails) (string, bool) {
	s, ok := rejection(d)
	if !ok {
		return "", false
	}
	key, ok := strings.CutPrefix(s, thenableTag)
	return key, ok && strings.HasPrefix(key, "agentbrowser.result.")
}

// tooLarge reads the size out of the wrapper's too-large rejection.
func tooLarge(d *runtime.ExceptionDetails) (int64, bool) {
	s, ok := rejection(d)
	if !ok {
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
