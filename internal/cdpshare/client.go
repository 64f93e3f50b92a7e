package cdpshare

import (
	"context"
	"encoding/json"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// client is one websocket client and its browser-target session, its
// root.
type client struct {
	b    *Broker
	ws   *websocket.Conn
	root string

	writeMu sync.Mutex
}

// serveClient gives ws a browser-target session and relays its messages
// until it leaves; then the session is detached.
func (b *Broker) serveClient(ctx context.Context, ws *websocket.Conn) {
	defer ws.Close()
	b.mu.Lock()
	if b.err != nil {
		b.mu.Unlock()
		return
	}
	b.wg.Add(1)
	b.mu.Unlock()
	defer b.wg.Done()
	actx, cancel := context.WithTimeout(ctx, 30*time.Second)
	res, err := b.call(actx, "Target.attachToBrowserTarget", struct{}{})
	cancel()
	var r struct {
		SessionID string `json:"sessionId"`
	}
	if err != nil || json.Unmarshal(res, &r) != nil || r.SessionID == "" {
		b.log.Warn().Err(err).Msg("attaching a client of the shared browser to the browser target")
		return
	}
	c := &client{b: b, ws: ws, root: r.SessionID}
	b.mu.Lock()
	if b.err != nil {
		b.mu.Unlock()
		return
	}
	b.clients[c] = true
	b.owners[c.root] = c
	b.mu.Unlock()
	defer b.leave(c)
	for {
		_, msg, err := ws.ReadMessage()
		if err != nil {
			return
		}
		c.forward(msg)
	}
}

// forward sends one message of the client to the browser: on its root when
// it names no session, on a session of its own otherwise, with an id of
// the broker's.
func (c *client) forward(msg []byte) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(msg, &m); err != nil {
		return
	}
	id := m["id"]
	var sid string
	if raw, ok := m["sessionId"]; ok {
		json.Unmarshal(raw, &sid)
	}
	b := c.b
	b.mu.Lock()
	if sid != "" && b.owners[sid] != c {
		b.mu.Unlock()
		c.reject(id, "no session "+sid+" of this connection")
		return
	}
	root := sid == ""
	if root {
		sid = c.root
	}
	b.nextID++
	gid := b.nextID
	if id != nil {
		b.pending[gid] = pending{c: c, id: id, root: root}
	}
	b.mu.Unlock()
	m["id"], _ = json.Marshal(gid)
	m["sessionId"], _ = json.Marshal(sid)
	if err := b.write(m); err != nil {
		b.mu.Lock()
		delete(b.pending, gid)
		b.mu.Unlock()
		c.reject(id, "the browser's pipe failed: "+err.Error())
	}
}

// reject answers a request with a CDP error.
func (c *client) reject(id json.RawMessage, msg string) {
	if id == nil {
		return
	}
	out, _ := json.Marshal(map[string]any{"id": id, "error": map[string]any{"code": -32001, "message": msg}})
	c.send(out)
}

// send writes one message to the client; a client that does not read for
// long is dropped.
func (c *client) send(msg []byte) {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	c.ws.SetWriteDeadline(time.Now().Add(30 * time.Second))
	if err := c.ws.WriteMessage(websocket.TextMessage, msg); err != nil {
		c.ws.Close()
	}
}

// leave forgets c and detaches its browser-target session, which ends the
// sessions it attached and the contexts it made with disposeOnDetach.
func (b *Broker) leave(c *client) {
	b.mu.Lock()
	delete(b.clients, c)
	for sid, o := range b.owners {
		if o == c {
			delete(b.owners, sid)
		}
	}
	for id, p := range b.pending {
		if p.c == c {
			delete(b.pending, id)
		}
	}
	closed := b.err != nil
	b.mu.Unlock()
	if closed {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := b.call(ctx, "Target.detachFromTarget", map[string]string{"sessionId": c.root}); err != nil {
		b.log.Debug().Err(err).Msg("detaching a client of the shared browser")
	}
}
