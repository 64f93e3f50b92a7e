package cdpmux

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/rs/zerolog"
)

// fuzzConn is a Conn without a websocket: frames go straight to route, as
// the reader would hand them over.
func fuzzConn() *Conn {
	c := &Conn{
		opts:       Options{QueueBytes: 1 << 20},
		log:        zerolog.Nop(),
		sessions:   map[string]*session{},
		gone:       map[string]error{},
		caps:       map[uint64]int64{},
		done:       make(chan struct{}),
		readerDone: make(chan struct{}),
	}
	c.opts.defaults()
	c.opts.QueueBytes = 1 << 20
	c.sessions[""] = c.newSession("")
	return c
}

// FuzzRoute feeds the router garbage, truncated, huge and interleaved
// frames (one per line of the input): nothing panics, a frame for an
// unknown session is dropped, attach and detach keep the session table
// consistent, and a session whose queue overflows is failed alone.
func FuzzRoute(f *testing.F) {
	attach := `{"method":"Target.attachedToTarget","params":{"sessionId":"A","targetInfo":{"targetId":"T","type":"page"},"waitingForDebugger":false}}`
	for _, s := range []string{
		attach + "\n" + `{"method":"Page.loadEventFired","params":{},"sessionId":"A"}`,
		attach + "\n" + `{"id":5,"result":{},"sessionId":"A"}` + "\n" + `{"method":"Target.detachedFromTarget","params":{"sessionId":"A"}}`,
		`{"id":1,"result":{"x":` + "\n" + `}}`,
		"not json\n\x00\xff\n{}\n[]\nnull\n\"s\"",
		`{"method":"Target.detachedFromTarget","params":{"sessionId":""}}`,
		`{"method":"Target.attachedToTarget","params":{"sessionId":""}}`,
		attach + "\n" + `{"id":1,"result":{"v":"` + string(bytes.Repeat([]byte("x"), 3<<20)) + `"},"sessionId":"A"}`,
		`{"sessionId":"B","method":"Runtime.consoleAPICalled","params":[1,2]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		c := fuzzConn()
		for _, frame := range bytes.Split(in, []byte("\n")) {
			c.route(frame)
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		if _, ok := c.sessions[""]; !ok {
			select {
			case <-c.done:
			default:
				t.Fatal("the browser session was dropped while the connection is up")
			}
		}
		for id, s := range c.sessions {
			if s.id != id {
				t.Fatalf("session %q filed under %q", s.id, id)
			}
		}
	})
}

// FuzzReplyHeader: the reader's peek at a frame's id and session id never
// panics, and finds what a well-formed reply says.
func FuzzReplyHeader(f *testing.F) {
	f.Add(uint64(7), "AB12", []byte(`{"x":1}`))
	f.Add(uint64(0), "", []byte(`"`))
	f.Fuzz(func(t *testing.T, id uint64, sid string, result []byte) {
		if !json.Valid(result) {
			result = []byte(`null`)
		}
		b, err := json.Marshal(struct {
			ID        uint64          `json:"id"`
			Result    json.RawMessage `json:"result"`
			SessionID string          `json:"sessionId,omitempty"`
		}{id, result, sid})
		if err != nil {
			return
		}
		head := b[:min(len(b), headBytes)]
		got, ok := replyID(head)
		if len(head) == len(b) || bytes.IndexAny(head[6:], ",}") > 0 {
			if !ok || got != id {
				t.Fatalf("id of %s: %d %v", b, got, ok)
			}
		}
		tail := b[max(0, len(b)-tailBytes):]
		// Chrome's session ids are plain hex; check ids that JSON writes
		// as they are.
		if sid != "" && len(sid) < tailBytes-20 && bytes.Contains(b, []byte(`"sessionId":"`+sid+`"`)) {
			if s := sessionOf(nil, tail); s != sid {
				t.Fatalf("session of %s: %q", b, s)
			}
		}
		// Garbage never panics.
		replyID(result)
		sessionOf(result, result)
	})
}
