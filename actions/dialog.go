package actions

import (
	"context"
	"time"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// RespondDialog answers a pending dialog: the one named by id, or the only
// one pending when id is empty. text is what a prompt receives when
// accepted (nil: its default). It returns the closed dialog.
func RespondDialog(ctx context.Context, s *session.BrowserSession, accept bool, text *string, id string) (events.DialogInfo, error) {
	return Do[events.DialogRespondEvent, events.DialogInfo](ctx, s, events.DialogRespondEvent{Accept: accept, PromptText: text, DialogID: id})
}

// Dialogs lists the session's pending and recent dialogs.
func Dialogs(ctx context.Context, s *session.BrowserSession) (events.DialogsResult, error) {
	return Do[events.DialogsEvent, events.DialogsResult](ctx, s, events.DialogsEvent{})
}

// SetDialogPolicy changes the session's dialog policy and, when timeout is
// positive, its must_respond timeout. An empty policy keeps the current one.
func SetDialogPolicy(ctx context.Context, s *session.BrowserSession, p events.DialogPolicy, timeout time.Duration) (events.DialogPolicyInfo, error) {
	return Do[events.SetDialogPolicyEvent, events.DialogPolicyInfo](ctx, s, events.SetDialogPolicyEvent{Policy: p, Timeout: timeout})
}
