package fakecdp_test

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/agentbrowser/agentbrowser/internal/fakecdp"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

func dial(t *testing.T, url string) *websocket.Conn {
	t.Helper()
	ws, resp, err := websocket.DefaultDialer.DialContext(t.Context(), url, nil)
	require.NoError(t, err)
	resp.Body.Close()
	t.Cleanup(func() { ws.Close() })
	return ws
}

type frame struct {
	ID        uint64          `json:"id"`
	SessionID string          `json:"sessionId"`
	Method    string          `json:"method"`
	Params    json.RawMessage `json:"params"`
	Result    json.RawMessage `json:"result"`
	Error     *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func read(t *testing.T, ws *websocket.Conn) frame {
	t.Helper()
	ws.SetReadDeadline(time.Now().Add(5 * time.Second))
	var f frame
	require.NoError(t, ws.ReadJSON(&f))
	return f
}

func TestReplyErrorEventAndRequests(t *testing.T) {
	srv := fakecdp.New(t, func(c *fakecdp.Client, r fakecdp.Request) {
		switch r.Method {
		case "Fail.me":
			c.ReplyError(r, -32000, "nope")
		default:
			c.Event(r.SessionID, "Test.before", map[string]int{"n": 1})
			c.Reply(r, map[string]string{"echo": r.Method})
		}
	})
	ws := dial(t, srv.URL())

	require.NoError(t, ws.WriteJSON(map[string]any{"id": 7, "sessionId": "S", "method": "Echo.it", "params": map[string]int{"x": 1}}))
	ev := read(t, ws)
	assert.Equal(t, "Test.before", ev.Method)
	assert.Equal(t, "S", ev.SessionID)
	rep := read(t, ws)
	assert.Equal(t, uint64(7), rep.ID)
	assert.Equal(t, "S", rep.SessionID)
	assert.JSONEq(t, `{"echo":"Echo.it"}`, string(rep.Result))

	require.NoError(t, ws.WriteMessage(websocket.TextMessage, []byte("not json")))
	require.NoError(t, ws.WriteJSON(map[string]any{"id": 8, "method": "Fail.me"}))
	rep = read(t, ws)
	require.NotNil(t, rep.Error)
	assert.Equal(t, -32000, rep.Error.Code)
	assert.Equal(t, "nope", rep.Error.Message)

	reqs := srv.Requests()
	require.Len(t, reqs, 2)
	assert.Equal(t, fakecdp.Request{ID: 7, SessionID: "S", Method: "Echo.it", Params: json.RawMessage(`{"x":1}`)}, reqs[0])
	assert.Equal(t, "Fail.me", reqs[1].Method)
}

func TestNilHandlerRepliesEmpty(t *testing.T) {
	srv := fakecdp.New(t, nil)
	ws := dial(t, srv.URL())
	require.NoError(t, ws.WriteJSON(map[string]any{"id": 1, "method": "X.y"}))
	assert.JSONEq(t, `{}`, string(read(t, ws).Result))
}

func TestVersionEndpoint(t *testing.T) {
	srv := fakecdp.New(t, nil)
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, srv.HTTPURL()+"/json/version", nil)
	require.NoError(t, err)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	var v struct {
		URL string `json:"webSocketDebuggerUrl"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&v))
	assert.Equal(t, srv.URL(), v.URL)
}

func TestMaxClientsAndDrop(t *testing.T) {
	srv := fakecdp.Start(t, fakecdp.Config{MaxClients: 1})
	ws := dial(t, srv.URL())
	c, err := srv.WaitClient(t.Context())
	require.NoError(t, err)

	_, resp, err := websocket.DefaultDialer.DialContext(t.Context(), srv.URL(), nil)
	require.Error(t, err)
	require.NotNil(t, resp)
	resp.Body.Close()
	assert.Equal(t, http.StatusForbidden, resp.StatusCode)

	c.Drop()
	ws.SetReadDeadline(time.Now().Add(5 * time.Second))
	_, _, err = ws.ReadMessage()
	require.Error(t, err)
	select {
	case <-c.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("client not done within 5 s of Drop")
	}
	assert.Error(t, c.Event("", "X.y", nil), "writing to a dropped client")

	// The slot is free again once the first client is gone.
	dial(t, srv.URL())
	c2, err := srv.WaitClient(t.Context())
	require.NoError(t, err)
	assert.NotSame(t, c, c2)
	assert.Len(t, srv.Clients(), 2)
}

func TestBlockedHandlerReturnsOnCleanup(t *testing.T) {
	// The handler blocks until the client goes away; the Server's cleanup
	// must drop the client and wait for the handler without leaking it.
	srv := fakecdp.New(t, func(c *fakecdp.Client, r fakecdp.Request) { <-c.Done() })
	ws := dial(t, srv.URL())
	require.NoError(t, ws.WriteJSON(map[string]any{"id": 1, "method": "Hang.forever"}))
	require.Eventually(t, func() bool { return len(srv.Requests()) == 1 }, 5*time.Second, time.Millisecond)
}
