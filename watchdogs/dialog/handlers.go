package dialog

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/internal/pageframe"
	"github.com/agentbrowser/agentbrowser/watchdogs/internal/scriptreq"
)

// respond handles DialogRespondEvent.
func (a *attachment) respond(ctx context.Context, e events.DialogRespondEvent) (events.DialogInfo, error) {
	a.sync(ctx)
	a.mu.Lock()
	d, err := a.pickLocked(e)
	if err != nil {
		a.mu.Unlock()
		return events.DialogInfo{}, err
	}
	a.beginLocked(d, events.ClosedByAgent, e.Accept, e.PromptText)
	a.recountLocked()
	a.mu.Unlock()
	// The answer lets the page's script go on, and what it does next may
	// be a request (a confirmed delete sent to the server): the answer
	// waits for the reply as an input's does (see afterAnswer).
	var reqs *scriptreq.Requests
	var ferr error
	if d.t != nil {
		reqs, ferr = scriptreq.Follow(ctx, d.t.Conn)
	}
	if d.t == nil || ferr != nil {
		return a.settle(d, a.send(ctx, d))
	}
	defer reqs.Close()
	a.mu.Lock()
	opened := a.openedLocked()
	a.mu.Unlock()
	info, err := a.settle(d, a.send(ctx, d))
	if err == nil {
		// A dialog the resumed script opens next ends the wait: the page
		// waits for that one's answer.
		wctx, cancel := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() {
			defer close(done)
			afterAnswer(wctx, d.t, reqs)
		}()
		select {
		case <-done:
		case <-opened:
		}
		cancel()
		<-done
	}
	return info, err
}

// answerCap bounds each of afterAnswer's waits in the page: a page that
// opens another dialog meanwhile holds them.
const answerCap = 2 * time.Second

// jsAfterAnswer resolves once the page's timers of delay 0 have had their
// turn, then, when frame is true, once it has drawn its next frame and
// the short transitions begun for it have ended (pageframe).
var jsAfterAnswer = "(frame) => new Promise((r) => setTimeout(() => { if (!frame) { r(); return; } (" +
	pageframe.JS + ")(window).then(r); }, 0))"

// afterAnswer lets the script the answer resumed run to its end (one
// task in the page), and when it sent requests (reqs) waits, bounded, for
// their replies and then for the page's next frame: the answer's result
// and the next snapshot then show what the server's reply changed.
func afterAnswer(ctx context.Context, t *session.Target, reqs *scriptreq.Requests) {
	inPage := func(frame bool) {
		ictx, cancel := context.WithTimeout(ctx, answerCap)
		defer cancel()
		_, _ = t.Client.Runtime.Evaluate(ictx, runtime.NewEvaluateArgs("("+jsAfterAnswer+")("+strconv.FormatBool(frame)+")").
			SetSilent(true).SetAwaitPromise(true))
	}
	inPage(false)
	if reqs.Started() == 0 {
		return
	}
	reqs.Done(ctx, scriptreq.Wait)
	inPage(true)
}

// pickLocked finds the dialog e answers.
func (a *attachment) pickLocked(e events.DialogRespondEvent) (*dialog, error) {
	if e.DialogID != "" {
		id := normalizeID(e.DialogID)
		for _, d := range a.pending {
			if d.info.ID != id {
				continue
			}
			if d.answering {
				return nil, events.Errorf(events.CodeNoDialog, "dialog %s is already being answered (%s)", id, d.by).
					WithDetails(events.ErrorDetails{DialogID: id})
			}
			return d, nil
		}
		for _, r := range a.recent {
			if r.ID == id {
				return nil, events.Errorf(events.CodeNoDialog, "dialog %s is no longer pending: closed by %s", id, r.ClosedBy).
					WithDetails(events.ErrorDetails{DialogID: id, ClosedBy: r.ClosedBy})
			}
		}
		if n, ok := idNumber(id); ok && n <= a.next {
			return nil, events.Errorf(events.CodeNoDialog, "dialog %s is no longer pending", id).WithDetails(events.ErrorDetails{DialogID: id})
		}
		ids := a.heldIDsLocked("")
		return nil, events.Errorf(events.CodeNotFound, "no dialog %s; pending: %s", e.DialogID, listOrNone(ids)).
			WithDetails(events.ErrorDetails{PendingIDs: ids})
	}
	var held []*dialog
	for _, d := range a.pending {
		if !d.answering && (e.TabID == "" || d.info.TabID == e.TabID) {
			held = append(held, d)
		}
	}
	switch len(held) {
	case 0:
		where := ""
		if e.TabID != "" {
			where = " on tab " + string(e.TabID)
		}
		return nil, events.Errorf(events.CodeNoDialog, "no dialog is pending%s", where).WithNext(events.StepListDialogs)
	case 1:
		return held[0], nil
	}
	descs := make([]string, len(held))
	infos := make([]events.DialogInfo, len(held))
	for i, d := range held {
		descs[i] = d.info.String()
		infos[i] = d.info
	}
	return nil, events.Errorf(events.CodeInvalidArgument, "%d dialogs are pending (%s): name one with --id", len(held), strings.Join(descs, ", ")).
		WithDetails(events.ErrorDetails{Pending: infos})
}

