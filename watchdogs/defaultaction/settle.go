package defaultaction

import (
	"context"
	"fmt"
	"time"

	"github.com/mafredri/cdp/protocol/runtime"

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

// defaultSettle is the settle script of the default window.
var defaultSettle = settleScript(NavSettleWindow)

// settle waits, in tab's page, for the settle window after an input. Input
// replies come from the browser process and the page's events from its
// renderer; the settle script's reply comes after every event the page
// sent before it (a navigation request), on the same session. Its error is
// not the action's: a navigation that replaces the document ends it early,
// and the caller reads what happened from the event streams.
func (a *attachment) settle(ctx context.Context, tab *session.Target) {
	ctx, cancel := context.WithTimeout(ctx, settleCap)
	defer cancel()
	_, _ = tab.Client.Runtime.Evaluate(ctx, runtime.NewEvaluateArgs(a.settleJS).
		SetSilent(true).SetAwaitPromise(true).SetReturnByValue(true))
}
