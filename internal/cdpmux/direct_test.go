package cdpmux_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
)

// PostDirect gets its reply without a session rpcc.Conn (the reader hands
// it over), its error replies and capped replies as errors, and its
// pending calls end when the session is detached.
func TestPostDirect(t *testing.T) {
	h, in := inbox()
	e := start(t, h, cdpmux.Options{})
	e.attach(t, "A")
	e.conn.SetReplyCap("A", 4096)
	// Every wait is bounded: a reply that never reaches its caller fails
	// the test instead of hanging it.
	ctx, cancel := context.WithTimeout(t.Context(), ceiling)
	defer cancel()

	wait, err := e.conn.PostDirect("A", "Runtime.evaluate", map[string]any{"expression": "1"})
	require.NoError(t, err)
	c := next(t, in)
	require.Equal(t, "A", c.r.SessionID)
	require.NoError(t, c.c.Reply(c.r, map[string]any{"result": map[string]any{"type": "number", "value": 1}}))
	raw, err := wait(ctx)
	require.NoError(t, err)
	require.JSONEq(t, `{"result":{"type":"number","value":1}}`, string(raw))

	wait, err = e.conn.PostDirect("A", "Runtime.evaluate", nil)
	require.NoError(t, err)
	c = next(t, in)
	require.NoError(t, c.c.ReplyError(c.r, -32000, "nope"))
	_, err = wait(ctx)
	require.ErrorContains(t, err, "nope")

	wait, err = e.conn.PostDirect("A", "Runtime.evaluate", nil)
	require.NoError(t, err)
	c = next(t, in)
	bigReply(t, c.c, c.r, 10000)
	_, err = wait(ctx)
	_, ok := cdpmux.TooLarge(err)
	require.True(t, ok, "%v", err)

	// A reply whose outcome does not parse still reaches its caller, as
	// an error, and the connection goes on.
	wait, err = e.conn.PostDirect("A", "Runtime.evaluate", nil)
	require.NoError(t, err)
	c = next(t, in)
	require.NoError(t, c.c.SendRaw(fmt.Appendf(nil, `{"id":%d,"sessionId":"A","error":"not an object"}`, c.r.ID)))
	_, err = wait(ctx)
	require.ErrorContains(t, err, "unparsable reply")

	wait, err = e.conn.PostDirect("A", "Runtime.evaluate", nil)
	require.NoError(t, err)
	next(t, in) // never answered
	e.conn.Detach("A")
	_, err = wait(ctx)
	require.ErrorIs(t, err, cdpmux.ErrSessionDetached)
	require.Zero(t, e.conn.Pending())

	_, err = e.conn.PostDirect("Z", "Runtime.evaluate", nil)
	require.ErrorIs(t, err, cdpmux.ErrUnknownSession)
}
