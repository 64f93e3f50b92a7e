package defaultaction

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/events"
)

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
	// Dropdown is set for an <option> of a drop-down <select>, which has
	// no box to click.
	Dropdown bool `json:"dropdown"`
	// Download is set for an element inside a link with a download
	// attribute.
	Download bool `json:"download"`
}

type optionInfo = events.OptionInfo

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
