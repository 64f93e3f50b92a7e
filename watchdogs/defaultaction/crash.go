package defaultaction

import (
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// crashHint is the next step for a crashed tab; actions.CrashHint says the
// same in target_crashed errors.
const crashHint = "open a URL or reload to recover"

// crashSection describes a crashed tab for the state, and the line its
// snapshot shows instead of a tree (the page cannot answer). It returns nil
// for a tab whose renderer is alive.
func crashSection(tab *session.Target) (*events.CrashInfo, string) {
	status, crashed := tab.Crashed()
	if !crashed {
		return nil, ""
	}
	return &events.CrashInfo{Status: status, NextStep: crashHint},
		"[the renderer of this tab crashed (" + status + "); " + crashHint + "]"
}
