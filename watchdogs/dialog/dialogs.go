package dialog

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/mafredri/cdp/protocol/fetch"
	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// dialog is one admitted dialog while it is pending.
type dialog struct {
	info events.DialogInfo
	// t is the target whose session reported the dialog and answers it.
	t *session.Target
	// requestID is the paused bridge request; empty for a native dialog.
	requestID string

	timer    *time.Timer
	deadline time.Time

	// answering is set, with the answer, as soon as someone decides to
	// answer: the record comes first, so that the browser's closing event
	// for our own answer is never taken for someone else's.
	answering bool
	by        events.DialogClosedBy
	accept    bool
	text      string
	// storm is set for a dialog held because its tab opened too many too
	// fast (see holdLocked); a navigation may leave it.
	storm bool
	// seen is the browser's closing report that arrived while we were
	// answering; settle tells whose it was.
	seen *closedEvent
}

// admit records a newly opened dialog and applies the policy to it.
func (a *attachment) admit(d *dialog) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed {
		return
	}
	a.next++
	d.info.ID = fmt.Sprintf("d-%d", a.next)
	a.pending = append(a.pending, d)
	if a.nextOpen != nil {
		close(a.nextOpen)
		a.nextOpen = nil
	}
	a.log.Debug().Str("dialog", d.info.ID).Str("type", d.info.Type).Str("target", string(d.t.ID)).
		Str("frame", string(d.info.FrameID)).Bool("bridge", d.requestID != "").Str("policy", string(a.policy)).Msg("dialog opened")
	auto := a.policy == events.PolicyAutoDismiss || a.policy == events.PolicyAutoAccept
	storm := auto && a.stormLocked(d)
	a.notifyLocked(events.DialogOpenedEvent{Dialog: d.info, Held: !auto || storm})
	switch {
	case storm:
		a.holdLocked(d)
	case auto:
		a.autoAnswerLocked(d, events.ClosedByAutoPolicy, a.policy == events.PolicyAutoAccept)
	default:
		a.armLocked(d, a.timeout)
	}
	a.recountLocked()
}

// armLocked starts d's must_respond timer.
func (a *attachment) armLocked(d *dialog, after time.Duration) {
	d.deadline = time.Now().Add(after)
	d.timer = time.AfterFunc(after, func() { a.expire(d) })
}

// expire dismisses d on the watchdog's behalf if it is still held.
func (a *attachment) expire(d *dialog) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if !a.heldLocked(d) {
		return
	}
	a.autoAnswerLocked(d, events.ClosedByWatchdog, false)
	a.recountLocked()
}

// autoAnswerLocked records the answer and sends it on its own goroutine.
func (a *attachment) autoAnswerLocked(d *dialog, by events.DialogClosedBy, accept bool) {
	a.beginLocked(d, by, accept, nil)
	a.spawnLocked(func() {
		ctx, cancel := context.WithTimeout(a.ctx, answerTimeout)
		defer cancel()
		err := a.send(ctx, d)
		if _, ferr := a.settle(d, err); ferr != nil && a.ctx.Err() == nil {
			a.log.Debug().Err(ferr).Str("dialog", d.info.ID).Msg("answering dialog failed")
		}
	})
}

// beginLocked records that d is being answered by by. A prompt accepted
// without text receives its default text, as if OK were pressed.
func (a *attachment) beginLocked(d *dialog, by events.DialogClosedBy, accept bool, text *string) {
	d.answering, d.by, d.accept = true, by, accept
	d.text = ""
	if accept && d.info.Type == events.DialogPrompt {
		d.text = d.info.DefaultPrompt
		if text != nil {
			d.text = *text
		}
	}
}

// heldLocked reports whether d is pending and nobody is answering it.
func (a *attachment) heldLocked(d *dialog) bool {
	return !d.answering && slices.Contains(a.pending, d)
}

// recountLocked refreshes the count the guards read.
func (a *attachment) recountLocked() {
	n := 0
	for _, d := range a.pending {
		if !d.answering {
			n++
		}
	}
	a.blocking.Store(int32(n))
}

