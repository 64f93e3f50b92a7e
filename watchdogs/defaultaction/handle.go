package defaultaction

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/events"
)

// The calls below work with handles in the element's isolated world: an
// element found from a ref's element (the editor inside a surface, the
// option a combobox shows) becomes an element of its own, and arguments
// may be elements too.

// callHandle calls fn on the element, as callOn does, with args as given
// (by value or by handle), and answers the result by handle.
func (el *element) callHandle(ctx context.Context, fn string, args ...runtime.CallArgument) (runtime.RemoteObject, error) {
	call := runtime.NewCallFunctionOnArgs(fn).SetObjectID(el.res.ObjectID).SetSilent(true).SetAwaitPromise(true)
	if len(args) > 0 {
		call.SetArguments(args)
	}
	r, err := el.res.Client.Runtime.CallFunctionOn(ctx, call)
	if err != nil {
		return runtime.RemoteObject{}, el.gone(fmt.Errorf("calling into ref %s: %w", el.ref, err))
	}
	if r.ExceptionDetails != nil {
		return runtime.RemoteObject{}, events.Errorf(events.CodeJSException, "script on ref %s failed: %s", el.ref, exceptionText(r.ExceptionDetails))
	}
	return r.Result, nil
}

// derived returns el's world's element obj (another element found from
// el), described in messages as el is. Release it on its own.
func (el *element) derived(obj runtime.RemoteObjectID) *element {
	d := *el
	d.res.ObjectID = obj
	return &d
}

// elementOf turns a handle answered by a call on el into an element of
// el's world; nil for anything but an element.
func (el *element) elementOf(o runtime.RemoteObject) *element {
	if o.ObjectID == nil {
		return nil
	}
	if o.Subtype == nil || *o.Subtype != "node" {
		el.a.releaseObject(context.Background(), el.res.Client, *o.ObjectID)
		return nil
	}
	return el.derived(*o.ObjectID)
}

// callHandleByValue calls fn with args as given and answers its value.
func (el *element) callHandleByValue(ctx context.Context, fn string, args ...runtime.CallArgument) (json.RawMessage, error) {
	call := runtime.NewCallFunctionOnArgs(fn).SetObjectID(el.res.ObjectID).SetSilent(true).SetAwaitPromise(true).SetReturnByValue(true).SetArguments(args)
	r, err := el.res.Client.Runtime.CallFunctionOn(ctx, call)
	if err != nil {
		return nil, el.gone(fmt.Errorf("calling into ref %s: %w", el.ref, err))
	}
	if r.ExceptionDetails != nil {
		return nil, events.Errorf(events.CodeJSException, "script on ref %s failed: %s", el.ref, exceptionText(r.ExceptionDetails))
	}
	return r.Result.Value, nil
}

func mustJSON(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}
