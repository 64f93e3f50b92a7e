package snapshot_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// openActionable opens testdata/actionable.html and waits until its load
// handlers have run.
func openActionable(t *testing.T) (*testPage, *snapshot.Engine) {
	t.Helper()
	p, e, _ := openPage(t, "actionable")
	ctx := testContext(t)
	eventually(t, func() bool { return p.eval(ctx, "document.title") == `"Actionable by script (loaded)"` })
	return p, e
}

func TestActionableGolden(t *testing.T) {
	_, e := openActionable(t)
	res, err := e.Capture(testContext(t), snapshot.Options{})
	require.NoError(t, err)
	t.Log("\n" + res.Text)
	checkGolden(t, "actionable", res.Text)
}
