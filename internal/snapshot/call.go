package snapshot

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/events"
)

// Called is the answer of Call: what the engine knows about the ref and
// the function's value.
type Called struct {
	Ref  events.Ref
	Info RefInfo
	// Client speaks to the session the element lives in, as in Resolved.
	Client *cdp.Client
	// Value is the function's result, as JSON.
	Value json.RawMessage
}

// Call runs the function fn (its source, "function (...) {...}") with
// this bound to ref's element in agentbrowser's isolated world and args as
// its arguments (each JSON), and returns its value (a promise's once it
// settles), in one round trip: no
// handle is kept, so there is nothing to release. It fails as Resolve does
// when the element is gone, and with the function's exception when it
// throws. Info.BackendNodeID is set only when it is already known.
func (e *Engine) Call(ctx context.Context, ref events.Ref, fn string, args ...json.RawMessage) (Called, error) {
	canon, entry, v, err := e.callRef(ctx, ref, true, fn, args)
	if err != nil {
		return Called{}, err
	}
	e.mu.Lock()
	info := entry.info
	e.mu.Unlock()
	return Called{Ref: canon, Info: info, Client: entry.w.client, Value: v}, nil
}

// CallWorld runs fn, as Call does, in the isolated world ref's element
// was found in, with this bound to the world's global object instead of
// the element: for work that must outlive the element (an input's handler
// may remove it) in the document it was in. It fails with a StaleRefError
// when that document is gone.
func (e *Engine) CallWorld(ctx context.Context, ref events.Ref, fn string, args ...json.RawMessage) (json.RawMessage, error) {
	_, _, v, err := e.callRef(ctx, ref, false, fn, args)
	return v, err
}

// callRef looks ref up and runs fn in its world, on its element or, when
// onElement is false, on the world's global object; a gone world or
// element is a StaleRefError.
func (e *Engine) callRef(ctx context.Context, ref events.Ref, onElement bool, fn string, args []json.RawMessage) (events.Ref, *refEntry, json.RawMessage, error) {
	canon, entry, err := e.lookup(ref)
	if err != nil {
		return "", nil, nil, err
	}
	var id int64
	if onElement {
		id = entry.local
	}
	v, gone, err := entry.w.call(ctx, id, fn, args)
	if err != nil {
		if isWorldGone(err) {
			e.kill(entry.w)
			return "", nil, nil, &StaleRefError{Ref: canon}
		}
		return "", nil, nil, fmt.Errorf("calling into ref %s: %w", canon, err)
	}
	if gone {
		e.forget(entry)
		return "", nil, nil, &StaleRefError{Ref: canon}
	}
	return canon, entry, v, nil
}

// CallFrameOwner runs fn, as Call does, on the <iframe> element that holds
// the out-of-process frame ref's element lives in, in the isolated world
// of the tab's top document. ok is false, with no error, when there is no
// such element to call: ref's element is in the top document (or a frame
// of its process), its frame is nested in another out-of-process frame, or
// no capture has seen the frame's <iframe> yet.
func (e *Engine) CallFrameOwner(ctx context.Context, ref events.Ref, fn string, args ...json.RawMessage) (v json.RawMessage, ok bool, err error) {
	_, entry, err := e.lookup(ref)
	if err != nil {
		return nil, false, err
	}
	e.mu.Lock()
	top, fid := e.top, entry.w.frameID
	var owner int64
	if top != nil && top != entry.w && !top.dead {
		for id, f := range top.frameOf {
			if f == fid {
				owner = id
				break
			}
		}
	}
	e.mu.Unlock()
	if owner == 0 {
		return nil, false, nil
	}
	v, gone, err := top.call(ctx, owner, fn, args)
	if err != nil {
		if isWorldGone(err) {
			e.kill(top)
			return nil, false, nil
		}
		return nil, false, fmt.Errorf("calling the iframe of frame %s: %w", fid, err)
	}
	if gone {
		return nil, false, nil
	}
	return v, true, nil
}

// call runs fn on the world's element id by value, or on the world's
// global object when id is 0 (element ids start at 1). gone reports that
// the element is no longer in a live document. The function sent is the
// same text for every element and world (the token, the element and the
// arguments go as the call's arguments), so V8 compiles each fn once per
// renderer and takes it from its compilation cache afterwards; a text
// carrying them was compiled anew on every call.
//
// A long fn is sent once per world: the first call keeps it in the world
// under its key (keyOf), and later calls name the key. Even a text V8
// takes from its cache travels whole on every call, through the browser to
// the renderer, and costs by its length: on one idle tab here, a 6.8 KB
// function took a median 0.53 ms a call kept against 0.64 ms sent whole,
// and the typing and clicking checks are 6-7 KB. A world that does not
// hold the key (its script was installed anew) answers keyMissing, and
// the call is made once more with the text.
func (w *world) call(ctx context.Context, id int64, fn string, args []json.RawMessage) (v json.RawMessage, gone bool, err error) {
	key := keyOf(fn)
	w.keptMu.Lock()
	kept := key != 0 && w.kept[key]
	w.keptMu.Unlock()
	if kept {
		keptSent.Add(1)
	}
	v, gone, missing, err := w.callOnce(ctx, id, callText(fn, key, kept), args)
	if missing {
		w.setKept(key, false)
		v, gone, _, err = w.callOnce(ctx, id, callText(fn, key, false), args)
		kept = false
	}
	if key != 0 && !kept && err == nil {
		// The page ran the text, which keeps fn before anything else.
		w.setKept(key, true)
	}
	return v, gone, err
}

