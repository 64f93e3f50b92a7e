package cdpmux_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/mafredri/cdp/rpcc"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
	"github.com/agentbrowser/agentbrowser/internal/fakecdp"
)

func TestInterleavedRepliesAndEventsReachTheirSession(t *testing.T) {
	const n = 16
	h, in := inbox()
	e := start(t, h, cdpmux.Options{})
	e.attach(t, "A", "B")

	ctx, cancel := context.WithTimeout(t.Context(), ceiling)
	defer cancel()
	sessions := []string{"A", "B"}
	streams := map[string]runtime.ConsoleAPICalledClient{}
	errc := make(chan error, 2*n)
	for _, sid := range sessions {
		c := e.client(t, sid)
		st, err := c.Runtime.ConsoleAPICalled(ctx)
		require.NoError(t, err)
		defer st.Close()
		streams[sid] = st
		for i := range n {
			go func() {
				want := fmt.Sprintf("%s-%d", sid, i)
				got, err := evaluate(ctx, c, want)
				if err == nil && got != want {
					err = fmt.Errorf("session %s got reply %q, want %q", sid, got, want)
				}
				errc <- err
			}()
		}
	}

	calls := make([]call, 0, 2*n)
	for len(calls) < 2*n {
		c := next(t, in)
		require.True(t, strings.HasPrefix(expression(c.r), c.r.SessionID+"-"),
			"request %q arrived tagged with session %q", expression(c.r), c.r.SessionID)
		calls = append(calls, c)
	}
	// Answer in reverse arrival order, each reply preceded by an event on
	// the same session, so both sessions' frames alternate on the socket.
	for i := len(calls) - 1; i >= 0; i-- {
		c := calls[i]
		require.NoError(t, c.c.Event(c.r.SessionID, "Runtime.consoleAPICalled", console(expression(c.r))))
		require.NoError(t, c.c.Reply(c.r, evalResult(expression(c.r))))
	}
	for range 2 * n {
		assert.NoError(t, wait(t, errc))
	}

	for _, sid := range sessions {
		st := streams[sid]
		got := map[string]bool{}
		for range n {
			ev, err := st.Recv()
			require.NoError(t, err)
			require.Len(t, ev.Args, 1)
			var v string
			require.NoError(t, jsonString(ev.Args[0].Value, &v))
			assert.True(t, strings.HasPrefix(v, sid+"-"), "session %s got event %q", sid, v)
			got[v] = true
		}
		assert.Len(t, got, n, "session %s events", sid)
		// Every event preceded a reply that has been read, so nothing else
		// can still be on its way.
		select {
		case <-st.Ready():
			t.Errorf("session %s has more than %d events", sid, n)
		default:
		}
	}
}

func TestFramesForUnknownSessionAreDropped(t *testing.T) {
	e := start(t, func(c *fakecdp.Client, r fakecdp.Request) {
		if r.SessionID == "A" {
			for i := range 1000 {
				c.Event("Z", "Runtime.consoleAPICalled", console(fmt.Sprint("Z-", i)))
			}
			// Same id as A's request, wrong session: must not answer it.
			c.Reply(fakecdp.Request{ID: r.ID, SessionID: "Z"}, evalResult("from Z"))
			c.Event("A", "Runtime.consoleAPICalled", console("A-event"))
		}
		echo(c, r)
	}, cdpmux.Options{})
	e.attach(t, "A")
	a := e.client(t, "A")
	ctx, cancel := context.WithTimeout(t.Context(), ceiling)
	defer cancel()
	st, err := a.Runtime.ConsoleAPICalled(ctx)
	require.NoError(t, err)
	defer st.Close()

	got, err := evaluate(t.Context(), a, "A-call")
	require.NoError(t, err)
	assert.Equal(t, "A-call", got)
	ev, err := st.Recv()
	require.NoError(t, err)
	var v string
	require.NoError(t, jsonString(ev.Args[0].Value, &v))
	assert.Equal(t, "A-event", v)
	assert.Equal(t, []string{"A"}, e.conn.Sessions())
}

