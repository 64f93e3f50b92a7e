package session_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/session"
)

// A reply above CallCapped's cap fails with an error a caller recognises
// with the public sentinel, the public code and the typed error; a reply
// under the cap is decoded.
func TestCallCappedOversizedReply(t *testing.T) {
	s := start(t, session.Config{TaskID: "capped", CDPURL: testkit.Endpoint(t)})
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	tab, err := s.ActiveTab()
	require.NoError(t, err)
	eval := func(expr string) map[string]any {
		return map[string]any{"expression": expr, "returnByValue": true}
	}

	var reply struct {
		Result struct{ Value string } `json:"result"`
	}
	require.NoError(t, s.CallCapped(ctx, tab.SessionID, "Runtime.evaluate", eval("'x'.repeat(100)"), &reply, 64<<10))
	assert.Len(t, reply.Result.Value, 100)

	err = s.CallCapped(ctx, tab.SessionID, "Runtime.evaluate", eval("'x'.repeat(200000)"), &json.RawMessage{}, 64<<10)
	require.ErrorIs(t, err, session.ErrReplyTooLarge)
	require.ErrorIs(t, err, events.ErrResultTooLarge)
	var tl *session.ReplyTooLargeError
	require.ErrorAs(t, err, &tl)
	assert.Equal(t, "Runtime.evaluate", tl.Method)
	assert.Equal(t, int64(64<<10), tl.Cap)
	assert.Greater(t, tl.Size, int64(200000))
	assert.Contains(t, err.Error(), "Runtime.evaluate")

	// The session goes on.
	require.NoError(t, s.CallCapped(ctx, tab.SessionID, "Runtime.evaluate", eval("'ok'"), &reply, 64<<10))
	assert.Equal(t, "ok", reply.Result.Value)
}
