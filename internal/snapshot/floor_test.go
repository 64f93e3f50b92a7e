package snapshot_test

import (
	"encoding/json"
	"testing"

	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// TestWalkExpression: the bench floor's one-call snapshot walks the page
// in its main world, and finds as many elements with a ref as a capture of
// the same page gives refs.
func TestWalkExpression(t *testing.T) {
	p, e, s := openPage(t, "form")
	ctx := testContext(t)
	reply, err := p.client.Runtime.Evaluate(ctx, runtime.NewEvaluateArgs(snapshot.WalkExpression()).SetReturnByValue(true))
	require.NoError(t, err)
	require.Nil(t, reply.ExceptionDetails)
	var out string
	require.NoError(t, json.Unmarshal(reply.Result.Value, &out))
	url, n, err := snapshot.WalkedElementsForTest(out)
	require.NoError(t, err)
	require.Equal(t, s.url("/form.html"), url)
	res, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	require.NotEmpty(t, res.Refs)
	require.Equal(t, len(res.Refs), n)
}