func TestUndrainedStreamDoesNotStallOtherSessions(t *testing.T) {
	pad := strings.Repeat("x", 1024)
	var once sync.Once
	e := start(t, func(c *fakecdp.Client, r fakecdp.Request) {
		if r.SessionID == "B" {
			// Flood A, whose stream nobody reads, ahead of B's first reply.
			once.Do(func() {
				for i := range 3000 {
					if c.Event("A", "Runtime.consoleAPICalled", console(fmt.Sprint(i, pad))) != nil {
						return
					}
				}
			})
		}
		echo(c, r)
	}, cdpmux.Options{})
	e.attach(t, "A", "B")
	a, b := e.client(t, "A"), e.client(t, "B")
	st, err := a.Runtime.ConsoleAPICalled(t.Context())
	require.NoError(t, err)
	defer st.Close()

	for i := range 3 {
		got, err := evaluate(t.Context(), b, fmt.Sprint("B-", i))
		require.NoError(t, err, "B stalled behind A's unread events")
		assert.Equal(t, fmt.Sprint("B-", i), got)
	}
	got, err := evaluate(t.Context(), a, "A-still-works")
	require.NoError(t, err)
	assert.Equal(t, "A-still-works", got)
}

func TestLargeRequestArrivesWhole(t *testing.T) {
	e := start(t, func(c *fakecdp.Client, r fakecdp.Request) {
		c.Reply(r, evalResult(fmt.Sprint(len(expression(r)))))
	}, cdpmux.Options{})
	e.attach(t, "A")
	expr := "'" + strings.Repeat("0123456789abcdef", 200<<10/16) + "'"

	got, err := evaluate(t.Context(), e.client(t, "A"), expr)
	require.NoError(t, err)
	assert.Equal(t, fmt.Sprint(len(expr)), got)
	var seen []string
	for _, r := range e.srv.Requests() {
		if r.Method == "Runtime.evaluate" {
			seen = append(seen, expression(r))
		}
	}
	require.Len(t, seen, 1)
	assert.True(t, seen[0] == expr, "the fake saw %d bytes, want %d", len(seen[0]), len(expr))
}

func TestDisconnectFailsEveryPendingCall(t *testing.T) {
	const perSession = 3
	h, in := inbox()
	e := start(t, h, cdpmux.Options{})
	e.attach(t, "A", "B")

	errc := make(chan error, 3*perSession)
	clients := map[string]*cdp.Client{}
	for _, sid := range []string{"", "A", "B"} {
		c := e.client(t, sid)
		clients[sid] = c
		for i := range perSession {
			go func() {
				_, err := evaluate(t.Context(), c, fmt.Sprint(sid, i))
				errc <- err
			}()
		}
	}
	for range 3 * perSession {
		next(t, in) // held unanswered
	}
	e.fc.Drop()

	for range 3 * perSession {
		err := wait(t, errc)
		assert.ErrorIs(t, err, cdpmux.ErrDisconnected)
	}
	select {
	case <-e.conn.Done():
	case <-time.After(ceiling):
		t.Fatal("Done not closed after the socket dropped")
	}
	assert.ErrorIs(t, e.conn.Err(), cdpmux.ErrDisconnected)

	// Calls made afterwards fail the same way, on old and new sessions.
	_, err := evaluate(t.Context(), clients["A"], "late")
	assert.ErrorIs(t, err, cdpmux.ErrDisconnected)
	_, err = e.conn.Session("C")
	assert.ErrorIs(t, err, cdpmux.ErrDisconnected)
}

func TestCloseFailsPendingCallsAndIsIdempotent(t *testing.T) {
	h, in := inbox()
	e := start(t, h, cdpmux.Options{})
	e.attach(t, "A")
	a := e.client(t, "A")
	errc := make(chan error, 1)
	go func() {
		_, err := evaluate(t.Context(), a, "pending")
		errc <- err
	}()
	next(t, in)

	require.NoError(t, e.conn.Close())
	assert.ErrorIs(t, wait(t, errc), cdpmux.ErrClosed)
	assert.ErrorIs(t, e.conn.Err(), cdpmux.ErrClosed)
	assert.NoError(t, e.conn.Close())
}

