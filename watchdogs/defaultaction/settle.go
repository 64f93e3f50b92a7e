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

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/internal/pageframe"
)

// NavSettleWindow is the default extra settle window after an input: none.
// A click or key press reports navigated (and the new URL) when the page
// starts a navigation before the timers of delay 0 that the input's
// handlers queued have run: the action queues its own zero-delay timer in
// the page after the input, and timers of equal delay run in the order they
// were queued, so a handler's setTimeout(0) (or a chain of two) has had its
// turn, however loaded the machine, without a fixed wait. A navigation the
// page starts later (a longer timer, requestAnimationFrame, a fetch) is not
// this action's: the tab's URL tracking records it, and the next command's
// state reports it. Config.NavSettle widens the window for pages that
// navigate on such a timer.
const NavSettleWindow time.Duration = 0

// settleCap bounds the settle round trip when the page does not answer
// (a busy script): the action's own work is done by then, and its result
// should not wait on the page's next task for the rest of the budget.
const settleCap = 2 * time.Second

// settleScript resolves once the timers the input's handlers queued with a
// delay up to window have had their turn: one timer of the window's length
// (zero by default), queued after every timer the handlers queued, then one
// more task so that a navigation those timers start is requested before the
// reply. Then it waits for the page's next animation frame and the short
// transitions the input began (jsFrame) when the page changed something
// meanwhile, asked for a frame or began a transition: handlers leave work
// there (a map that zooms in the frame after the click), and a page that
// animates may ignore the next input until it is done. It starts after
// the input, so it sees only what changed after it: the inputs whose
// result says what they changed arm a watch before they are sent
// (jsPressArm, jsInfoAim, jsTypeReady).
func settleScript(window time.Duration) string {
	// A small watch of its own (what changed, not what: see jsWatch): the
	// text travels with every coordinate click.
	return fmt.Sprintf(`new Promise(r => { const d = document, f = d.activeElement; let n = 0; `+
		`const on = (e) => { if (e.target === d) n++; }; const mo = new MutationObserver((rs) => { n += rs.length; }); `+
		`mo.observe(d, {subtree: true, childList: true, attributes: true, characterData: true}); d.addEventListener('selectionchange', on, true); `+
		`setTimeout(() => setTimeout(async () => { n += mo.takeRecords().length; mo.disconnect(); d.removeEventListener('selectionchange', on, true); `+
		`await (%s)(window, n > 0 || d.activeElement !== f); r(); }, 0), %d); })`,
		jsFrame, window.Milliseconds())
}

// settle waits, in tab's page, for the settle window after an input. Input
// replies come from the browser process and the page's events from its
// renderer; the settle script's reply comes after every event the page
// sent before it (a navigation request), on the same session. Its error is
// not the action's: a navigation that replaces the document ends it early,
// and the caller reads what happened from the event streams.
func (a *attachment) settle(ctx context.Context, tab *session.Target) {
	ctx, cancel := context.WithTimeout(ctx, settleCap)
	defer cancel()
	_, _ = tab.Client.Runtime.Evaluate(ctx, runtime.NewEvaluateArgs(settleScript(a.settleWindow)).
		SetSilent(true).SetAwaitPromise(true).SetReturnByValue(true))
}

// jsWatch(docs, el, field) watches what an input changes in docs (and
// el's value and checked state), and waits for the suggestions field, the
// element typed into, announces; see js/watch.js.
var jsWatch = strings.NewReplacer("__FRAME__", jsFrame, "__LISTS__", jsLists).Replace(watchJS)

// suggestWait bounds how long typing into a field that announces a list
// of suggestions (a combobox) waits, when the text changed nothing in the
// page but the field, for the page to change the list: pages filter such
// a list after a pause in typing (100 to 300 ms is common), and the
// action's result and the next snapshot should show the list filtered.
// A field whose list changed with the text does not wait.
const suggestWait = 500 * time.Millisecond

//go:embed js/watch.js
var watchJS string

// jsFrame(window) waits, bounded, for the window's next animation frame
// and the task after it; see pageframe.
var jsFrame = pageframe.JS

// jsDescribe(el) names an element for a result: role and short name.
//
//go:embed js/describe.js
var jsDescribe string

// jsEffect(watch) ends a watch and answers what it saw, by value, in the
// snapshot's world (the focused element's world-local id); see
// js/effect.js.
var jsEffect = strings.Replace(effectJS, "__DESCRIBE__", jsDescribe, 1)

//go:embed js/effect.js
var effectJS string

// pageEffect is what an input changed in the page, as a watch saw it
// (jsEffect, jsPressArm).
type pageEffect struct {
	Changed bool    `json:"changed"`
	Added   int     `json:"added"`
	Value   *string `json:"value"`
	Checked *bool   `json:"checked"`
	// Blind says that focus was in a frame the watch could not look into,
	// so that what changed there is unknown.
	Blind bool `json:"blind"`
	Focus *struct {
		ID   int64  `json:"id"`
		Desc string `json:"desc"`
	} `json:"focus"`
	// ref is the element whose world the focus id is local to (empty
	// for a watch in the page's main world).
	ref events.Ref
}

// settledWith is returned by an observed input that settled the page
// itself and saw what it changed: observe does not settle again, and puts
// the effect in the result. It matches errSettled.
type settledWith struct{ eff *pageEffect }

func (s *settledWith) Error() string        { return errSettled.Error() }
func (s *settledWith) Is(target error) bool { return target == errSettled }

// applyEffect says in res what eff saw change: whether anything did (the
// page, a navigation, a new tab, a dialog), the element that took focus
// (by its ref when a snapshot gave it one), elements added, and the
// value or checked state the input changed. A watch that could not see
// where the input went says nothing.
func (a *attachment) applyEffect(res *events.ActionResult, tab *session.Target, eff *pageEffect) {
	if eff == nil || eff.Blind {
		return
	}
	d := &res.Details
	changed := eff.Changed || res.Navigated || res.NewTab != nil || res.Dialog != nil
	d.Changed = &changed
	if res.Navigated {
		// What a document that is gone showed says nothing of use.
		return
	}
	d.Added = eff.Added
	if eff.Focus != nil {
		d.Focused = eff.Focus.Desc
		if eff.ref != "" && eff.Focus.ID != 0 {
			if ref, info, ok := a.engine(tab).LocalRef(eff.ref, eff.Focus.ID); ok {
				d.Focused = string(ref) + " " + info.Role
				if info.Name != "" {
					d.Focused += fmt.Sprintf(" %q", info.Name)
				}
			}
		}
	}
	if d.Value == nil {
		d.Value = eff.Value
	}
	if d.Checked == nil {
		d.Checked = eff.Checked
	}
}

// jsWatchMain is evaluated in the page's main world before an input with
// no element of its own and answers a handle whose settle(window, ms)
// settles the page after it and says what it changed; see
// js/watch-main.js.
var jsWatchMain = strings.NewReplacer("__WATCH__", jsWatch, "__EFFECT__", jsEffect).Replace(watchMainJS)

//go:embed js/watch-main.js
var watchMainJS string

// armedPress presses ch in tab with a watch armed before the keys, and
// returns settledWith what they changed (see watchedInput).
func (a *attachment) armedPress(ctx context.Context, tab *session.Target, ch chord) error {
	return a.watchedInput(ctx, tab, 0, func(ctx context.Context) error {
		return press(ctx, tab.Client, ch)
	})
}

// watchedInput sends an input with no element of its own (send) to tab
// with a watch armed in the page's main world before it (jsWatchMain),
// settles the page after it with that watch, waiting up to wait for the
// page to take it first (text inserted reaches the page apart from its
// reply), and returns settledWith what it changed. Without a watch (the
// page did not answer the arming) it sends the input and leaves the
// settling to observe.
func (a *attachment) watchedInput(ctx context.Context, tab *session.Target, wait time.Duration, send func(ctx context.Context) error) error {
	r, err := tab.Client.Runtime.Evaluate(ctx, runtime.NewEvaluateArgs(jsWatchMain).SetSilent(true))
	if err != nil || r.ExceptionDetails != nil || r.Result.ObjectID == nil {
		return send(ctx)
	}
	obj := *r.Result.ObjectID
	defer a.releaseObject(ctx, tab.Client, obj)
	if err := send(ctx); err != nil {
		return err
	}
	eff, ok := a.settleWatch(ctx, tab.Client, obj, wait)
	if !ok {
		// A navigation that replaced the document ends the settle: what
		// happened is in the event streams.
		return errSettled
	}
	return &settledWith{eff: eff}
}

// settleWatch calls settle(window, wait) on the watch handle obj and
// decodes what it answers; false when the page gave no answer.
func (a *attachment) settleWatch(ctx context.Context, c *cdp.Client, obj runtime.RemoteObjectID, wait time.Duration) (*pageEffect, bool) {
	sctx, cancel := context.WithTimeout(ctx, settleCap+wait)
	defer cancel()
	rep, err := c.Runtime.CallFunctionOn(sctx, runtime.NewCallFunctionOnArgs(`function (win, ms) { return this.settle(win, ms); }`).
		SetObjectID(obj).SetArguments([]runtime.CallArgument{
		{Value: json.RawMessage(strconv.FormatInt(a.settleWindow.Milliseconds(), 10))},
		{Value: json.RawMessage(strconv.FormatInt(wait.Milliseconds(), 10))},
	}).SetSilent(true).SetAwaitPromise(true).SetReturnByValue(true))
	if err != nil || rep.ExceptionDetails != nil {
		return nil, false
	}
	var eff pageEffect
	if json.Unmarshal(rep.Result.Value, &eff) != nil {
		return nil, false
	}
	return &eff, true
}

// errSettled is returned by an observed input that has settled the page
// itself (clickArmed): observe then does not settle again.
var errSettled = errors.New("the input settled the page itself")

// jsSettleArmed(n, window) is settle's script for a click whose document
// was armed by jsInfoAim: sent along with the input, it waits for the
// click's n-th release there, then for the settle window.
var jsSettleArmed = strings.NewReplacer("__FRAME__", jsFrame, "__EFFECT__", jsEffect).Replace(settleArmedJS)

//go:embed js/settle-armed.js
var settleArmedJS string

// armedGrace bounds how long, after its input's replies, a click waits for
// the armed settle's reply before it settles the usual way as well: the
// armed settle's release can go astray (a handler slid a frame under the
// pointer, or stopped the release's events at the window). It costs time
// only in those cases; either settle's reply ends the wait.
const armedGrace = 50 * time.Millisecond

// clickArmed clicks at p in tab, whose top document jsInfoAim armed for
// ref's element, and settles the page with the settle script sent along
// with the input rather than after its replies: one round trip fewer per
// click. The settle waits in the page for the click's own release, so it
// cannot run before the handlers as a script sent with the input otherwise
// could (the browser does not order script against input).
func (a *attachment) clickArmed(ctx context.Context, tab *session.Target, ref events.Ref, p point, e events.ClickElementEvent) error {
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	n := max(e.ClickCount, 1)
	armed := make(chan *armedAnswer, 1)
	go func() {
		v, err := a.engine(tab).CallWorld(sctx, ref, jsSettleArmed,
			json.RawMessage(strconv.Itoa(n)), json.RawMessage(strconv.FormatInt(a.settleWindow.Milliseconds(), 10)))
		var r struct {
			Effect *pageEffect `json:"effect"`
			Missed string      `json:"missed"`
			Timers bool        `json:"timers"`
		}
		if err != nil || json.Unmarshal(v, &r) != nil {
			armed <- nil
			return
		}
		if r.Missed != "" {
			armed <- &armedAnswer{missed: r.Missed}
			return
		}
		if r.Effect == nil {
			armed <- nil
			return
		}
		r.Effect.ref = ref
		armed <- &armedAnswer{eff: r.Effect, timers: r.Timers}
	}()
	if err := a.mouseClick(ctx, tab, p.x, p.y, e.Button, e.ClickCount, e.Modifiers); err != nil {
		return err
	}
	ans := armedOrUsual(ctx, sctx, cancel, a, tab, armed, armedGrace)
	if ans == nil || (ans.missed == "" && ans.eff.Added == 0 && ans.timers) {
		a.awaitInputTimers(ctx, tab, ref)
	}
	switch {
	case ans == nil:
		return errSettled
	case ans.missed != "":
		return &missedPress{p: p, what: ans.missed}
	}
	return &settledWith{eff: ans.eff}
}

