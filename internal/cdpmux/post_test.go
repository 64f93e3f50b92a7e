package cdpmux_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
	"github.com/agentbrowser/agentbrowser/internal/fakecdp"
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

	// Both are on the wire before either is answered, in the order they
	// were read off the socket (the fake hands each to its own goroutine,
	// so the inbox order means nothing).
	c1, c2 := next(t, in), next(t, in)
	if c1.r.Method != "Page.enable" {
		c1, c2 = c2, c1
	}
	var order []string
	for _, r := range e.srv.Requests() {
		if r.SessionID == "A" {
			order = append(order, r.Method)
		}
	}
	require.Equal(t, []string{"Page.enable", "Runtime.runIfWaitingForDebugger"}, order)

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

// A session the browser detached is reported as detached, not unknown.
func TestSessionAfterDetachSaysDetached(t *testing.T) {
	e := start(t, nil, cdpmux.Options{})
	e.attach(t, "A")
	require.NoError(t, e.fc.Event("", "Target.detachedFromTarget", map[string]any{"sessionId": "A"}))
	require.Eventually(t, func() bool { return len(e.conn.Sessions()) == 0 }, ceiling, time.Millisecond)
	_, err := e.conn.Session("A")
	require.ErrorIs(t, err, cdpmux.ErrSessionDetached)
	_, err = e.conn.Session("never")
	require.ErrorIs(t, err, cdpmux.ErrUnknownSession)
}

// A refused handshake names the HTTP status.
func TestDialRefusedNamesStatus(t *testing.T) {
	srv := fakecdp.Start(t, fakecdp.Config{MaxClients: 1})
	first, err := cdpmux.Dial(t.Context(), srv.URL(), cdpmux.Options{})
	require.NoError(t, err)
	defer first.Close()
	_, err = cdpmux.Dial(t.Context(), srv.URL(), cdpmux.Options{})
	require.ErrorContains(t, err, "403")
}

// A script goes out as written: HTML characters are not escaped, which
// made every "<", ">" and "&" six bytes on the wire.
func TestScriptsGoOutUnescaped(t *testing.T) {
	h, in := inbox()
	e := start(t, h, cdpmux.Options{})
	e.attach(t, "A")
	e.client(t, "A")
	const expr = `a < b && c > d`
	wait, err := e.conn.PostDirect("A", "Runtime.evaluate", map[string]string{"expression": expr})
	require.NoError(t, err)
	c := next(t, in)
	require.Equal(t, `{"expression":"a < b && c > d"}`, string(c.r.Params))
	require.NoError(t, c.c.Reply(c.r, map[string]any{}))
	_, err = wait(t.Context())
	require.NoError(t, err)
	waitPost, err := e.conn.Post("A", "Runtime.evaluate", map[string]string{"expression": expr})
	require.NoError(t, err)
	c = next(t, in)
	require.Equal(t, `{"expression":"a < b && c > d"}`, string(c.r.Params))
	require.NoError(t, c.c.Reply(c.r, map[string]any{}))
	_, err = waitPost(t.Context())
	require.NoError(t, err)
}