func TestGarbageFramesAreIgnored(t *testing.T) {
	e := start(t, echo, cdpmux.Options{})
	e.attach(t, "A")
	garbage := []string{
		"not json",
		"{",
		"",
		"null",
		"[]",
		`"a string"`,
		"\xff\xfe\x00",
		`{"sessionId":5}`,
		`{"id":"x"}`,
		`{"id":1e99}`,
		`{"id":-1,"result":{}}`,
		`{"id":424242,"result":{}}`,
		`{"sessionId":"A","id":"x"}`,
		`{"sessionId":"A","method":7}`,
		`{"sessionId":"A","id":424242,"result":{}}`,
		`{"method":"Target.attachedToTarget","params":"bad"}`,
		`{"method":"Target.attachedToTarget","params":{"sessionId":""}}`,
		`{"method":"Target.detachedFromTarget","params":{"sessionId":5}}`,
	}
	for _, g := range garbage {
		require.NoError(t, e.fc.SendRaw([]byte(g)))
	}

	for _, sid := range []string{"", "A"} {
		got, err := evaluate(t.Context(), e.client(t, sid), "ok-"+sid)
		require.NoError(t, err, "session %q after garbage", sid)
		assert.Equal(t, "ok-"+sid, got)
	}
	assert.Equal(t, []string{"A"}, e.conn.Sessions())
}

func TestDetachFailsOnlyThatSession(t *testing.T) {
	h, in := inbox()
	e := start(t, h, cdpmux.Options{})
	e.attach(t, "A", "B")
	a, b := e.client(t, "A"), e.client(t, "B")

	answered, pending := make(chan error, 1), make(chan error, 1)
	go func() {
		_, err := evaluate(t.Context(), a, "answered")
		answered <- err
	}()
	first := next(t, in)
	go func() {
		_, err := evaluate(t.Context(), a, "pending")
		pending <- err
	}()
	next(t, in)

	// A reply already on the socket before the detach is still delivered.
	require.NoError(t, first.c.Reply(first.r, evalResult("answered")))
	require.NoError(t, e.fc.Event("", "Target.detachedFromTarget", map[string]any{"sessionId": "A", "targetId": "TA"}))

	assert.NoError(t, wait(t, answered))
	assert.ErrorIs(t, wait(t, pending), cdpmux.ErrSessionDetached)
	_, err := evaluate(t.Context(), a, "after")
	assert.ErrorIs(t, err, cdpmux.ErrSessionDetached)
	assert.Equal(t, []string{"B"}, e.conn.Sessions())

	bres := make(chan error, 1)
	go func() {
		got, err := evaluate(t.Context(), b, "B")
		if err == nil && got != "B" {
			err = fmt.Errorf("got %q", got)
		}
		bres <- err
	}()
	c := next(t, in)
	require.Equal(t, "B", c.r.SessionID)
	require.NoError(t, c.c.Reply(c.r, evalResult("B")))
	assert.NoError(t, wait(t, bres))
}

func TestRequestIDsAreUniqueAcrossSessions(t *testing.T) {
	const perSession = 20
	e := start(t, echo, cdpmux.Options{})
	e.attach(t, "A", "B")

	var wg sync.WaitGroup
	errc := make(chan error, 3*perSession)
	for _, sid := range []string{"", "A", "B"} {
		rc, err := e.conn.Session(sid)
		require.NoError(t, err)
		for range perSession {
			wg.Go(func() {
				ctx, cancel := context.WithTimeout(t.Context(), ceiling)
				defer cancel()
				errc <- rpcc.Invoke(ctx, "Runtime.enable", nil, nil, rc)
			})
		}
	}
	wg.Wait()
	close(errc)
	for err := range errc {
		require.NoError(t, err)
	}

	ids := map[uint64]fakecdp.Request{}
	for _, r := range e.srv.Requests() {
		if prev, dup := ids[r.ID]; dup {
			t.Errorf("id %d used by session %q and %q", r.ID, prev.SessionID, r.SessionID)
		}
		ids[r.ID] = r
	}
	assert.Len(t, ids, 3*perSession)
}

