package evaluate_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

// TestTabsSessionIsReadyBeforeItsFirstEvaluation: the engine attaches and
// binds its session on a tab as the tab opens, so that no tab's first
// evaluation attaches one on its own time; an out-of-process frame's
// first evaluation still does.
func TestTabsSessionIsReadyBeforeItsFirstEvaluation(t *testing.T) {
	st := serve(t)
	s := start(t)
	first := activeTab(t, s)
	ctx, cancel := context.WithTimeout(t.Context(), ceiling)
	defer cancel()
	r, err := actions.NewTab(ctx, s, st.MainURL("/counter"))
	require.NoError(t, err)
	second := r.Tab.ID

	require.Eventually(t, func() bool { return stats(t, s).Readied == 2 }, ceiling, 10*time.Millisecond,
		"the engine did not make its sessions on the two tabs ready before any evaluation: %+v", stats(t, s))
	require.Zero(t, stats(t, s).Count)

	for _, tab := range []events.TargetID{first, second} {
		got := eval(t, s, events.EvaluateEvent{TabID: tab, Expression: "1+1"})
		assert.EqualValues(t, 2, got.Value)
		assert.Equal(t, events.EngineIsolated, got.Engine)
	}
	got := stats(t, s)
	assert.Zero(t, got.AttachedOnCall, "a tab's first evaluation attached its own session: %+v", got)
	assert.EqualValues(t, 2, got.Readied, "%+v", got)

	// openFrames loads a page with a cross-origin frame in the active tab
	// (the second) and evaluates in the frame until it has loaded.
	openFrames(t, s, st)
	got = stats(t, s)
	assert.EqualValues(t, 1, got.AttachedOnCall, "a frame's session is attached on its first evaluation, and only then: %+v", got)
	assert.EqualValues(t, 2, got.Readied, "%+v", got)
}
