package defaultaction

import (
	"context"
	"fmt"
	"time"

	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/session"
)

// NavSettleWindow is how long after an input's handlers have run an action
// keeps watching for a navigation the page starts on its own: a click or
// key press reports navigated (and the new URL) when the page starts a
// navigation within this window, a handler's setTimeout(0) or
// requestAnimationFrame included. The wait runs in the page, as a timer
// queued after the input's handlers, so a timer those handlers queued with
// a delay up to the window fires before it ends, however loaded the
// machine. A navigation that starts later is not this action's: the
// tab's URL tracking records it, and the next command's state reports it.
const NavSettleWindow = 20 * time.Millisecond

// settleCap bounds the settle round trip when the page does not answer
// (a busy script): the action's own work is done by then, and its result
// should not wait on the page's next task for the rest of the budget.
const settleCap = 2 * time.Second

// settleScript resolves after the page's timers of up to the window have
// had their turn: one timer of the window's length, queued after every
// timer the input's handlers queued, then one more task so that a
// navigation those timers start is requested before the reply.
var settleScript = fmt.Sprintf(`new Promise(r => setTimeout(() => setTimeout(r, 0), %d))`, NavSettleWindow.Milliseconds())

// settle waits, in tab's page, for the settle window after an input. Input
// replies come from the browser process and the page's events from its
// renderer; the settle script's reply comes after every event the page
// sent before it (a navigation request), on the same session. Its error is
// not the action's: a navigation that replaces the document ends it early,
// and the caller reads what happened from the event streams.
func settle(ctx context.Context, tab *session.Target) {
	ctx, cancel := context.WithTimeout(ctx, settleCap)
	defer cancel()
	_, _ = tab.Client.Runtime.Evaluate(ctx, runtime.NewEvaluateArgs(settleScript).
		SetSilent(true).SetAwaitPromise(true).SetReturnByValue(true))
}
