package actions

import (
	"context"
	"time"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// DialogResponse is an answer to a JavaScript dialog.
type DialogResponse struct {
	// Accept accepts (OK) the dialog; false dismisses it (Cancel).
	Accept bool
	// PromptText is what a prompt receives when accepted; nil means its
	// default.
	PromptText *string
	// ID names the dialog; empty means the only one pending.
	ID string
}

// RespondDialog answers a pending dialog with r and returns the closed
// dialog.
func RespondDialog(ctx context.Context, s *session.BrowserSession, r DialogResponse) (events.DialogInfo, error) {
	return Do(ctx, s, events.DialogRespondEvent{Accept: r.Accept, PromptText: r.PromptText, DialogID: r.ID})
}

// Dialogs lists the session's pending and recent dialogs.
func Dialogs(ctx context.Context, s *session.BrowserSession) (events.DialogsResult, error) {
	return Do(ctx, s, events.DialogsEvent{})
}

// SetDialogPolicy changes the session's dialog policy and, when timeout is
// positive, its must_respond timeout. An empty policy keeps the current one.
func SetDialogPolicy(ctx context.Context, s *session.BrowserSession, p events.DialogPolicy, timeout time.Duration) (events.DialogPolicyInfo, error) {
	return Do(ctx, s, events.SetDialogPolicyEvent{Policy: p, Timeout: timeout})
}
