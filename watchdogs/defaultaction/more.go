package defaultaction

import (
	"encoding/json"

	"github.com/agentbrowser/agentbrowser/bus"
)

// subscribeMore subscribes the handlers added by later files.
func (a *attachment) subscribeMore(b *bus.Bus) []bus.Subscription {
	return nil
}

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }
