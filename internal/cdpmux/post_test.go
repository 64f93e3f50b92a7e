package cdpmux_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
)

// A paused target answers some commands only after the resume that follows
// them: Post must put commands on the wire in order without waiting.
func TestPostWritesInOrderWithoutWaiting(t *testing.T) {
	h, in := inbox()
	e := start(t, h, cdpmux.Options{})
	e.attach(t, "A")
	e.client(t, "A") // its reader delivers Post's replies

	first, err := e.conn.Post("A", "Page.enable", nil)
	require.NoError(t, err)
	second, err := e.conn.Post("A", "Runtime.runIfWaitingForDebugger", nil)
	require.NoError(t, err)

	// Both are on the wire before either is answered, in order.
	c1, c2 := next(t, in), next(t, in)
	require.Equal(t, "Page.enable", c1.r.Method)
	require.Equal(t, "Runtime.runIfWaitingForDebugger", c2.r.Method)
	require.Equal(t, "A", c1.r.SessionID)

	// The resume is answered first, then the enable, as a paused popup does.
	require.NoError(t, c2.c.Reply(c2.r, map[string]any{}))
	require.NoError(t, c1.c.ReplyError(c1.r, -32000, "nope"))
	_, err = second(t.Context())
	require.NoError(t, err)
	_, err = first(t.Context())
	require.ErrorContains(t, err, "nope")

	_, err = e.conn.Post("Z", "Page.enable", nil)
	require.ErrorIs(t, err, cdpmux.ErrUnknownSession)
}