// setKept records whether the world holds the function of key.
func (w *world) setKept(key int, held bool) {
	w.keptMu.Lock()
	defer w.keptMu.Unlock()
	if w.kept == nil {
		w.kept = map[int]bool{}
	}
	w.kept[key] = held
}

// callOnce sends one call's text; missing reports that it named a kept
// function the world does not hold.
func (w *world) callOnce(ctx context.Context, id int64, text string, args []json.RawMessage) (v json.RawMessage, gone, missing bool, err error) {
	reply, err := w.client.Runtime.CallFunctionOn(ctx, runtime.NewCallFunctionOnArgs(text).
		SetExecutionContextID(w.ctxID).SetArguments(w.callArgs(id, args)).
		SetReturnByValue(true).SetSilent(true).SetAwaitPromise(true))
	if err != nil {
		return nil, false, false, err
	}
	if reply.ExceptionDetails != nil {
		return nil, false, false, fmt.Errorf("%s", exceptionText(reply.ExceptionDetails))
	}
	var s string
	if json.Unmarshal(reply.Result.Value, &s) == nil {
		switch s {
		case staleMark:
			return nil, false, false, errWorldGone
		case "\x00gone":
			return nil, true, false, nil
		case keyMissing:
			return nil, false, true, nil
		}
	}
	var out [1]json.RawMessage
	if err := json.Unmarshal(reply.Result.Value, &out); err != nil {
		return nil, false, false, fmt.Errorf("decoding the result: %w", err)
	}
	return out[0], false, false, nil
}

// keyMissing is a call's answer when the world holds no function under
// the key it names.
const keyMissing = "\x00nokey"

// keptFrom is the shortest function that call keeps in a world; a
// shorter one costs less to send than to look up.
const keptFrom = 512

// keptSent counts the calls sent by key, for tests.
var keptSent atomic.Int64

var (
	keysMu sync.Mutex
	keys   = map[string]int{}
)

// maxKeys bounds the functions kept: the engine's callers pass constant
// texts, a few dozen at most, and a caller that made texts on the fly
// would otherwise grow the table without end.
const maxKeys = 256

// keyOf is fn's key among the functions call keeps in worlds, the same in
// every world of the process; 0 for one too short to keep, or once the
// table is full.
func keyOf(fn string) int {
	if len(fn) < keptFrom {
		return 0
	}
	keysMu.Lock()
	defer keysMu.Unlock()
	k, ok := keys[fn]
	if !ok && len(keys) < maxKeys {
		k = len(keys) + 1
		keys[fn] = k
	}
	return k
}

// callText wraps fn for call: the wrapper checks the world's token, finds
// the element and calls fn on it with the remaining arguments. With a key,
// it keeps fn in the world under it (kept false) or calls the function
// kept there (kept true).
func callText(fn string, key int, kept bool) string {
	get := "(" + fn + ")"
	if key != 0 {
		k := strconv.Itoa(key)
		if kept {
			get = `(a.kept && a.kept[` + k + `]); if (!f) return "\u0000nokey"`
		} else {
			get = `((a.kept || (a.kept = {}))[` + k + `] = (` + fn + `))`
		}
	}
	return `function (token, id, ...args) { ` + staleCheck + `const f = ` + get + `; ` +
		`const e = id === 0 ? globalThis : a.el(id); if (!e) return "\u0000gone"; const v = f.apply(e, args); ` +
		`return v instanceof Promise ? v.then(x => [x]) : [v]; }`
}

// WorldFrame returns the frame whose document's world ref's element was
// found in: the tab's top frame or an out-of-process frame (an element of
// a same-process child frame is found from its parent's world). false for
// a ref the engine cannot resolve.
func (e *Engine) WorldFrame(ref events.Ref) (events.FrameID, bool) {
	_, entry, err := e.lookup(ref)
	if err != nil {
		return "", false
	}
	return entry.w.frameID, true
}

// LocalRef returns the ref issued for the element whose world-local id is
// local, in the world ref's element lives in (the ids a call's function
// reads with __ab.idOf), when a snapshot gave it one and that world is
// still the element's.
func (e *Engine) LocalRef(ref events.Ref, local int64) (events.Ref, RefInfo, bool) {
	_, entry, err := e.lookup(ref)
	if err != nil || local == 0 {
		return "", RefInfo{}, false
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	other := entry.w.entries[local]
	if other == nil || other.w.dead || e.refs[other.ref] != other {
		return "", RefInfo{}, false
	}
	return other.ref, other.info, true
}
