package defaultaction

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/mafredri/cdp/protocol/dom"
	"github.com/mafredri/cdp/protocol/input"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
	"github.com/agentbrowser/agentbrowser/session"
)

// typeText types e.Text into the element e.Ref names (see typeEditor), or
// into whatever has focus when it names none, optionally clearing it first
// and pressing Enter after, and checks that the page took the text.
func (a *attachment) typeText(ctx context.Context, e events.TypeTextEvent) (events.ActionResult, error) {
	if e.Ref == "" {
		return a.typeFocused(ctx, e)
	}
	t, err := events.ParseTarget(string(e.Ref))
	if err != nil {
		return events.ActionResult{}, err
	}
	e.Ref = t.AsRef()
	if t.Locator != nil {
		// Resolved once, for the fast path and the full one alike: a
		// second lookup would cost a round trip and could find another
		// element should the page have changed in between.
		ref, _, err := a.refTab(ctx, e.TabID, e.Ref)
		if err != nil {
			return events.ActionResult{}, err
		}
		e.Ref = ref
	}
	if res, ok, err := a.quickType(ctx, e); ok {
		return res, err
	}
	el, err := a.element(ctx, e.TabID, e.Ref)
	if err != nil {
		return events.ActionResult{}, err
	}
	defer el.release(ctx)
	return a.typeElement(ctx, el, e)
}

// jsTypeReady describes, checks, scrolls into view and focuses the element
// to type into, in one call; see js/type-ready.js.
var jsTypeReady = strings.NewReplacer("__INFO__", jsInfo, "__CONCEALED__", jsConcealed, "__FOCUSED__", jsFocused, "__HOST_FOCUSED__", jsHostFocused,
	"__VALUE__", jsValue, "__WATCH__", jsWatch, "__INTOVIEW__", jsIntoView).Replace(typeReadyJS)

//go:embed js/type-ready.js
var typeReadyJS string

// jsTypeSettle(window, suggest) waits for the text's input event in the
// world jsTypeReady armed, settles the page and reads the element's value,
// and starts the wait for the suggestions the field announces; see
// js/type-settle.js.
var jsTypeSettle = strings.NewReplacer("__VALUE__", jsValue, "__FRAME__", jsFrame).Replace(typeSettleJS)

//go:embed js/type-settle.js
var typeSettleJS string

// jsTypeSuggest waits for the end of the wait jsTypeSettle began for the
// suggestions of the field typed into; see js/type-suggest.js.
//
//go:embed js/type-suggest.js
var jsTypeSuggest string

// typeReady is jsTypeReady's answer.
type typeReady struct {
	Info   elemInfo `json:"info"`
	Ready  bool     `json:"ready"`
	Before *string  `json:"before"`
	// Keys says that page script listens to the field for input: the
	// text is followed by its last key's release (releaseLastKey).
	Keys bool `json:"keys"`
}

// errSlowPath is quickType's way of handing the action to the full path
// before anything of the action's own was sent to the page.
var errSlowPath = errors.New("typing takes the full path")

// quickType types e.Text into e's element in two round trips, where the
// full path (resolve a handle, describe, check, scroll, focus, check the
// focus, insert, settle, read the value) takes nine in a row: one call in
// the element's world that checks, scrolls and focuses (jsTypeReady), then
// Input.insertText together with the call that settles the page and reads
// the value (see insertArmed). ok is false when the fast path does not apply (clear or
// submit asked, an element in an out-of-process frame, a refusal the full
// path explains, a focus that did not take): nothing was typed then, and
// the caller takes the full path.
func (a *attachment) quickType(ctx context.Context, e events.TypeTextEvent) (res events.ActionResult, ok bool, err error) {
	if e.Clear || e.Submit || e.Text == "" || e.Force {
		return res, false, nil
	}
	ref, tab, err := a.refTab(ctx, e.TabID, e.Ref)
	if err != nil {
		return res, false, nil
	}
	eng := a.engine(tab)
	if a.refFrame(eng, tab, ref) != nil {
		return res, false, nil
	}
	var (
		in     elemInfo
		info   snapshot.RefInfo
		before *string
		value  *string
	)
	res, err = a.observe(ctx, tab, func(ctx context.Context) error {
		c, err := eng.Call(ctx, ref, jsTypeReady)
		if err != nil {
			if err := refCallError(err); err != nil {
				return err
			}
			return errSlowPath
		}
		var r typeReady
		if c.Client != tab.Client || json.Unmarshal(c.Value, &r) != nil || !r.Ready {
			return errSlowPath
		}
		in, before, info = r.Info, r.Before, c.Info
		ts, err := a.insertArmed(ctx, tab, ref, eng, e.Text, r.Keys)
		if err != nil {
			return err
		}
		value = ts.Value
		if ts.Suggest {
			a.awaitSuggestions(ctx, eng, ref)
		}
		return errSettled
	})
	if errors.Is(err, errSlowPath) {
		return res, false, nil
	}
	if err != nil || res.Dialog != nil {
		return res, true, err
	}
	if value != nil && before != nil && !tookText(*before, *value, e.Text, false) && !a.spreadTook(ctx, eng, ref, *before, e.Text) {
		el := &element{a: a, ref: e.Ref, tab: tab, res: snapshot.Resolved{Info: info}}
		return res, true, notApplied(el, "typing into "+el.describe(), e.Text, *value, in.Type == "password")
	}
	if value != nil && in.Type != "password" {
		res.Details = events.ActionDetails{Value: value}
	}
	return res, true, nil
}

// typeSettled is jsTypeSettle's answer.
type typeSettled struct {
	Armed bool    `json:"armed"`
	Value *string `json:"value"`
	// Suggest says that the field announces a list of suggestions the
	// text has not changed yet, and that the page waits for it
	// (awaitSuggestions).
	Suggest bool `json:"suggest"`
}

// awaitSuggestions waits for the wait jsTypeSettle began in the page for
// the suggestions of the field ref names (up to suggestWait, then the
// page's next frame). Its error is not the action's: the text is in, and
// the page's answer only times the result.
func (a *attachment) awaitSuggestions(ctx context.Context, eng *snapshot.Engine, ref events.Ref) {
	sctx, cancel := context.WithTimeout(ctx, settleCap+suggestWait)
	defer cancel()
	_, _ = eng.Call(sctx, ref, jsTypeSuggest)
}

// insertArmed sends the text and, along with it rather than after its
// reply, the call that settles the page and reads the value (jsTypeSettle):
// that call waits in the page for the text's input event, so it cannot
// settle before the handlers even though the browser does not order script
// against input. When that call has not answered armedGrace after the
// text's reply (a handler cancelled the edit, so no input event came; the
// element went away; a busy page), the page is also settled the usual way,
// the first answer counts, and the value is read on its own. The answer
// says whether the field waits for its suggestions (awaitSuggestions).
//
// keys sends, after the text, the release of the key that types its last
// character (releaseLastKey), and the settle waits for it.
func (a *attachment) insertArmed(ctx context.Context, tab *session.Target, ref events.Ref, eng *snapshot.Engine, text string, keys bool) (*typeSettled, error) {
	sctx, cancel := context.WithTimeout(ctx, settleCap)
	defer cancel()
	armed := make(chan *typeSettled, 1)
	go func() {
		var r *typeSettled
		if c, err := eng.Call(sctx, ref, jsTypeSettle, json.RawMessage(strconv.FormatInt(a.settleWindow.Milliseconds(), 10)),
			json.RawMessage(strconv.FormatInt(suggestWait.Milliseconds(), 10)), json.RawMessage(strconv.FormatBool(keys))); err == nil {
			var ts typeSettled
			if json.Unmarshal(c.Value, &ts) == nil && ts.Armed {
				r = &ts
			}
		}
		armed <- r
	}()
	if err := tab.Client.Input.InsertText(ctx, input.NewInsertTextArgs(text)); err != nil {
		cancel()
		<-armed
		return nil, fmt.Errorf("inserting text: %w", err)
	}
	if keys {
		if err := releaseLastKey(ctx, tab, text); err != nil {
			cancel()
			<-armed
			return nil, err
		}
	}
	grace := armedGrace
	if keys {
		// The settle waits for the release as well (up to 200 ms).
		grace = releaseGrace
	}
	if r := armedOrUsual(ctx, sctx, cancel, a, tab, armed, grace); r != nil {
		return r, nil
	}
	return &typeSettled{Value: a.readValue(ctx, eng, ref)}, nil
}

// spreadTook reports whether the page spread text typed into the field ref
// names, which held was, across it and the fields after it (spreadText).
func (a *attachment) spreadTook(ctx context.Context, eng *snapshot.Engine, ref events.Ref, was, text string) bool {
	c, err := eng.Call(ctx, ref, jsSpreadValues)
	if err != nil {
		return false
	}
	var values []string
	if json.Unmarshal(c.Value, &values) != nil {
		return false
	}
	return spreadText(was, values, text)
}

// readValue reads the element's value (jsValue), or nil when it cannot.
func (a *attachment) readValue(ctx context.Context, eng *snapshot.Engine, ref events.Ref) *string {
	c, err := eng.Call(ctx, ref, jsValue)
	if err != nil {
		return nil
	}
	var s string
	if json.Unmarshal(c.Value, &s) != nil {
		return nil
	}
	return &s
}

// typeElement types into el (see typeEditor), pressing Enter after with
// e.Submit, and reports what the page shows.
func (a *attachment) typeElement(ctx context.Context, el *element, e events.TypeTextEvent) (events.ActionResult, error) {
	var out typed
	res, err := a.observe(ctx, el.tab, func(ctx context.Context) error {
		var err error
		if out, err = a.typeEditor(ctx, el, e); err != nil {
			return err
		}
		if e.Submit {
			return press(ctx, el.tab.Client, chord{key: namedKeys["enter"]})
		}
		return errSettled
	})
	if err != nil || res.Dialog != nil {
		return res, err
	}
	if !e.Submit {
		res.Details.Value = out.value
		res.Details.Editor = out.editor
	}
	return res, nil
}

// typeFocused types e.Text into whatever has focus, with a watch armed in
// the page before it: text that changed nothing (nothing focused takes
// text) fails with not_applied.
func (a *attachment) typeFocused(ctx context.Context, e events.TypeTextEvent) (events.ActionResult, error) {
	tab, err := a.s.Tab(e.TabID)
	if err != nil {
		return events.ActionResult{}, err
	}
	var value *string
	res, err := a.observe(ctx, tab, func(ctx context.Context) error {
		if e.Text != "" {
			err := a.watchedInput(ctx, tab, typeTake, func(ctx context.Context) error {
				if err := tab.Client.Input.InsertText(ctx, input.NewInsertTextArgs(e.Text)); err != nil {
					return fmt.Errorf("inserting text: %w", err)
				}
				return nil
			})
			var sw *settledWith
			if errors.As(err, &sw) && !tookFocused(sw.eff, e.Text) {
				return events.Errorf(events.CodeNotApplied, "typing %q changed no field: what has focus does not take text, or rejected it; give the field's ref, or click it first", short(e.Text)).
					WithDetails(events.ErrorDetails{Wanted: new(e.Text)})
			}
			if err != nil && !errors.Is(err, errSettled) {
				return err
			}
			if sw != nil {
				value = sw.eff.Value
			}
		}
		if e.Submit {
			return press(ctx, tab.Client, chord{key: namedKeys["enter"]})
		}
		return errSettled
	})
	if err == nil {
		// A typing's details are the field's value, not a click's.
		res.Details = events.ActionDetails{Value: value}
	}
	return res, err
}

// focus gives the element keyboard focus, scrolling it into view. If
// DOM.focus does not take (some widgets move focus on mousedown), it clicks
// the element.
func (a *attachment) focus(ctx context.Context, el *element) error {
	if err := a.scrollIntoView(ctx, el); err != nil {
		return err
	}
	if err := el.res.Client.DOM.Focus(ctx, dom.NewFocusArgs().SetObjectID(el.res.ObjectID)); err != nil {
		return el.gone(fmt.Errorf("focusing %s: %w", el.ref, err))
	}
	var focused bool
	if err := el.callOn(ctx, jsFocused, &focused); err != nil {
		return err
	}
	if focused {
		return nil
	}
	p, err := a.aim(ctx, el)
	if err != nil {
		return err
	}
	return a.mouseClick(ctx, el.tab, p.x, p.y, events.ButtonLeft, 1, nil)
}

// clear empties the focused element with select-all and Delete, so that
// frameworks see a user edit, and verifies it; when script put text back,
// it falls back to the native value setter plus an input event. A field
// whose script puts the same text back both times (a mask's template,
// such as "(___) ___-____") is as empty as it gets: clear answers that
// text, kept, selected so that typing goes over it, and the caller checks
// that the text typed filled it in.
func (a *attachment) clear(ctx context.Context, el *element) (kept string, err error) {
	if err := el.callOn(ctx, jsSelectAll, nil); err != nil {
		return "", err
	}
	if err := press(ctx, el.tab.Client, chord{key: namedKeys["delete"]}); err != nil {
		return "", err
	}
	var v string
	if err := el.callOn(ctx, jsValue, &v); err != nil {
		return "", err
	}
	if v == "" || v == "\n" {
		return "", nil
	}
	if err := el.callOn(ctx, jsForceClear, nil); err != nil {
		return "", err
	}
	var again string
	if err := el.callOn(ctx, jsValue, &again); err != nil {
		return "", err
	}
	switch {
	case again == "" || again == "\n":
		return "", nil
	case again == v:
		return again, el.callOn(ctx, jsSelectAll, nil)
	}
	return "", events.Errorf(events.CodeInvalidArgument, "element %s could not be cleared: it still holds %q", el.describe(), again)
}

// tookFocused reports whether text typed into whatever had focus was taken,
// by what the watch saw: the focused field's value changed to include it,
// or, for an element with no value (one that takes keys and draws the
// text itself), the page changed without focus moving. A watch that could
// not see into the focused frame takes it as taken.
func tookFocused(eff *pageEffect, text string) bool {
	switch {
	case eff.Blind:
		return true
	case eff.Value != nil:
		return tookText("", *eff.Value, text, true)
	}
	return eff.Changed && eff.Focus == nil
}

// releaseGrace is armedGrace for typing followed by its last key's
// release, which the armed settle waits for (bounded, 200 ms) before it
// answers.
const releaseGrace = 300 * time.Millisecond

// releaseLastKey sends the release of the key that types text's last
// character. Text goes in through Input.insertText, which fires the
// field's input events but no key events, while many pages act when a key
// is released (a search that asks the server a pause after the last
// keyup): a user's typing ends with one. The release types nothing.
func releaseLastKey(ctx context.Context, tab *session.Target, text string) error {
	rs := []rune(text)
	if len(rs) == 0 {
		return nil
	}
	k, shift := charKey(rs[len(rs)-1])
	mods := 0
	if shift {
		mods = modifierBit["Shift"]
	}
	if err := keyEvent(ctx, tab.Client, "keyUp", k, mods); err != nil {
		return fmt.Errorf("releasing the last key: %w", err)
	}
	return nil
}
