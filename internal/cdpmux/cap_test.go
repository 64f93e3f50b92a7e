package cdpmux_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
	"github.com/agentbrowser/agentbrowser/internal/fakecdp"
)

// bigReply answers r with a string value of n bytes, the session id last
// as Chrome writes it.
func bigReply(t *testing.T, c *fakecdp.Client, r fakecdp.Request, n int) {
	t.Helper()
	b := fmt.Sprintf(`{"id":%d,"result":{"result":{"type":"string","value":"%s"}},"sessionId":"%s"}`, r.ID, strings.Repeat("x", n), r.SessionID)
	require.NoError(t, c.SendRaw([]byte(b)))
}

// A reply above the session's cap fails its call with CodeReplyTooLarge
// naming its size and the cap; the calls around it are untouched.
func TestReplyAboveCapFailsThatCallOnly(t *testing.T) {
	h, in := inbox()
	e := start(t, h, cdpmux.Options{})
	e.attach(t, "A", "B")
	e.conn.SetReplyCap("A", 4096)
	a, b := e.client(t, "A"), e.client(t, "B")

	big := make(chan error, 1)
	go func() {
		_, err := a.Runtime.Evaluate(t.Context(), runtime.NewEvaluateArgs("big"))
		big <- err
	}()
	c := next(t, in)
	bigReply(t, c.c, c.r, 1<<20)
	err := <-big
	sz, ok := cdpmux.TooLarge(err)
	require.True(t, ok, "%v", err)
	require.EqualValues(t, 4096, sz.Cap)
	require.Greater(t, sz.Size, int64(1<<20))

	// Under the cap on A, and uncapped on B, replies pass whole.
	small := make(chan error, 2)
	go func() {
		r, err := a.Runtime.Evaluate(t.Context(), runtime.NewEvaluateArgs("small"))
		if err == nil && len(r.Result.Value) < 1000 {
			err = fmt.Errorf("short value %d", len(r.Result.Value))
		}
		small <- err
	}()
	c = next(t, in)
	bigReply(t, c.c, c.r, 2000)
	require.NoError(t, <-small)
	go func() {
		_, err := b.Runtime.Evaluate(t.Context(), runtime.NewEvaluateArgs("big on B"))
		small <- err
	}()
	c = next(t, in)
	bigReply(t, c.c, c.r, 1<<20)
	require.NoError(t, <-small)

	// PostCapped caps one call.
	wait, err := e.conn.PostCapped("B", "Runtime.evaluate", map[string]any{"expression": "x"}, 2048)
	require.NoError(t, err)
	c = next(t, in)
	bigReply(t, c.c, c.r, 10000)
	_, err = wait(t.Context())
	_, ok = cdpmux.TooLarge(err)
	require.True(t, ok, "%v", err)
}
