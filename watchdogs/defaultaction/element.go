package defaultaction

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
	"github.com/agentbrowser/agentbrowser/session"
)

// element is a resolved ref: the element's handle on the session it lives
// in.
type element struct {
	a      *attachment
	ref    events.Ref
	tab    *session.Target
	target *session.Target
	res    snapshot.Resolved
}

// release frees the element's handle, even after ctx ended. It does so in
// the background: the release waits on the page, which a dialog the action
// just opened blocks, and the action's answer must not wait for it.
func (el *element) release(ctx context.Context) {
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), releaseTimeout)
	select {
	case <-el.a.life.Done():
		// Detaching: release now, Detach waits for nothing else.
		defer cancel()
		_ = el.res.Release(rctx)
		return
	default:
	}
	el.a.wg.Add(1)
	go func() {
		defer el.a.wg.Done()
		defer cancel()
		_ = el.res.Release(rctx)
	}()
}

// element resolves ref on the tab tabID (or the active tab).
func (a *attachment) element(ctx context.Context, tabID events.TargetID, raw events.Ref) (*element, error) {
	ref, tab, err := a.refTab(ctx, tabID, raw)
	if err != nil {
		return nil, err
	}
	res, err := a.engine(tab).Resolve(ctx, ref)
	if err != nil {
		return nil, refError(err)
	}
	el := &element{a: a, ref: ref, tab: tab, res: res, target: a.targetOf(tab, res.Client)}
	if el.target == nil {
		el.release(ctx)
		return nil, events.Errorf(events.CodeStaleRef, "ref %s is stale: its frame is gone", ref).WithNext(events.StepSnapshot).WithDetails(events.ErrorDetails{Ref: ref})
	}
	return el, nil
}

// callOn calls fn on the element in its isolated world with args passed
// by value, and decodes its JSON result into out (when out is not nil).
func (el *element) callOn(ctx context.Context, fn string, out any, args ...any) error {
	// Awaited: a function that answers with a promise (jsMoveSeen) is
	// waited for, not returned as an object.
	call := runtime.NewCallFunctionOnArgs(fn).SetObjectID(el.res.ObjectID).SetReturnByValue(true).SetSilent(true).SetAwaitPromise(true)
	if len(args) > 0 {
		cas := make([]runtime.CallArgument, len(args))
		for i, a := range args {
			b, err := json.Marshal(a)
			if err != nil {
				return fmt.Errorf("encoding argument: %w", err)
			}
			cas[i] = runtime.CallArgument{Value: b}
		}
		call.SetArguments(cas)
	}
	r, err := el.res.Client.Runtime.CallFunctionOn(ctx, call)
	if err != nil {
		return el.gone(fmt.Errorf("calling into ref %s: %w", el.ref, err))
	}
	if r.ExceptionDetails != nil {
		return events.Errorf(events.CodeJSException, "script on ref %s failed: %s", el.ref, exceptionText(r.ExceptionDetails))
	}
	if out == nil || len(r.Result.Value) == 0 {
		return nil
	}
	if err := json.Unmarshal(r.Result.Value, out); err != nil {
		return fmt.Errorf("decoding result on ref %s: %w", el.ref, err)
	}
	return nil
}

// gone turns a CDP error that means the element's document went away into
// a stale_ref error.
func (el *element) gone(err error) error {
	var ce *events.Error
	if errors.As(err, &ce) {
		return err
	}
	if isNodeGone(err) {
		return staleRef(el.ref)
	}
	return err
}

func exceptionText(d *runtime.ExceptionDetails) string {
	if d.Exception != nil && d.Exception.Description != nil {
		return *d.Exception.Description
	}
	return d.Text
}

