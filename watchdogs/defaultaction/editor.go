package defaultaction

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/mafredri/cdp/protocol/dom"
	"github.com/mafredri/cdp/protocol/input"
	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// jsEditState(surface) describes the element typing goes to and reads
// what it and its surface show; see js/edit-state.js.
var jsEditState = strings.Replace(editStateJS, "__BLANK__", jsBlank, 1)

//go:embed js/edit-state.js
var editStateJS string

// jsBlank(e) tells whether e shows nothing of itself to a user
// (transparent, a pixel or less, off the page, or cut by layout to a pixel
// or less); see js/blank.js.
var jsBlank = strings.Replace(blankJS, "__PARTS__", jsParts, 1)

//go:embed js/blank.js
var blankJS string

// jsSurface answers what a user clicks to type into an element that shows
// nothing of itself; see js/surface.js.
var jsSurface = strings.Replace(surfaceJS, "__BLANK__", jsBlank, 1)

//go:embed js/surface.js
var surfaceJS string

// jsSetValue(v) sets a picked input's value as a user's pick does; see
// js/set-value.js.
//
//go:embed js/set-value.js
var jsSetValue string

// jsWatchArm starts a watch in the element's document and answers it by
// handle; see js/watch-arm.js.
var jsWatchArm = strings.Replace(watchArmJS, "__WATCH__", jsWatch, 1)

//go:embed js/watch-arm.js
var watchArmJS string

// typeTake bounds how long typing waits for the page to take the text
// (an input event, a change in the page) before it reads what the page
// shows: text inserted reaches the page apart from the reply to its
// command, and a page that ignores it gives no event at all.
const typeTake = 300 * time.Millisecond

// editState is jsEditState's answer.
type editState struct {
	Kind       string  `json:"kind"`
	Type       string  `json:"type"`
	Disabled   bool    `json:"disabled"`
	Readonly   bool    `json:"readonly"`
	Connected  bool    `json:"connected"`
	Focused    bool    `json:"focused"`
	Shown      bool    `json:"shown"`
	Value      string  `json:"value"`
	Surface    string  `json:"surface"`
	FocusValue *string `json:"focus_value"`
	Self       bool    `json:"self"`
	Password   bool    `json:"password"`
}

// typed is what typing reports: the value the page shows afterwards and,
// for anything but a plain field, how the text went in.
type typed struct {
	value  *string
	editor string
}

// state reads ed's editState, with surface (or nothing) as its surface.
func (ed *element) state(ctx context.Context, surface *element) (editState, error) {
	var st editState
	arg := runtime.CallArgument{}
	if surface != nil {
		arg.ObjectID = &surface.res.ObjectID
	} else {
		arg.Value = json.RawMessage("null")
	}
	o, err := ed.callHandleByValue(ctx, jsEditState, arg)
	if err != nil {
		return st, err
	}
	if err := json.Unmarshal(o, &st); err != nil {
		return st, fmt.Errorf("decoding result on ref %s: %w", ed.ref, err)
	}
	if !st.Connected {
		return st, staleRef(ed.ref)
	}
	return st, nil
}