// send delivers d's recorded answer to the browser, on the session that
// reported it.
func (a *attachment) send(ctx context.Context, d *dialog) error {
	if d.requestID != "" {
		return a.fulfill(ctx, d)
	}
	args := page.NewHandleJavaScriptDialogArgs(d.accept)
	if d.accept && d.info.Type == events.DialogPrompt {
		args.SetPromptText(d.text)
	}
	if err := d.t.Client.Page.HandleJavaScriptDialog(ctx, args); err != nil {
		return fmt.Errorf("answering dialog %s: %w", d.info.ID, err)
	}
	return nil
}

// settle ends an answer attempt. On success the dialog is closed as
// recorded. When the browser rejects the answer the dialog was already gone
// (closed by someone else, or its frame navigated): it is recorded as remote
// and the error says so with code no_dialog. Any other failure (a deadline,
// a lost connection) leaves the dialog pending and held, as before, unless
// the browser reported it closed meanwhile.
func (a *attachment) settle(d *dialog, err error) (events.DialogInfo, error) {
	if err == nil {
		return a.close(d, d.by, &d.accept, d.text), nil
	}
	a.mu.Lock()
	seen := d.seen
	a.mu.Unlock()
	var re *rpcc.ResponseError
	if errors.As(err, &re) {
		var accepted *bool
		text := ""
		if seen != nil {
			accepted, text = &seen.Result, seen.UserInput
		}
		info := a.close(d, events.ClosedByRemote, accepted, text)
		return info, events.Errorf(events.CodeNoDialog, "dialog %s was already closed by someone else: %w", d.info.ID, err).
			WithDetails(events.ErrorDetails{DialogID: d.info.ID, ClosedBy: info.ClosedBy})
	}
	if seen != nil {
		// The dialog is gone but our answer's fate is unknown; a report
		// that matches our answer is taken as ours.
		by := events.ClosedByRemote
		if seen.Result == d.accept && (!d.accept || d.info.Type != events.DialogPrompt || seen.UserInput == d.text) {
			by = d.by
		}
		info := a.close(d, by, &seen.Result, seen.UserInput)
		if by == d.by {
			return info, nil
		}
		return info, events.Errorf(events.CodeNoDialog, "dialog %s was closed by someone else: %w", d.info.ID, err).
			WithDetails(events.ErrorDetails{DialogID: d.info.ID})
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if slices.Contains(a.pending, d) && d.answering {
		d.answering = false
		a.answerSettledLocked()
		if d.timer != nil && !a.closed {
			// The timer may have fired while the answer was in flight.
			d.timer.Stop()
			a.armLocked(d, max(time.Until(d.deadline), 0))
		}
		a.recountLocked()
	}
	return d.info, err
}

// close moves d from pending to recent, closed by by, and returns its
// record. If d was closed already it returns the record made then.
func (a *attachment) close(d *dialog, by events.DialogClosedBy, accepted *bool, text string) events.DialogInfo {
	a.mu.Lock()
	defer a.mu.Unlock()
	i := slices.Index(a.pending, d)
	if i < 0 {
		for _, r := range a.recent {
			if r.ID == d.info.ID {
				return r
			}
		}
		return d.info
	}
	a.pending = slices.Delete(a.pending, i, i+1)
	if d.timer != nil {
		d.timer.Stop()
	}
	now := time.Now()
	d.info.ClosedAt = &now
	d.info.ClosedBy = by
	if accepted != nil {
		v := *accepted
		d.info.Accepted = &v
		if v && d.info.Type == events.DialogPrompt {
			d.info.PromptText = text
		}
	}
	a.recent = append(a.recent, d.info)
	if n := len(a.recent) - RecentSize; n > 0 {
		a.recent = slices.Delete(a.recent, 0, n)
	}
	a.answerSettledLocked()
	a.recountLocked()
	a.log.Debug().Str("dialog", d.info.ID).Str("closed_by", string(by)).Msg("dialog closed")
	a.notifyLocked(events.DialogClosedEvent{Dialog: d.info})
	return d.info
}

// closedByBrowser handles the browser's report that a native dialog of
// frame closed on t's session. If nobody here is answering it, someone else
// closed it. If we are, settle decides once our answer's reply is in: the
// browser refuses an answer to a dialog that someone else closed first, so
// only then is the report ours.
func (a *attachment) closedByBrowser(t *session.Target, frame events.FrameID, result bool, input string) {
	a.mu.Lock()
	var d *dialog
	for _, p := range a.pending {
		if p.t == t && p.requestID == "" && p.seen == nil && (frame == "" || p.info.FrameID == frame) {
			d = p
			break
		}
	}
	if d == nil {
		a.mu.Unlock()
		return
	}
	if d.answering {
		d.seen = &closedEvent{FrameID: string(frame), Result: result, UserInput: input}
		a.mu.Unlock()
		return
	}
	a.mu.Unlock()
	a.close(d, events.ClosedByRemote, &result, input)
}

// gone closes the pending dialogs match selects as remote: their frame or
// target went away, and with it the dialog.
func (a *attachment) gone(match func(d *dialog) bool) {
	a.mu.Lock()
	var gone []*dialog
	for _, d := range a.pending {
		if match(d) {
			gone = append(gone, d)
		}
	}
	a.mu.Unlock()
	for _, d := range gone {
		a.close(d, events.ClosedByRemote, nil, "")
	}
}

// fulfillBody is what the bridge script receives.
type fulfillBody struct {
	Accept     bool    `json:"accept"`
	PromptText *string `json:"prompt_text,omitempty"`
}

// fulfill answers a bridge dialog by completing its paused request.
func (a *attachment) fulfill(ctx context.Context, d *dialog) error {
	body := fulfillBody{Accept: d.accept}
	if d.accept && d.info.Type == events.DialogPrompt {
		body.PromptText = &d.text
	}
	b, err := jsonMarshal(body)
	if err != nil {
		return err
	}
	args := fetch.NewFulfillRequestArgs(fetch.RequestID(d.requestID), 200).
		SetResponseHeaders([]fetch.HeaderEntry{
			{Name: "Content-Type", Value: "application/json"},
			{Name: "Access-Control-Allow-Origin", Value: "*"},
			{Name: "Cache-Control", Value: "no-store"},
		}).
		SetBody(b)
	if err := d.t.Client.Fetch.FulfillRequest(ctx, args); err != nil {
		return fmt.Errorf("answering bridge dialog %s: %w", d.info.ID, err)
	}
	return nil
}

// settleWait bounds how long a view of the dialogs waits for an answer
// in flight to settle (awaitAnswers).
const settleWait = time.Second

// answerSettledLocked wakes those waiting in awaitAnswers, who look
// again. The channel exists only while someone waits.
func (a *attachment) answerSettledLocked() {
	if a.answered != nil {
		close(a.answered)
		a.answered = nil
	}
}

// awaitAnswers waits until no answer to a dialog of tab (every tab when
// empty) is in flight, within ctx and settleWait. The page goes on as
// soon as the browser takes an answer, before its reply reaches us, so a
// caller who saw the page go on and then asks for the dialogs would
// otherwise find the one just answered in neither list. The reply takes
// milliseconds; one that takes longer leaves the dialog out, as closing.
func (a *attachment) awaitAnswers(ctx context.Context, tab events.TargetID) {
	var deadline <-chan time.Time
	for {
		a.mu.Lock()
		inFlight := slices.ContainsFunc(a.pending, func(d *dialog) bool {
			return d.answering && (tab == "" || d.info.TabID == tab)
		})
		if !inFlight || a.closed {
			a.mu.Unlock()
			return
		}
		if a.answered == nil {
			a.answered = make(chan struct{})
		}
		wake := a.answered
		a.mu.Unlock()
		if deadline == nil {
			deadline = time.After(settleWait)
		}
		select {
		case <-wake:
		case <-deadline:
			return
		case <-ctx.Done():
			return
		}
	}
}
