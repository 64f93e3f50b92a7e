package fakecdp

import (
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// writeTimeout keeps a test from hanging on a peer that stopped reading.
const writeTimeout = 10 * time.Second

// Client is one accepted websocket connection. Its methods are safe for
// concurrent use.
type Client struct {
	s    *Server
	ws   *websocket.Conn
	wmu  sync.Mutex // gorilla allows one writer at a time
	done chan struct{}
}

// Done is closed once the connection is gone, whichever side ended it,
// and the client no longer counts against Config.MaxClients.
func (c *Client) Done() <-chan struct{} { return c.done }

// Reply answers r with result, which is marshalled as JSON; nil sends {}.
func (c *Client) Reply(r Request, result any) error {
	if result == nil {
		result = struct{}{}
	}
	return c.writeJSON(struct {
		ID        uint64 `json:"id"`
		SessionID string `json:"sessionId,omitempty"`
		Result    any    `json:"result"`
	}{r.ID, r.SessionID, result})
}

// ReplyError answers r with a protocol error.
func (c *Client) ReplyError(r Request, code int, msg string) error {
	type wireError struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	return c.writeJSON(struct {
		ID        uint64    `json:"id"`
		SessionID string    `json:"sessionId,omitempty"`
		Error     wireError `json:"error"`
	}{r.ID, r.SessionID, wireError{code, msg}})
}

// Event sends a notification on sessionID ("" is the browser session);
// nil params sends {}.
func (c *Client) Event(sessionID, method string, params any) error {
	if params == nil {
		params = struct{}{}
	}
	return c.writeJSON(struct {
		Method    string `json:"method"`
		Params    any    `json:"params"`
		SessionID string `json:"sessionId,omitempty"`
	}{method, params, sessionID})
}

// SendRaw writes b as one text frame, valid JSON or not.
func (c *Client) SendRaw(b []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.ws.SetWriteDeadline(time.Now().Add(writeTimeout))
	if err := c.ws.WriteMessage(websocket.TextMessage, b); err != nil {
		return fmt.Errorf("fakecdp: writing frame: %w", err)
	}
	return nil
}

// Drop closes the TCP connection at once, without a websocket close frame,
// as a crashed browser would.
func (c *Client) Drop() {
	c.ws.NetConn().Close()
}

func (c *Client) writeJSON(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("fakecdp: encoding frame: %w", err)
	}
	return c.SendRaw(b)
}

// serve reads requests until the connection ends, recording each and
// passing it to the handler on a goroutine of its own.
func (c *Client) serve() {
	defer func() {
		c.ws.Close()
		// Free the slot before Done is closed, so that a test that saw
		// Done can connect again at once.
		c.s.release()
		close(c.done)
	}()
	for {
		_, b, err := c.ws.ReadMessage()
		if err != nil {
			return
		}
		var r Request
		if err := json.Unmarshal(b, &r); err != nil {
			continue
		}
		c.s.mu.Lock()
		c.s.reqs = append(c.s.reqs, r)
		c.s.mu.Unlock()
		// The read loop holds a wg count, so this Add never races Wait
		// from zero.
		c.s.wg.Add(1)
		go func() {
			defer c.s.wg.Done()
			c.s.handle(c, r)
		}()
	}
}
