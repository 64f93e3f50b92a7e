package defaultaction

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"strings"

	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/events"
)

// jsEditorFind answers the element typing into this one reaches, the
// number of candidates when there are several, or null; see
// js/editor-find.js.
//
//go:embed js/editor-find.js
var jsEditorFind string

// jsDeepFocus answers the element that has focus in this element's
// document; see js/deep-focus.js.
//
//go:embed js/deep-focus.js
var jsDeepFocus string

// errControl marks an element that takes no text and is a control of
// another kind (a button, a link, a checkbox): typing refuses it before any
// click, which would act on it.
var errControl = errors.New("a control that takes no text")

// editTarget finds the element typing into el reaches (jsEditorFind): el
// itself, the one element inside it that takes text, or, when it holds
// none, whatever a click on it gives focus to (keys set when that takes
// keys only). A control of another kind fails with invalid_argument
// wrapping errControl; one that holds several fields with
// invalid_argument.
func (a *attachment) editTarget(ctx context.Context, el *element) (*element, bool, error) {
	o, err := el.callHandle(ctx, jsEditorFind)
	if err != nil {
		return nil, false, err
	}
	switch o.Type {
	case "number":
		var n int
		_ = json.Unmarshal(o.Value, &n)
		return nil, false, events.Errorf(events.CodeInvalidArgument, "element %s holds %d fields that take text: type into one of them by its ref (snapshot or find shows them)", el.describe(), n).WithDetails(events.ErrorDetails{Ref: el.ref})
	case "string":
		return nil, false, events.NewError(events.CodeInvalidArgument, errControl, "element %s is not editable (want a field, an editable element or an editor that holds one)", el.describe()).WithDetails(events.ErrorDetails{Ref: el.ref})
	}
	if ed := el.elementOf(o); ed != nil {
		return ed, false, nil
	}
	// Nothing in it takes text: click it as a user would, and the text
	// goes where the focus lands.
	return a.clickForFocus(ctx, el)
}

// clickForFocus clicks el, which holds nothing that takes text, as a user
// would, and answers the element that has focus then: one that takes text,
// or, with keys set, el or an element inside it that takes keys only.
func (a *attachment) clickForFocus(ctx context.Context, el *element) (*element, bool, error) {
	p, err := a.aim(ctx, el)
	if err != nil {
		return nil, false, err
	}
	if err := a.mouseClick(ctx, el.tab, p.x, p.y, events.ButtonLeft, 1, nil); err != nil {
		return nil, false, err
	}
	f, err := a.deepFocus(ctx, el)
	if err != nil {
		return nil, false, err
	}
	if f == nil {
		return nil, false, events.Errorf(events.CodeInvalidArgument, "element %s takes no text: it is no field, holds none, and clicking it gave focus to nothing", el.describe()).WithDetails(events.ErrorDetails{Ref: el.ref})
	}
	var where struct {
		Takes  bool   `json:"takes"`
		Inside bool   `json:"inside"`
		Desc   string `json:"desc"`
	}
	raw, err := f.callHandleByValue(ctx, jsFocusWhere, runtime.CallArgument{ObjectID: &el.res.ObjectID})
	if err == nil {
		err = json.Unmarshal(raw, &where)
	}
	if err != nil {
		f.release(ctx)
		return nil, false, err
	}
	if where.Takes {
		return f, false, nil
	}
	if where.Inside {
		return f, true, nil
	}
	f.release(ctx)
	return nil, false, events.Errorf(events.CodeInvalidArgument, "element %s takes no text: it is no field, holds none, and clicking it gave focus to %s, which takes none either", el.describe(), where.Desc).WithDetails(events.ErrorDetails{Ref: el.ref})
}

// jsFocusWhere(el) says of the focused element whether it takes text,
// whether it is el or inside el, and what it is; see js/focus-where.js.
var jsFocusWhere = strings.Replace(focusWhereJS, "__DESCRIBE__", jsDescribe, 1)

//go:embed js/focus-where.js
var focusWhereJS string

// deepFocus answers the element that has focus in el's document (through
// shadow roots and same-origin frames), or nil.
func (a *attachment) deepFocus(ctx context.Context, el *element) (*element, error) {
	o, err := el.callHandle(ctx, jsDeepFocus)
	if err != nil {
		return nil, err
	}
	return el.elementOf(o), nil
}