// info describes the element's kind.
type elemInfo struct {
	Tag       string       `json:"tag"`
	Type      string       `json:"type"`
	Role      string       `json:"role"`
	Editable  bool         `json:"editable"`
	Multiple  bool         `json:"multiple"`
	Disabled  bool         `json:"disabled"`
	Checkable string       `json:"checkable"`
	Checked   bool         `json:"checked"`
	Connected bool         `json:"connected"`
	Options   []optionInfo `json:"options,omitempty"`
	// Popup is the element's aria-haspopup, lower case ("listbox",
	// "menu", "true"...); empty without one.
	Popup string `json:"popup"`
	// Dropdown is set for an <option> of a drop-down <select>, which has
	// no box to click.
	Dropdown bool `json:"dropdown"`
	// Download is set for an element inside a link with a download
	// attribute.
	Download bool `json:"download"`
	// Movable is set for a separator one can focus that holds a value
	// (aria-valuenow): a handle between resizable panes, moved as a
	// slider is.
	Movable bool `json:"movable"`
}

type optionInfo = events.OptionInfo

// picksOption tells whether in describes a list of options the page draws
// itself that is not typed into: a combobox or a listbox (not a <select>),
// or a button that opens a listbox (aria-haspopup="listbox"), which the
// page shows its choice on.
func (in elemInfo) picksOption() bool {
	return in.Tag != "select" && !in.Editable && (in.Role == "combobox" || in.Role == "listbox" || in.Popup == "listbox")
}

// drawnChoice tells whether in describes a choice the page draws itself,
// set by picking one of its options as a user does: a list or a button
// that opens one (picksOption), or a combobox one types into (a field
// with role combobox, or one that says it opens a listbox).
func (in elemInfo) drawnChoice() bool {
	return in.picksOption() || (in.Tag != "select" && in.Editable && (in.Role == "combobox" || in.Popup == "listbox"))
}

// opensList tells whether in describes an element that a click opens a
// list of options from: a combobox, or a button that opens a listbox.
func (in elemInfo) opensList() bool {
	return in.Role == "combobox" || in.Popup == "listbox"
}

func (el *element) info(ctx context.Context) (elemInfo, error) {
	var in elemInfo
	if err := el.callOn(ctx, jsInfo, &in); err != nil {
		return in, err
	}
	if !in.Connected {
		return in, staleRef(el.ref)
	}
	return in, nil
}

// described resolves raw to a handle on its element (element) and
// describes it (info), the first two steps of every action's full path;
// the handle is released when the description fails.
func (a *attachment) described(ctx context.Context, tabID events.TargetID, raw events.Ref) (*element, elemInfo, error) {
	el, err := a.element(ctx, tabID, raw)
	if err != nil {
		return nil, elemInfo{}, err
	}
	in, err := el.info(ctx)
	if err != nil {
		el.release(ctx)
		return nil, in, err
	}
	return el, in, nil
}

// describe names the element for messages: `button "Save"`.
func (el *element) describe() string {
	if el.res.Info.Name != "" {
		return fmt.Sprintf("%s %s %q", el.ref, el.res.Info.Role, el.res.Info.Name)
	}
	return fmt.Sprintf("%s %s", el.ref, el.res.Info.Role)
}

// isNodeGone reports whether a CDP error means the node or its document
// no longer exists.
func isNodeGone(err error) bool {
	var re *rpcc.ResponseError
	if errors.As(err, &re) {
		return containsAny(re.Message, "Cannot find context", "No node with given id", "Could not find node",
			"Node is detached", "context was destroyed", "Could not find object", "Inspected target navigated or closed")
	}
	return errors.Is(err, rpcc.ErrConnClosing)
}

func containsAny(s string, subs ...string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// releaseTimeout bounds clean-up calls made after a caller's context
// ended.
const releaseTimeout = 2 * time.Second

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

// releaseObject frees a handle in the background, even after ctx ended,
// as element.release does: a dialog the action opened blocks the page, and
// the action's answer must not wait for it.
func (a *attachment) releaseObject(ctx context.Context, c *cdp.Client, obj runtime.RemoteObjectID) {
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), releaseTimeout)
	a.wg.Add(1)
	go func() {
		defer a.wg.Done()
		defer cancel()
		_ = c.Runtime.ReleaseObject(rctx, runtime.NewReleaseObjectArgs(obj))
	}()
}
