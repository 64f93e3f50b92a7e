package defaultaction_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
)

// TestClickWaitsForItsAnimation: a zoom button that starts its zoom in the
// next animation frame, runs it as a 250 ms transition and ignores clicks
// until it ends (as maps do) zooms once per click when clicked three times
// with no pause: each click returns once the page has taken it, its
// frame and the transition it began included; and a click whose change
// comes in that frame is not said to have changed nothing.
func TestClickWaitsForItsAnimation(t *testing.T) {
	e := newEnv(t, "/animated.html")
	zoom := e.ref("button", "Zoom in")
	for i := range 3 {
		r, err := do(e, events.ClickElementEvent{TabID: e.tab.ID, Ref: zoom})
		require.NoError(t, err, "click %d", i+1)
		if r.Details.Changed != nil {
			require.True(t, *r.Details.Changed, "click %d: the zoom changed the page", i+1)
		}
	}
	require.Equal(t, "4", e.evalString(`String(level)`))
}
