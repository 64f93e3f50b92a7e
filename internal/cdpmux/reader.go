package cdpmux

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/mafredri/cdp/rpcc"
)

// read is the only reader of the transport. It parses just enough of each
// frame to route it and never waits on a consumer.
func (c *Conn) read() {
	defer close(c.readerDone)
	for {
		b, err := c.readFrame()
		if err != nil {
			c.shutdown(fmt.Errorf("%w: %v", ErrDisconnected, err))
			return
		}
		c.lastRead.Store(time.Now().UnixNano())
		c.route(b)
	}
}

// frameHeader is the part of a frame that routing needs.
type frameHeader struct {
	ID        uint64  `json:"id"`
	SessionID string  `json:"sessionId"`
	Method    string  `json:"method"`
	Params    inFrame `json:"params"`
}

// frame is a frame's header and, for a reply, its outcome, read in the
// same pass so that a reply handed straight to its caller (deliver) is
// parsed once.
type frame struct {
	frameHeader
	Result inFrame             `json:"result"`
	Error  *rpcc.ResponseError `json:"error"`
}

// inFrame is a part of a frame left as its JSON text, sharing the frame's
// bytes instead of copying them (json.RawMessage copies): a large reply
// that goes to a session's queue is not copied for nothing. Each frame is
// a buffer of its own, which the reader never reuses.
type inFrame []byte

func (r *inFrame) UnmarshalJSON(b []byte) error {
	*r = b
	return nil
}

// parseFrame reads b's header and outcome. A frame whose header reads but
// whose outcome does not is still routed, with the failure as its error.
func parseFrame(b []byte) (frame, error) {
	var f frame
	err := json.Unmarshal(b, &f)
	if err == nil {
		return f, nil
	}
	f = frame{}
	if json.Unmarshal(b, &f.frameHeader) != nil {
		return f, err
	}
	f.Error = &rpcc.ResponseError{Code: -32700, Message: "unparsable reply: " + err.Error()}
	return f, nil
}

type attachedParams struct {
	SessionID string `json:"sessionId"`
}

func (c *Conn) route(b []byte) {
	h, err := parseFrame(b)
	if err != nil {
		c.log.Debug().Err(err).Int("bytes", len(b)).Msg("dropping unparsable cdp frame")
		return
	}
	switch h.Method {
	case "Target.attachedToTarget":
		// Register before anything of the new session can be read, so its
		// first events are never dropped as unknown.
		var p attachedParams
		if json.Unmarshal(h.Params, &p) == nil && p.SessionID != "" {
			c.Register(p.SessionID)
			c.mu.Lock()
			hook := c.hooks.Attached
			c.mu.Unlock()
			if hook != nil {
				hook(h.SessionID, p.SessionID, json.RawMessage(h.Params))
			}
		}
	case "Target.detachedFromTarget":
		var p attachedParams
		if json.Unmarshal(h.Params, &p) == nil && p.SessionID != "" {
			c.mu.Lock()
			hook := c.hooks.Detached
			c.mu.Unlock()
			if hook != nil {
				defer hook(h.SessionID, p.SessionID)
			}
			defer c.Detach(p.SessionID)
		}
	}
	c.mu.Lock()
	s, ok := c.sessions[h.SessionID]
	c.mu.Unlock()
	if !ok {
		c.log.Debug().Str("session", h.SessionID).Str("method", h.Method).Msg("dropping frame for unknown session")
		return
	}
	if h.Method == "" && s.deliver(wireResponse{ID: h.ID, Result: json.RawMessage(h.Result), Error: h.Error}) {
		return
	}
	if !s.q.push(b) && errors.Is(s.q.closedWith(), ErrSessionOverflow) {
		if h.SessionID == "" {
			// The browser session carries target management; without it
			// the connection is useless.
			c.shutdown(fmt.Errorf("%w: browser session", ErrSessionOverflow))
			return
		}
		// Fail the session's rpcc.Conn too and forget it.
		c.detach(h.SessionID, ErrSessionOverflow)
	}
}