func TestOverflowFailsOnlyThatSession(t *testing.T) {
	const queueBytes = 16 << 10
	pad := strings.Repeat("x", 1024)
	tests := []struct {
		name string
		// open makes the mux create A's rpcc.Conn and leave a call pending.
		open bool
		// flood is sent on A when the fake receives B's first call or A's.
		flood func(c *fakecdp.Client)
	}{
		{
			name: "session never read",
			flood: func(c *fakecdp.Client) {
				for i := range 4 * queueBytes / len(pad) {
					c.Event("A", "Runtime.consoleAPICalled", console(fmt.Sprint(i, pad)))
				}
			},
		},
		{
			name: "frame above the cap fails the pending call",
			open: true,
			flood: func(c *fakecdp.Client) {
				c.Event("A", "Runtime.consoleAPICalled", console(strings.Repeat(pad, 2*queueBytes/len(pad))))
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var once sync.Once
			e := start(t, func(c *fakecdp.Client, r fakecdp.Request) {
				if r.SessionID == "A" {
					once.Do(func() { tt.flood(c) })
					<-c.Done() // never answer A
					return
				}
				once.Do(func() { tt.flood(c) })
				echo(c, r)
			}, cdpmux.Options{QueueBytes: queueBytes})
			e.attach(t, "A", "B")
			b := e.client(t, "B")

			if tt.open {
				_, err := evaluate(t.Context(), e.client(t, "A"), "pending")
				require.ErrorIs(t, err, cdpmux.ErrSessionOverflow)
			}
			got, err := evaluate(t.Context(), b, "B")
			require.NoError(t, err)
			assert.Equal(t, "B", got)
			// B's reply followed the flood on the socket, so A's fate is
			// settled by now.
			assert.Equal(t, []string{"B"}, e.conn.Sessions())
			_, err = e.conn.Session("A")
			assert.Error(t, err)
		})
	}
}

func TestHooksSeeSessionBeforeItsFrames(t *testing.T) {
	e := start(t, nil, cdpmux.Options{})
	ctx, cancel := context.WithTimeout(t.Context(), ceiling)
	defer cancel()
	type attached struct {
		parent, sid string
		params      json.RawMessage
		st          runtime.ConsoleAPICalledClient
		err         error
	}
	got := make(chan attached, 1)
	detached := make(chan [2]string, 1)
	e.conn.SetHooks(cdpmux.Hooks{
		Attached: func(parent, sid string, params json.RawMessage) {
			a := attached{parent: parent, sid: sid, params: params}
			rc, err := e.conn.Session(sid)
			if err == nil {
				a.st, err = cdp.NewClient(rc).Runtime.ConsoleAPICalled(ctx)
			}
			a.err = err
			got <- a
		},
		Detached: func(parent, sid string) { detached <- [2]string{parent, sid} },
	})
	// The event follows the attach with nothing in between: the hook runs
	// before the reader looks at it, so a stream opened there sees it.
	require.NoError(t, e.fc.Event("", "Target.attachedToTarget", attachedParams("A")))
	require.NoError(t, e.fc.Event("A", "Runtime.consoleAPICalled", console("first")))

	var a attached
	select {
	case a = <-got:
	case <-time.After(ceiling):
		t.Fatal("Attached hook not called")
	}
	require.NoError(t, a.err)
	defer a.st.Close()
	assert.Equal(t, "", a.parent)
	assert.Equal(t, "A", a.sid)
	assert.Contains(t, string(a.params), `"targetId":"TA"`)
	ev, err := a.st.Recv()
	require.NoError(t, err)
	var v string
	require.NoError(t, jsonString(ev.Args[0].Value, &v))
	assert.Equal(t, "first", v)

	require.NoError(t, e.fc.Event("", "Target.detachedFromTarget", map[string]any{"sessionId": "A", "targetId": "TA"}))
	select {
	case d := <-detached:
		assert.Equal(t, [2]string{"", "A"}, d)
	case <-time.After(ceiling):
		t.Fatal("Detached hook not called")
	}
	assert.Empty(t, e.conn.Sessions())
}

// jsonString decodes a RemoteObject value holding a JSON string.
func jsonString(raw []byte, v *string) error {
	if len(raw) == 0 {
		return errors.New("empty value")
	}
	return json.Unmarshal(raw, v)
}
