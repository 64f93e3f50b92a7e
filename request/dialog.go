package request

import (
	"github.com/agentbrowser/agentbrowser/events"
)

// AnswerDialog accepts (OK) or dismisses (Cancel) a pending JS dialog: the
// one named by ID (d-N), or the only one pending. PromptText is what a
// prompt receives when accepted (default: its default text).
type AnswerDialog struct {
	Returns[DialogAnswer]
	Accept     bool    `json:"accept"`
	PromptText *string `json:"prompt_text,omitempty"`
	ID         string  `json:"id,omitempty"`
}

// DialogAnswer is the dialog answered.
type DialogAnswer struct {
	Dialog events.DialogInfo `json:"dialog"`
}

func (AnswerDialog) Command() string { return "dialog" }

// Validate implements Validator.
func (q AnswerDialog) Validate() error {
	if q.PromptText != nil && !q.Accept {
		return invalid("prompt text goes with accepting the dialog")
	}
	return nil
}

// DialogPolicy shows the session's dialog policy, or sets it (Policy) and
// how long must_respond holds a dialog before dismissing it (HoldMS, when
// positive).
type DialogPolicy struct {
	Returns[events.DialogPolicyInfo]
	Policy events.DialogPolicy `json:"policy,omitempty"`
	HoldMS int                 `json:"hold_ms,omitempty"`
}

func (DialogPolicy) Command() string { return "dialog_policy" }

// Validate implements Validator.
func (q DialogPolicy) Validate() error {
	if q.Policy != "" {
		if _, err := events.ParseDialogPolicy(string(q.Policy)); err != nil {
			return invalid("%s", err.Error())
		}
	}
	if q.HoldMS < 0 {
		return invalid("hold_ms must not be negative")
	}
	return nil
}

// Dialogs lists the session's pending and recently closed JS dialogs.
type Dialogs struct {
	Returns[events.DialogsResult]
}

func (Dialogs) Command() string { return "dialogs" }