// normalizeID accepts "d-3" and "3".
func normalizeID(s string) string {
	s = strings.TrimSpace(s)
	if _, err := strconv.Atoi(s); err == nil {
		return "d-" + s
	}
	return s
}

func idNumber(id string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimPrefix(id, "d-"))
	return n, err == nil && strings.HasPrefix(id, "d-") && n > 0
}

func (a *attachment) heldIDsLocked(tab string) []string {
	ids := []string{}
	for _, d := range a.pending {
		if !d.answering && (tab == "" || string(d.info.TabID) == tab) {
			ids = append(ids, d.info.ID)
		}
	}
	return ids
}

func listOrNone(ids []string) string {
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, ", ")
}

// view returns the held dialogs and the recent ones of tab (all tabs when
// empty). Dialogs being answered are left out: they are closing.
func (a *attachment) view(tab events.TargetID) (pending, recent []events.DialogInfo) {
	a.mu.Lock()
	defer a.mu.Unlock()
	pending, recent = []events.DialogInfo{}, []events.DialogInfo{}
	for _, d := range a.pending {
		if !d.answering && (tab == "" || d.info.TabID == tab) {
			pending = append(pending, d.info)
		}
	}
	for _, r := range a.recent {
		if tab == "" || r.TabID == tab {
			recent = append(recent, r)
		}
	}
	return pending, recent
}

// dialogs handles DialogsEvent.
func (a *attachment) dialogs(ctx context.Context, e events.DialogsEvent) (events.DialogsResult, error) {
	a.sync(ctx)
	a.awaitAnswers(ctx, e.TabID)
	p, r := a.view(e.TabID)
	a.mu.Lock()
	policy := a.policy
	a.mu.Unlock()
	return events.DialogsResult{Pending: p, Recent: r, Policy: policy}, nil
}

// state handles BrowserStateRequestEvent: the session's held dialogs (every
// tab's, each with its tab_id, since a dialog anywhere needs the agent) and
// the recent ones when there are any. It never touches the page.
func (a *attachment) state(ctx context.Context, e events.BrowserStateRequestEvent) (events.StatePart, error) {
	a.sync(ctx)
	a.awaitAnswers(ctx, "")
	p, r := a.view("")
	return events.DialogState{Pending: p, Recent: r, Storm: a.stormView()}, nil
}

// setPolicy handles SetDialogPolicyEvent. An empty policy keeps the current
// one, so the event with no fields reports the policy in force.
func (a *attachment) setPolicy(ctx context.Context, e events.SetDialogPolicyEvent) (events.DialogPolicyInfo, error) {
	if e.Timeout < 0 {
		return events.DialogPolicyInfo{}, events.Errorf(events.CodeInvalidArgument, "dialog timeout %s is negative", e.Timeout)
	}
	var p events.DialogPolicy
	if e.Policy != "" {
		var err error
		if p, err = events.ParseDialogPolicy(string(e.Policy)); err != nil {
			return events.DialogPolicyInfo{}, err
		}
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if p != "" && p != a.policy {
		a.log.Debug().Str("from", string(a.policy)).Str("to", string(p)).Msg("dialog policy changed")
		a.policy = p
		if p != events.PolicyMustRespond {
			for _, d := range a.pending {
				if !d.answering {
					a.autoAnswerLocked(d, events.ClosedByAutoPolicy, p == events.PolicyAutoAccept)
				}
			}
			a.recountLocked()
		}
	}
	if e.Timeout > 0 {
		a.timeout = e.Timeout
	}
	return events.DialogPolicyInfo{Policy: a.policy, TimeoutMS: a.timeout.Milliseconds(), Bridge: a.bridge}, nil
}
