package cdpmux_test

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
)

// overPipe makes start connect through a pipe (pipeTo) instead of the
// websocket. Only TestOverPipe sets it; the tests run one at a time.
var overPipe bool

// TestOverPipe runs the multiplexer's tests on the pipe transport: the same
// flat sessions, reader, ordering and limits must hold on both.
func TestOverPipe(t *testing.T) {
	tests := []struct {
		name string
		f    func(*testing.T)
	}{
		{"InterleavedRepliesAndEventsReachTheirSession", TestInterleavedRepliesAndEventsReachTheirSession},
		{"FramesForUnknownSessionAreDropped", TestFramesForUnknownSessionAreDropped},
		{"UndrainedStreamDoesNotStallOtherSessions", TestUndrainedStreamDoesNotStallOtherSessions},
		{"LargeRequestArrivesWhole", TestLargeRequestArrivesWhole},
		{"DisconnectFailsEveryPendingCall", TestDisconnectFailsEveryPendingCall},
		{"CloseFailsPendingCallsAndIsIdempotent", TestCloseFailsPendingCallsAndIsIdempotent},
		{"GarbageFramesAreIgnored", TestGarbageFramesAreIgnored},
		{"DetachFailsOnlyThatSession", TestDetachFailsOnlyThatSession},
		{"RequestIDsAreUniqueAcrossSessions", TestRequestIDsAreUniqueAcrossSessions},
		{"OverflowFailsOnlyThatSession", TestOverflowFailsOnlyThatSession},
		{"HooksSeeSessionBeforeItsFrames", TestHooksSeeSessionBeforeItsFrames},
		{"PostWritesInOrderWithoutWaiting", TestPostWritesInOrderWithoutWaiting},
		{"SessionAfterDetachSaysDetached", TestSessionAfterDetachSaysDetached},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			overPipe = true
			defer func() { overPipe = false }()
			tc.f(t)
		})
	}
}

// pipeTo returns a dial function that puts the fake browser behind a pipe
// the way Chrome's --remote-debugging-pipe is: a bridge reads
// NUL-terminated messages from one os.Pipe and sends them as websocket
// frames to the fake, and writes the fake's frames, each with a NUL, to the
// other. When the fake drops the client, the bridge closes the pipe the
// Conn reads, as a dying browser does.
func pipeTo(t *testing.T) func(ctx context.Context, url string, opts cdpmux.Options) (*cdpmux.Conn, error) {
	return func(ctx context.Context, url string, opts cdpmux.Options) (*cdpmux.Conn, error) {
		ws, _, err := websocket.DefaultDialer.DialContext(ctx, url, nil)
		if err != nil {
			return nil, err
		}
		ws.SetReadLimit(-1)
		browserIn, toBrowser, err := os.Pipe()
		require.NoError(t, err)
		fromBrowser, browserOut, err := os.Pipe()
		require.NoError(t, err)
		var wg sync.WaitGroup
		// Registered first, so it runs after the Conn's Close.
		t.Cleanup(wg.Wait)
		wg.Add(2)
		go func() {
			defer wg.Done()
			defer browserIn.Close()
			defer ws.Close()
			r := bufio.NewReader(browserIn)
			for {
				b, err := r.ReadBytes(0)
				if err != nil {
					return
				}
				if ws.WriteMessage(websocket.TextMessage, b[:len(b)-1]) != nil {
					return
				}
			}
		}()
		go func() {
			defer wg.Done()
			defer browserOut.Close()
			for {
				_, b, err := ws.ReadMessage()
				if err != nil {
					return
				}
				if _, err := browserOut.Write(append(b, 0)); err != nil {
					return
				}
			}
		}()
		return cdpmux.NewPipe(fromBrowser, toBrowser, opts)
	}
}

// TestPipeFramesSplitAndJoined checks the NUL framing itself: a message cut
// across writes and two messages in one write both arrive whole.
func TestPipeFramesSplitAndJoined(t *testing.T) {
	browserIn, toBrowser, err := os.Pipe()
	require.NoError(t, err)
	fromBrowser, browserOut, err := os.Pipe()
	require.NoError(t, err)
	defer browserIn.Close()
	defer browserOut.Close()
	conn, err := cdpmux.NewPipe(fromBrowser, toBrowser, cdpmux.Options{})
	require.NoError(t, err)
	defer conn.Close()

	ctx, cancel := context.WithTimeout(t.Context(), ceiling)
	defer cancel()
	var waits []func(context.Context) (json.RawMessage, error)
	for range 3 {
		w, err := conn.Post("", "Browser.getVersion", nil)
		require.NoError(t, err)
		waits = append(waits, w)
	}
	// Read the three requests as the browser would, in order.
	r := bufio.NewReader(browserIn)
	var ids []uint64
	for range 3 {
		b, err := r.ReadBytes(0)
		require.NoError(t, err)
		var req struct {
			ID     uint64 `json:"id"`
			Method string `json:"method"`
		}
		require.NoError(t, json.Unmarshal(b[:len(b)-1], &req))
		require.Equal(t, "Browser.getVersion", req.Method)
		ids = append(ids, req.ID)
	}
	reply := func(id uint64, v string) string {
		b, _ := json.Marshal(map[string]any{"id": id, "result": map[string]any{"product": v}})
		return string(b)
	}
	first := reply(ids[0], "one")
	half := len(first) / 2
	_, err = browserOut.Write([]byte(first[:half]))
	require.NoError(t, err)
	_, err = browserOut.Write([]byte(first[half:] + "\x00" + reply(ids[1], "two") + "\x00" + reply(ids[2], "three") + "\x00"))
	require.NoError(t, err)
	for i, want := range []string{"one", "two", "three"} {
		got, err := waits[i](ctx)
		require.NoError(t, err)
		require.JSONEq(t, `{"product":"`+want+`"}`, string(got))
	}

	// The browser's end closing is a disconnect.
	browserOut.Close()
	select {
	case <-conn.Done():
	case <-time.After(ceiling):
		t.Fatal("a closed pipe did not end the connection")
	}
	require.ErrorIs(t, conn.Err(), cdpmux.ErrDisconnected)
}