// typeEditor types e.Text into what el's element takes text through, as a
// user does, and checks that the page took it:
//
//   - the element itself when it takes text (a field, an editable host, an
//     EditContext's element, a design-mode document); the one element
//     inside it that does when it is an editor's visible surface (a code
//     editor's hidden textarea, an EditContext's 0-px element, a
//     rich-text host); or, when it holds none, whatever a click on it
//     gives focus to (a grid cell that opens an editor; an element that
//     handles keys itself gets key events);
//   - focused by DOM focus, or by a click on it when that does not take;
//     one with no box a user can see is focused through the surface drawn
//     around it, as a user clicks there;
//   - an input whose value is picked (date, time, colour, range) gets its
//     value set, converted from a common form, with input and change;
//   - text goes in as one Input.insertText, which reaches fields, editable
//     hosts, EditContext and IME listeners; an editor whose hidden field
//     kept the text without drawing it (one that listens for keys only)
//     gets it again as key events;
//   - a field drawn as spin buttons that each take text (a date's parts)
//     gets each part of the text in the part in the same place
//     (typeSegments);
//   - afterwards the value, or the surface's text for an editor that draws
//     elsewhere, must include the text (and have changed), or typing fails
//     with not_applied naming what the page shows.
//
// It settles the page itself (a watch armed before the text, an animation
// frame when the page changed).
func (a *attachment) typeEditor(ctx context.Context, el *element, e events.TypeTextEvent) (typed, error) {
	if out, ok, err := a.typeSegments(ctx, el, e); ok {
		return out, err
	}
	ed, keys, err := a.editTarget(ctx, el)
	if err != nil {
		return typed{}, err
	}
	defer ed.release(ctx)
	st, err := ed.state(ctx, el)
	if err != nil {
		return typed{}, err
	}
	switch {
	case st.Disabled:
		return typed{}, events.Errorf(events.CodeInvalidArgument, "element %s is disabled", el.describe()).WithDetails(events.ErrorDetails{Ref: el.ref})
	case st.Readonly && st.Kind != "keys":
		return typed{}, events.Errorf(events.CodeInvalidArgument, "element %s is read-only", el.describe()).WithDetails(events.ErrorDetails{Ref: el.ref})
	case st.Kind == "input" && pickedTypes[st.Type]:
		return a.pickValue(ctx, el, ed, st, e.Text, e.Force)
	}
	if st.Kind == "keys" {
		keys = true
	}
	// surface is what draws the text when the element does not: the ref's
	// element when it holds the editor, else what is drawn around a
	// hidden one.
	var surface *element
	if !st.Self {
		surface = el
	}
	if !keys {
		if surface, err = a.focusEditor(ctx, el, ed, st, surface, e.Force); err != nil {
			return typed{}, err
		}
		if surface != nil && surface != el {
			defer surface.release(ctx)
		}
	}
	before, err := ed.state(ctx, surface)
	if err != nil {
		return typed{}, err
	}
	var kept string
	if e.Clear {
		if kept, err = a.clearEditor(ctx, ed, before, keys); err != nil {
			return typed{}, err
		}
		if before, err = ed.state(ctx, surface); err != nil {
			return typed{}, err
		}
	}
	// A field page script listens to for input gets the text's last key's
	// release after it, as on the fast path (releaseLastKey).
	heard := false
	if !keys && e.Text != "" {
		_ = ed.callOn(ctx, jsHeard, &heard)
	}
	send := func(ctx context.Context) error {
		if keys {
			return typeKeys(ctx, ed.tab, e.Text)
		}
		if e.Text == "" {
			return nil
		}
		if err := ed.tab.Client.Input.InsertText(ctx, input.NewInsertTextArgs(e.Text)); err != nil {
			return fmt.Errorf("inserting text: %w", err)
		}
		if heard {
			return releaseLastKey(ctx, ed.tab, e.Text)
		}
		return nil
	}
	if err := a.watchedEdit(ctx, ed, send); err != nil {
		return typed{}, err
	}
	after, err := ed.state(ctx, surface)
	if err != nil {
		return typed{}, err
	}
	drawn := st.Shown && !keys
	if !drawn && !keys && (after.Kind == "textarea" || after.Kind == "input") && surface != nil &&
		!tookText(before.Surface, after.Surface, e.Text, e.Clear) && tookText(before.Value, after.Value, e.Text, e.Clear) {
		// The editor left the text in its hidden field without drawing
		// it: it listens for keys. Put the field back and send keys.
		if _, err := ed.callHandleByValue(ctx, jsRestoreValue, runtime.CallArgument{Value: mustJSON(before.Value)}); err != nil {
			return typed{}, err
		}
		keys = true
		if err := a.watchedEdit(ctx, ed, func(ctx context.Context) error { return typeKeys(ctx, ed.tab, e.Text) }); err != nil {
			return typed{}, err
		}
		if after, err = ed.state(ctx, surface); err != nil {
			return typed{}, err
		}
	}
	out := typed{editor: editorKind(after, drawn, keys)}
	shown, was := after.Value, before.Value
	ok := tookText(was, shown, e.Text, e.Clear)
	if !drawn || after.Kind == "editcontext" {
		if surface != nil && (after.Kind != "contenteditable" || !ok) {
			shown, was = after.Surface, before.Surface
			ok = tookText(was, shown, e.Text, e.Clear)
			if !ok && after.FocusValue != nil {
				// A grid cell that opened a field of its own to edit.
				shown, was = *after.FocusValue, ptrOr(before.FocusValue)
				ok = tookText(was, shown, e.Text, e.Clear)
			}
		}
	}
	if drawn && e.Clear && ok && (after.Kind == "input" || after.Kind == "textarea") && !heldAlone(after.Value, kept, e.Text) {
		// Cleared and typed, the field must hold the text alone (a mask
		// may have added its separators).
		ok = false
	}
	if !after.Password {
		out.value = new(capText(shown))
	}
	if !ok && (after.Kind == "input" || after.Kind == "textarea") {
		// A code typed into the first of several one-character fields.
		var values []string
		if el.callOn(ctx, jsSpreadValues, &values) == nil {
			held := before.Value
			if e.Clear {
				held = ""
			}
			ok = spreadText(held, values, e.Text)
		}
	}
	if !ok {
		what := "typing into " + el.describe()
		return out, notApplied(el, what, e.Text, shown, after.Password)
	}
	return out, nil
}

