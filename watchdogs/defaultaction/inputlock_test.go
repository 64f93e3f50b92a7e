package defaultaction_test

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
)

// TestParallelClicksAllLand sends ten clicks on one button at once: each
// click holds the tab's input lock for its whole mouse sequence, so no
// press/release pair interleaves with another and the counter reads ten.
func TestParallelClicksAllLand(t *testing.T) {
	for round := 0; round < 3; round++ {
		e := newEnv(t, "/counter.html")
		ref := e.ref("button", "Count")
		var wg sync.WaitGroup
		errs := make([]error, 10)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = e.click(events.ClickElementEvent{Ref: ref})
			}()
		}
		wg.Wait()
		for _, err := range errs {
			require.NoError(t, err)
		}
		require.Equal(t, "10", e.evalString("document.getElementById('n').textContent"), "round %d", round)
		// Reads and other input still work on the tab afterwards.
		_, err := do(e, events.TypeTextEvent{TabID: e.tab.ID, Ref: e.ref("textbox", "Text"), Text: "ok"})
		require.NoError(t, err)
		require.Equal(t, "ok", e.evalString("document.getElementById('t').value"))
	}
}

// TestParallelClicksCoordinate does the same with clicks at coordinates.
func TestParallelClicksCoordinate(t *testing.T) {
	e := newEnv(t, "/counter.html")
	var r struct{ X, Y float64 }
	e.eval("(() => { const b = document.getElementById('b').getBoundingClientRect(); return {X: b.x + b.width/2, Y: b.y + b.height/2} })()", &r)
	var wg sync.WaitGroup
	errs := make([]error, 10)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = do(e, events.ClickCoordinateEvent{TabID: e.tab.ID, X: r.X, Y: r.Y})
		}()
	}
	wg.Wait()
	for _, err := range errs {
		require.NoError(t, err)
	}
	require.Equal(t, "10", e.evalString("document.getElementById('n').textContent"))
}
