package defaultaction

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/mafredri/cdp/protocol/input"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// jsTypeReady describes, checks, scrolls into view and focuses the element
// to type into, in one call; see js/type-ready.js.
var jsTypeReady = strings.NewReplacer("__INFO__", jsInfo, "__CONCEALED__", jsConcealed, "__FOCUSED__", jsFocused).Replace(typeReadyJS)

//go:embed js/type-ready.js
var typeReadyJS string

// jsTypeSettle(window) settles the page after the text and reads the
// element's value; see js/type-settle.js.
var jsTypeSettle = strings.Replace(typeSettleJS, "__VALUE__", jsValue, 1)

//go:embed js/type-settle.js
var typeSettleJS string

// typeReady is jsTypeReady's answer.
type typeReady struct {
	Info  elemInfo `json:"info"`
	Ready bool     `json:"ready"`
}

// errSlowPath is quickType's way of handing the action to the full path
// before anything of the action's own was sent to the page.
var errSlowPath = errors.New("typing takes the full path")

// quickType types e.Text into e's element in three round trips, where the
// full path (resolve a handle, describe, check, scroll, focus, check the
// focus, insert, settle, read the value) takes nine: one call in the
// element's world that checks, scrolls and focuses (jsTypeReady), one
// Input.insertText, and one call that settles the page and reads the value
// (jsTypeSettle). ok is false when the fast path does not apply (clear or
// submit asked, an element in an out-of-process frame, a refusal the full
// path explains, a focus that did not take): nothing was typed then, and
// the caller takes the full path.
func (a *attachment) quickType(ctx context.Context, e events.TypeTextEvent) (res events.ActionResult, ok bool, err error) {
	if e.Clear || e.Submit || e.Text == "" {
		return res, false, nil
	}
	ref, tab, err := a.refTab(e.TabID, e.Ref)
	if err != nil {
		return res, false, nil
	}
	eng := a.engine(tab)
	if a.refFrame(eng, tab, ref) != nil {
		return res, false, nil
	}
	var (
		in    elemInfo
		value *string
	)
	res, err = a.observe(ctx, tab, func(ctx context.Context) error {
		c, err := eng.Call(ctx, ref, jsTypeReady)
		if err != nil {
			if errors.Is(err, snapshot.ErrStaleRef) || errors.Is(err, snapshot.ErrUnknownRef) || errors.Is(err, snapshot.ErrInvalidRef) {
				return refError(err)
			}
			return errSlowPath
		}
		var r typeReady
		if c.Client != tab.Client || json.Unmarshal(c.Value, &r) != nil || !r.Ready {
			return errSlowPath
		}
		in = r.Info
		if err := tab.Client.Input.InsertText(ctx, input.NewInsertTextArgs(e.Text)); err != nil {
			return fmt.Errorf("inserting text: %w", err)
		}
		sctx, cancel := context.WithTimeout(ctx, settleCap)
		defer cancel()
		v, err := eng.Call(sctx, ref, jsTypeSettle, json.RawMessage(strconv.FormatInt(a.settleWindow.Milliseconds(), 10)))
		if err != nil {
			// The element or its document went away under the text (a
			// handler removed it, a navigation replaced the page): settle
			// the way every input does, and report no value.
			a.settle(ctx, tab)
			return errSettled
		}
		var s string
		if json.Unmarshal(v.Value, &s) == nil {
			value = &s
		}
		return errSettled
	})
	if errors.Is(err, errSlowPath) {
		return res, false, nil
	}
	if err != nil || res.Dialog != nil {
		return res, true, err
	}
	if value != nil && in.Type != "password" {
		res.Details = events.ActionDetails{Value: value}
	}
	return res, true, nil
}