// focusEditor gives ed, the element typing goes to, keyboard focus as a
// user would, and answers the surface that draws its text (surface, or
// the one found around a hidden ed). One drawn with a box of its own, and
// not under another control, is focused by DOM focus, or clicked when that
// does not take; an editable host as a user focuses it (focusHost). One with no box a user can see is focused through what
// is drawn around it: DOM focus, and a click there when that does not
// take; with nothing drawn around it, typing is refused as for any
// control the user cannot see (see concealed). With force, a shown
// editor, or a hidden one with nothing drawn around it, is focused
// without the check.
func (a *attachment) focusEditor(ctx context.Context, el, ed *element, st editState, surface *element, force bool) (*element, error) {
	if st.Shown {
		if !force {
			if err := a.concealed(ctx, ed, "type"); err != nil {
				return surface, err
			}
		}
		if st.Kind == "contenteditable" {
			return surface, a.focusHost(ctx, ed, force)
		}
		return surface, a.focus(ctx, ed)
	}
	if surface == nil {
		o, err := ed.callHandle(ctx, jsSurface)
		if err != nil {
			return nil, err
		}
		surface = ed.elementOf(o)
	}
	if surface == nil && force {
		// Nothing drawn around it, and the caller asked to act anyway.
		return nil, a.focus(ctx, ed)
	}
	if surface == nil {
		if force {
			// Force types into what the user cannot see, focused as it
			// is.
			return nil, a.focus(ctx, ed)
		}
		if err := a.concealed(ctx, ed, "type"); err != nil {
			return nil, err
		}
		return nil, events.Errorf(events.CodeElementCovered, "element %s has no box a user can see, and nothing is drawn around it to click", el.describe()).
			WithDetails(events.ErrorDetails{Ref: el.ref, Covering: coverNoBox})
	}
	if err := ed.res.Client.DOM.Focus(ctx, dom.NewFocusArgs().SetObjectID(ed.res.ObjectID)); err == nil {
		var focused bool
		if err := ed.callOn(ctx, jsFocused, &focused); err == nil && focused {
			return surface, nil
		}
	}
	p, err := a.aim(ctx, surface)
	if err != nil {
		return surface, err
	}
	if err := a.mouseClick(ctx, el.tab, p.x, p.y, events.ButtonLeft, 1, nil); err != nil {
		return surface, err
	}
	var focused bool
	if err := ed.callOn(ctx, jsFocused, &focused); err != nil {
		return surface, err
	}
	if !focused {
		return surface, events.Errorf(events.CodeElementCovered, "element %s has no box a user can see, and clicking what is drawn around it did not give it focus", el.describe()).
			WithDetails(events.ErrorDetails{Ref: el.ref, Covering: coverNoBox})
	}
	return surface, nil
}

