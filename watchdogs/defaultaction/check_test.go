package defaultaction_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/watchdogs/defaultaction"
)

// TestCheckWithoutBrowser: Check refuses, with the handler's own
// invalid_argument, what the handler would refuse in the event's arguments,
// and passes what the handler would go on to run.
func TestCheckWithoutBrowser(t *testing.T) {
	for _, e := range []any{
		events.ClickElementEvent{Ref: "e1", Button: "sideways"},
		events.ClickElementEvent{Ref: "e1", Modifiers: []string{"Shift", "Hyper"}},
		events.ClickElementEvent{Ref: "e1", ClickCount: 4},
		events.ClickCoordinateEvent{X: -1, Y: 5},
		events.PressKeyEvent{Key: ""},
		events.PressKeyEvent{Key: "Hyper+X"},
		events.PressKeyEvent{Key: "NoSuchKey"},
		events.WaitEvent{},
		events.WaitEvent{Text: "a", Load: true},
		events.WaitEvent{Load: true, Timeout: -1},
		events.ScreenshotEvent{Format: "gif"},
		events.ScreenshotEvent{Quality: 50},
		events.ScreenshotEvent{Full: true, Ref: "e1"},
	} {
		t.Run(fmt.Sprintf("%#v", e), func(t *testing.T) {
			requireCode(t, defaultaction.Check(e), events.CodeInvalidArgument)
		})
	}
	for _, e := range []any{
		events.ClickElementEvent{Ref: "e1", Button: events.ButtonRight, Modifiers: []string{"Control"}, ClickCount: 2},
		events.ClickCoordinateEvent{X: 1, Y: 5},
		events.PressKeyEvent{Key: "Control+Shift+K"},
		events.WaitEvent{URL: "*/done"},
		events.ScreenshotEvent{Format: "jpeg", Quality: 50},
		events.NavigateToURLEvent{URL: "not checked here"},
	} {
		require.NoError(t, defaultaction.Check(e), "%#v", e)
	}
}
