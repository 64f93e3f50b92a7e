package defaultaction

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
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
// reply.
func settleScript(window time.Duration) string {
	return fmt.Sprintf(`new Promise(r => setTimeout(() => setTimeout(r, 0), %d))`, window.Milliseconds())
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

// errSettled is returned by an observed input that has settled the page
// itself (clickArmed): observe then does not settle again.
var errSettled = errors.New("the input settled the page itself")

// jsSettleArmed(n, window) is settle's script for a click whose document
// was armed by jsInfoAim: sent along with the input, it waits for the
// click's n-th release there, then for the settle window.
//
//go:embed js/settle-armed.js
var jsSettleArmed string

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
	armed := make(chan bool, 1)
	go func() {
		v, err := a.engine(tab).CallWorld(sctx, ref, jsSettleArmed,
			json.RawMessage(strconv.Itoa(n)), json.RawMessage(strconv.FormatInt(a.settleWindow.Milliseconds(), 10)))
		armed <- err == nil && string(v) == "true"
	}()
	if err := a.mouseClick(ctx, tab, p.x, p.y, e.Button, e.ClickCount, e.Modifiers); err != nil {
		return err
	}
	grace := time.NewTimer(armedGrace)
	defer grace.Stop()
	var usual chan struct{}
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
		case ok := <-armed:
			if ok {
				return errSettled
			}
			armed = nil
			settleUsual()
		case <-grace.C:
			settleUsual()
		case <-usual:
			return errSettled
		case <-ctx.Done():
			return errSettled
		}
	}
}