// clearEditor empties what typing goes to before the text: a field or an
// editable host as clear does (select all and Delete, verified; a mask's
// template it keeps is answered), anything else (an EditContext, a code
// editor's hidden field, an element that takes keys) with the keys a user
// presses: Control+A, then Delete.
func (a *attachment) clearEditor(ctx context.Context, ed *element, st editState, keys bool) (kept string, err error) {
	if !keys && st.Shown && st.Kind != "editcontext" {
		return a.clear(ctx, ed)
	}
	return "", a.watchedEdit(ctx, ed, func(ctx context.Context) error {
		for _, k := range []string{"Control+A", "Delete"} {
			ch, _ := parseChord(k)
			if err := press(ctx, ed.tab.Client, ch); err != nil {
				return err
			}
		}
		return nil
	})
}

// watchedEdit sends an input to the element's page with a watch armed
// before it in the element's document (jsWatchArm), then settles the page
// with that watch: it waits (up to typeTake) for the page to take the
// input, lets the timers its handlers queued run, waits for an animation
// frame when the page changed, and, for a field that announces a list of
// suggestions whose list has not changed yet, for the list (up to
// suggestWait; see watch.js's suggested), and for the timers of up to a
// second the input's handlers queued (the record notes them: __ab.timers)
// and one task after them, so that a request they send is followed by
// observe.
func (a *attachment) watchedEdit(ctx context.Context, ed *element, send func(ctx context.Context) error) error {
	o, err := ed.callHandle(ctx, jsWatchArm)
	if err != nil {
		return err
	}
	if o.ObjectID == nil {
		return send(ctx)
	}
	obj := *o.ObjectID
	defer a.releaseObject(ctx, ed.res.Client, obj)
	if err := send(ctx); err != nil {
		return err
	}
	sctx, cancel := context.WithTimeout(ctx, settleCap+typeTake+suggestWait)
	defer cancel()
	_, _ = ed.res.Client.Runtime.CallFunctionOn(sctx, runtime.NewCallFunctionOnArgs(`function (win, ms, sug) { const ab = globalThis.__ab; return this.settle(win, ms).then(() => { `+
		`const t = ab && ab.timers ? ab.timers(this.win, 1000) : null; `+
		`return Promise.all([this.suggested(sug), t && t.then(() => new Promise((r) => setTimeout(r, 0)))]); }).`+
		`then(() => { this.stop(); return true; }); }`).
		SetObjectID(obj).SetArguments([]runtime.CallArgument{
		{Value: json.RawMessage(strconv.FormatInt(a.settleWindow.Milliseconds(), 10))},
		{Value: json.RawMessage(strconv.FormatInt(typeTake.Milliseconds(), 10))},
		{Value: json.RawMessage(strconv.FormatInt(suggestWait.Milliseconds(), 10))},
	}).SetSilent(true).SetAwaitPromise(true).SetReturnByValue(true))
	return nil
}

// jsHeard tells whether page script gave the element listeners for a
// user's input (the listener record's word).
const jsHeard = `function () { const ab = globalThis.__ab; return !!ab && !!ab.heard && ab.heard(this); }`

// jsRestoreValue(v) puts a field's value back without events; see
// js/restore-value.js.
//
//go:embed js/restore-value.js
var jsRestoreValue string

// typeKeys types text as key events, one key per character (Enter for a
// line break, Tab for a tab), for an element that takes keys but no text
// input.
func typeKeys(ctx context.Context, tab *session.Target, text string) error {
	for _, r := range text {
		switch r {
		case '\r':
			continue
		case '\n':
			if err := press(ctx, tab.Client, chord{key: namedKeys["enter"]}); err != nil {
				return err
			}
			continue
		case '\t':
			if err := press(ctx, tab.Client, chord{key: namedKeys["tab"]}); err != nil {
				return err
			}
			continue
		}
		k, shift := charKey(r)
		bits := 0
		if shift {
			bits = modifierBit["Shift"]
		}
		if err := keyEvent(ctx, tab.Client, "keyDown", k, bits); err != nil {
			return err
		}
		if err := keyEvent(ctx, tab.Client, "keyUp", k, bits); err != nil {
			return err
		}
	}
	return nil
}

// editorKind names, for the result, how typing reached an element that is
// not a plain field drawn on the page; "" for one that is.
func editorKind(st editState, drawn, keys bool) string {
	switch {
	case keys:
		return "keys"
	case st.Kind == "editcontext" || st.Kind == "contenteditable":
		return st.Kind
	case !drawn:
		return st.Kind
	}
	return ""
}
