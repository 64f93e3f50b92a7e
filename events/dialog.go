package events

import (
	"fmt"
	"time"
)

// DialogInfo describes a JavaScript dialog (alert, confirm, prompt,
// beforeunload). A pending dialog has no ClosedAt; a closed one records when
// and by whom it was closed.
type DialogInfo struct {
	// ID is "d-N", unique within a session. Actions that only saw the raw
	// CDP event (ActionResult.Dialog) leave it empty; DialogsEvent tells it.
	ID            string    `json:"id"`
	Type          string    `json:"type"`
	Message       string    `json:"message"`
	DefaultPrompt string    `json:"default_prompt"`
	URL           string    `json:"url,omitempty"`
	OpenedAt      time.Time `json:"opened_at"`
	// FrameID is the frame that opened the dialog: the main frame, a
	// same-origin iframe, or an out-of-process iframe.
	FrameID  FrameID    `json:"frame_id,omitempty"`
	TabID    TargetID   `json:"tab_id,omitempty"`
	ClosedAt *time.Time `json:"closed_at,omitempty"`
	// ClosedBy is one of the DialogClosedBy values.
	ClosedBy DialogClosedBy `json:"closed_by,omitempty"`
	Accepted *bool          `json:"accepted,omitempty"`
	// PromptText is the text a prompt received when it was accepted.
	PromptText string `json:"prompt_text,omitempty"`
}

// The dialog types.
const (
	DialogAlert        = "alert"
	DialogConfirm      = "confirm"
	DialogPrompt       = "prompt"
	DialogBeforeUnload = "beforeunload"
)

// DialogClosedBy says who closed a dialog.
type DialogClosedBy string

const (
	// ClosedByAgent means the agent answered it (DialogRespondEvent).
	ClosedByAgent DialogClosedBy = "agent"
	// ClosedByAutoPolicy means the auto_dismiss or auto_accept policy
	// answered it.
	ClosedByAutoPolicy DialogClosedBy = "auto_policy"
	// ClosedByWatchdog means nobody answered it within the dialog timeout
	// and the watchdog dismissed it.
	ClosedByWatchdog DialogClosedBy = "watchdog"
	// ClosedByRemote means something other than this session closed it: the
	// browser, another CDP client, a proxy in front of the browser, or its
	// frame or tab going away.
	ClosedByRemote DialogClosedBy = "remote"
)

// DialogPolicy says what a session does with a dialog when it opens.
type DialogPolicy string

const (
	// PolicyMustRespond holds a dialog until the agent answers it; actions
	// on its tab fail with code dialog_blocking meanwhile. After the dialog
	// timeout the watchdog dismisses it. It is the default.
	PolicyMustRespond DialogPolicy = "must_respond"
	// PolicyAutoDismiss dismisses every dialog at once.
	PolicyAutoDismiss DialogPolicy = "auto_dismiss"
	// PolicyAutoAccept accepts every dialog at once (a prompt receives its
	// default text).
	PolicyAutoAccept DialogPolicy = "auto_accept"
)

// DialogPolicies lists the valid policies.
var DialogPolicies = []DialogPolicy{PolicyMustRespond, PolicyAutoDismiss, PolicyAutoAccept}

// ParseDialogPolicy accepts a policy name; "" is the default, must_respond.
func ParseDialogPolicy(s string) (DialogPolicy, error) {
	if s == "" {
		return PolicyMustRespond, nil
	}
	for _, p := range DialogPolicies {
		if string(p) == s {
			return p, nil
		}
	}
	return "", Errorf(CodeInvalidArgument, "dialog policy %q: want must_respond, auto_dismiss or auto_accept", s)
}

// DialogRespondEvent answers a pending dialog: the one named by DialogID, or
// else the only one pending (in tab TabID when set, in any of the session's
// tabs when empty). PromptText is what a prompt receives when accepted; nil
// accepts its default text. Owned by DialogWatchdog; result DialogInfo,
// the closed dialog. Errors: code no_dialog when nothing is pending (or the
// named dialog is no longer pending), not_found for an id never issued
// (details list the pending ids), invalid_argument when several are pending
// and no id was given (details list them).
type DialogRespondEvent struct {
	TabID      TargetID
	Accept     bool
	PromptText *string
	DialogID   string
}

// DialogsEvent asks for the pending dialogs and the recently closed ones, of
// tab TabID, or of every tab of the session when empty. Owned by
// DialogWatchdog; result DialogsResult.
type DialogsEvent struct {
	TabID TargetID
}

// DialogsResult is the result of DialogsEvent.
type DialogsResult struct {
	Pending []DialogInfo `json:"pending"`
	// Recent holds the last closed dialogs, oldest first.
	Recent []DialogInfo `json:"recent"`
	Policy DialogPolicy `json:"policy"`
}

// SetDialogPolicyEvent changes a live session's dialog policy and, when
// Timeout is positive, its must_respond timeout. Dialogs pending under
// must_respond are answered at once when the new policy is an automatic
// one. Owned by DialogWatchdog; result DialogPolicyInfo.
type SetDialogPolicyEvent struct {
	Policy  DialogPolicy
	Timeout time.Duration
}

// DialogPolicyInfo is the result of SetDialogPolicyEvent: the policy now in
// force.
type DialogPolicyInfo struct {
	Policy    DialogPolicy `json:"policy"`
	TimeoutMS int64        `json:"timeout_ms"`
	// Bridge is true when dialogs go through the script bridge (see
	// docs/dialogs-and-frames.md).
	Bridge bool `json:"bridge"`
}

// DialogOpenedEvent is emitted by DialogWatchdog when it admits a dialog
// (native or through the bridge), before any policy answers it. A
// notification: anyone may observe it.
type DialogOpenedEvent struct {
	Dialog DialogInfo
	// Held is true when the dialog waits for an answer (must_respond, or a
	// storm under an automatic policy): the page's script stays blocked
	// until someone answers. It is false when the policy answers it at once.
	Held bool
}

// DialogClosedEvent is emitted by DialogWatchdog when a dialog it admitted
// is closed, by anyone. A notification.
type DialogClosedEvent struct{ Dialog DialogInfo }

// TabScoped is implemented by action events that act on one tab. While a
// dialog blocks a tab, DialogWatchdog vetoes them with code dialog_blocking.
// An empty TargetTab means the active tab.
type TabScoped interface {
	TargetTab() TargetID
}

// String renders the dialog for messages: `alert d-1 "Hello"`.
func (d DialogInfo) String() string {
	return fmt.Sprintf("%s %s %q", d.Type, d.ID, d.Message)
}
