package grid_test

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/grid"
)

// fakeGrid answers /status with one node of one chrome slot, and /session
// as a Grid 4 does.
type fakeGrid struct {
	busy     atomic.Bool
	created  atomic.Int32
	deleted  atomic.Int32
	lastType atomic.Value
	lastAuth atomic.Value
	lastBody atomic.Value
}

func (f *fakeGrid) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.lastAuth.Store(r.Header.Get("Authorization"))
	switch {
	case r.URL.Path == "/status":
		var sess any
		if f.busy.Load() {
			sess = map[string]any{"sessionId": "s1"}
		}
		fmt.Fprint(w, mustJSON(map[string]any{"value": map[string]any{
			"ready": !f.busy.Load(), "message": "Selenium Grid ready.",
			"nodes": []any{map[string]any{"uri": "http://node:5555", "availability": "UP", "slots": []any{
				map[string]any{"session": sess, "stereotype": map[string]any{"browserName": "chrome"}},
			}}},
		}}))
	case r.Method == http.MethodPost && r.URL.Path == "/session":
		f.lastType.Store(r.Header.Get("Content-Type"))
		var body map[string]any
		json.NewDecoder(r.Body).Decode(&body)
		f.lastBody.Store(body)
		f.created.Add(1)
		f.busy.Store(true)
		fmt.Fprint(w, `{"value":{"sessionId":"s1","capabilities":{"browserVersion":"156","se:cdp":"ws://hub:4444/session/s1/se/cdp"}}}`)
	case r.Method == http.MethodDelete && r.URL.Path == "/session/s1":
		if !f.busy.Load() {
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, `{"value":{"error":"invalid session id","message":"Unable to find session with ID: s1\nBuild info: ..."}}`)
			return
		}
		f.deleted.Add(1)
		f.busy.Store(false)
		fmt.Fprint(w, `{"value":null}`)
	default:
		http.NotFound(w, r)
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestSessionLifecycle(t *testing.T) {
	f := &fakeGrid{}
	srv := httptest.NewServer(f)
	defer srv.Close()
	c := grid.New(srv.URL+"/", http.Header{"Authorization": {"Bearer T"}})

	caps := grid.Capabilities("/usr/bin/chromium", []string{"--headless"}, map[string]any{
		"goog:chromeOptions": map[string]any{"prefs": map[string]any{"a": 1}},
		"se:name":            "agent",
	})
	s, err := c.NewSession(t.Context(), caps)
	require.NoError(t, err)
	assert.Equal(t, grid.Session{ID: "s1", CDPURL: "ws://hub:4444/session/s1/se/cdp", Node: "http://node:5555", BrowserVersion: "156"}, s)
	assert.Equal(t, "application/json; charset=utf-8", f.lastType.Load(), "Grid refuses a body without the charset")
	assert.Equal(t, "Bearer T", f.lastAuth.Load())
	body := f.lastBody.Load().(map[string]any)
	am := body["capabilities"].(map[string]any)["alwaysMatch"].(map[string]any)
	assert.Equal(t, "chrome", am["browserName"])
	assert.Equal(t, "agent", am["se:name"])
	opts := am["goog:chromeOptions"].(map[string]any)
	assert.Equal(t, "/usr/bin/chromium", opts["binary"])
	assert.Equal(t, []any{"--headless"}, opts["args"])
	assert.NotNil(t, opts["prefs"], "goog:chromeOptions merged key by key")

	// The only slot is taken: fail at once rather than queue.
	_, err = c.NewSession(t.Context(), caps)
	require.ErrorIs(t, err, grid.ErrNoFreeSlot)
	assert.EqualValues(t, 1, f.created.Load())

	require.NoError(t, c.DeleteSession(t.Context(), "s1"))
	err = c.DeleteSession(t.Context(), "s1")
	require.ErrorIs(t, err, grid.ErrUnknownSession)
	assert.NotContains(t, err.Error(), "Build info", "only the first line of Grid's message")
}

func TestNotAGridAndUnreachable(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	defer srv.Close()
	_, err := grid.New(srv.URL, nil).NewSession(t.Context(), grid.Capabilities("", nil, nil))
	require.ErrorIs(t, err, grid.ErrNotGrid)

	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	l.Close()
	_, err = grid.New("http://user:SECRET@"+addr, nil).Status(t.Context())
	require.ErrorIs(t, err, grid.ErrUnreachable)
	assert.NotContains(t, err.Error(), "SECRET")
}

// TestSessionNotCreatedSaysWhy: a browser that ChromeDriver lost while it
// started is ErrBrowserDidNotStart; any other refusal of a session stays
// ErrNoFreeSlot.
func TestSessionNotCreatedSaysWhy(t *testing.T) {
	for msg, want := range map[string]error{
		"Could not start a new session. Response code 500. Message: session not created: Chrome instance exited. Examine ChromeDriver verbose log": grid.ErrBrowserDidNotStart,
		"session not created: DevToolsActivePort file doesn't exist":                                                                               grid.ErrBrowserDidNotStart,
		"Could not start a new session. New session request timed out":                                                                             grid.ErrNoFreeSlot,
	} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/status" {
				fmt.Fprint(w, `{"value":{"ready":true,"nodes":[{"uri":"http://node:5555","availability":"UP","slots":[{"session":null,"stereotype":{"browserName":"chrome"}}]}]}}`)
				return
			}
			w.WriteHeader(http.StatusInternalServerError)
			fmt.Fprint(w, mustJSON(map[string]any{"value": map[string]any{"error": "session not created", "message": msg}}))
		}))
		_, err := grid.New(srv.URL, nil).NewSession(t.Context(), grid.Capabilities("", nil, nil))
		srv.Close()
		require.ErrorIs(t, err, want, msg)
		other := grid.ErrNoFreeSlot
		if want == grid.ErrNoFreeSlot {
			other = grid.ErrBrowserDidNotStart
		}
		require.NotErrorIs(t, err, other, msg)
	}
}