// inputTimersWait bounds the wait for the timers an input's handlers
// queued (awaitInputTimers).
const inputTimersWait = 600 * time.Millisecond

// awaitInputTimers waits, after a click that added nothing to the page,
// for the timers its input's handlers queued (up to inputTimersWait; the
// record notes them) to have their turn, and for the frame after: a menu
// opens its submenu a moment after the pointer comes to rest on its item,
// and the answer and the next snapshot show it open. Its error is not the
// click's.
func (a *attachment) awaitInputTimers(ctx context.Context, tab *session.Target, ref events.Ref) {
	ctx, cancel := context.WithTimeout(ctx, settleCap)
	defer cancel()
	_, _ = a.engine(tab).CallWorld(ctx, ref, jsInputTimers, json.RawMessage(strconv.FormatInt(inputTimersWait.Milliseconds(), 10)))
}

// jsInputTimers(ms) waits for the timers an input's handlers queued, up
// to ms, then for the page's next frame when there were any.
var jsInputTimers = `async function (ms) {
  const ab = globalThis.__ab;
  const t = ab && ab.timers ? ab.timers(window, ms) : null;
  if (!t) return false;
  await t;
  await new Promise((r) => setTimeout(r, 0));
  await (` + jsFrame + `)(window, true);
  return true;
}`

// armedAnswer is jsSettleArmed's answer: what the click changed, or, when
// the page moved the element away from the point before the press and the
// click was withheld, what was at the point instead.
type armedAnswer struct {
	eff    *pageEffect
	missed string
	// timers says that timers the click's handlers queued were still
	// waiting when the page answered.
	timers bool
}

// missedPress is returned by clickArmed when the page moved the element
// away from p after the aim and before the press: the element's document
// withheld the click (its presses, releases and clicks reached none of the
// page's listeners), so nothing was clicked and the click can aim again.
// what is what the press found at p.
type missedPress struct {
	p    point
	what string
}

func (m *missedPress) Error() string {
	return fmt.Sprintf("the element moved before the press; %s was at (%.0f, %.0f)", m.what, m.p.x, m.p.y)
}

// armedOrUsual is the settle of an input sent with its settle script
// along (clickArmed, insertArmed), once the input's replies are in: it
// waits for armed, that script's answer (nil when it found nothing
// armed). When the answer is nil, or has not come wait later (armedGrace but for typing that waits for a key's release), tab is
// settled the usual way as well, under sctx, and the first settle to end
// counts. It returns the armed answer, or nil when the usual settle ended
// first or ctx ended. Before it returns, cancel ends sctx, under which the
// armed script runs too, and both settles have ended.
func armedOrUsual[T any](ctx, sctx context.Context, cancel context.CancelFunc, a *attachment, tab *session.Target, armed <-chan *T, wait time.Duration) *T {
	grace := time.NewTimer(wait)
	defer grace.Stop()
	var usual chan struct{}
	defer func() {
		cancel()
		if armed != nil {
			<-armed
		}
		if usual != nil {
			<-usual
		}
	}()
	settleUsual := func() {
		if usual == nil {
			usual = make(chan struct{})
			go func() {
				defer close(usual)
				a.settle(sctx, tab)
			}()
		}
	}
	for {
		select {
		case r := <-armed:
			armed = nil
			if r != nil {
				return r
			}
			settleUsual()
		case <-grace.C:
			settleUsual()
		case <-usual:
			return nil
		case <-ctx.Done():
			return nil
		}
	}
}
