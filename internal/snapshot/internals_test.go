package snapshot_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// A state a custom element keeps in its ElementInternals shows in the
// next snapshot once the element changes it: the record hands over what
// changed since it last told.
func TestInternalsStateFollows(t *testing.T) {
	p, e, ctx, res := openCaptured(t, "internals")
	require.Contains(t, res.Text, `- checkbox "Newsletter" [ref=`)
	p.eval(ctx, `document.getElementById('news').click(), document.getElementById('terms').click(), 'ok'`)
	res, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	require.Contains(t, res.Text, `- checkbox "Newsletter" [checked] [ref=`)
	require.Contains(t, res.Text, `- checkbox "Terms accepted" [ref=`)
	require.NotContains(t, res.Text, `"Terms accepted" [checked]`)
}

// A world that has not asked the page before (another engine on the same
// tab) learns every element's internals, not only what changed since the
// first world asked.
func TestInternalsToFreshWorld(t *testing.T) {
	p, _, ctx, res := openCaptured(t, "internals")
	require.Contains(t, res.Text, `- tab "Privacy" [selected] [ref=`)
	defer snapshot.SetWorldForTest()()
	res, err := snapshot.New(p.client, "", nil).Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	require.Contains(t, res.Text, `- tab "Privacy" [selected] [ref=`)
	require.Contains(t, res.Text, `- checkbox "Newsletter" [ref=`)
}
