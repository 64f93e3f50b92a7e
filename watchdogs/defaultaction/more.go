package defaultaction

import (
	"encoding/json"

	"github.com/agentbrowser/agentbrowser/bus"
)

// subscribeMore subscribes the handlers for refs: page state, ref
// resolution, and the actions on elements.
func (a *attachment) subscribeMore(b *bus.Bus) []bus.Subscription {
	return []bus.Subscription{
		bus.On(b, Name, a.state),
		bus.On(b, Name, a.resolveRef),
		bus.On(b, Name, a.clickElement),
		bus.On(b, Name, a.hover),
		bus.On(b, Name, a.typeText),
		bus.On(b, Name, a.pressKey),
		bus.On(b, Name, a.scroll),
		bus.On(b, Name, a.selectOption),
		bus.On(b, Name, a.setChecked),
		bus.On(b, Name, a.uploadFile),
		bus.On(b, Name, a.wait),
		bus.On(b, Name, a.screenshot),
	}
}

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }
