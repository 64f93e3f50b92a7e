package evaluate

import (
	"encoding/json"

	"github.com/agentbrowser/agentbrowser/events"
)

// replySlack is what a reply carries besides its value (type, description,
// ids), allowed on top of twice the result cap.
const replySlack = 64 << 10

// replyCap is the cap on the replies of the engine's connection for a
// result cap of max bytes: a string result arrives twice in one reply (as
// value and as deep value), so a value just under the cap must pass; a
// larger reply is dropped by the transport as it arrives. 0 is no cap.
func replyCap(max int64) int64 {
	if max <= 0 {
		return 0
	}
	return 2*max + replySlack
}

// checkSize fails a result whose JSON value is above the cap. The
// transport already dropped replies far above it; this makes the cap
// exact, and covers the fallback, whose main session has no reply cap.
func (a *attachment) checkSize(res events.EvaluateResult) error {
	max := a.cfg.MaxResultBytes
	if max <= 0 {
		return nil
	}
	b, err := json.Marshal(res.Value)
	if err != nil {
		return nil // the caller reports values that do not encode
	}
	if n := int64(len(b)); n > max {
		return resultTooLarge(n, max, "its JSON is")
	}
	return nil
}
