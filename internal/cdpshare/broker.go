package cdpshare

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/gorilla/websocket"
	"github.com/rs/zerolog"
)

// ErrClosed is the error of calls on a closed Broker.
var ErrClosed = errors.New("cdpshare: broker closed")

// Broker shares one browser pipe between websocket clients (see the
// package doc). Its methods are safe for concurrent use.
type Broker struct {
	log zerolog.Logger
	r   *bufio.Reader
	rc  io.Closer
	w   io.WriteCloser

	writeMu sync.Mutex

	mu      sync.Mutex
	nextID  uint64
	pending map[uint64]pending // by the id sent to the browser
	owners  map[string]*client // session id -> the client it belongs to
	clients map[*client]bool
	err     error // set once the pipe is gone or the broker closed

	srv       *http.Server
	wg        sync.WaitGroup
	done      chan struct{}
	closeOnce sync.Once
}

// pending is a request sent to the browser: the client's own id and
// whether it went to the client's root, or the broker's own call.
type pending struct {
	c      *client
	id     json.RawMessage
	root   bool
	answer chan frame // the broker's own calls
}

// frame is the part of a CDP message the broker reads.
type frame struct {
	ID        *uint64         `json:"id,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     json.RawMessage `json:"error,omitempty"`
}

// New starts a broker on a browser's pipe: r reads what the browser writes
// on its fd 4, w writes what it reads on its fd 3 (NUL-delimited JSON). The
// broker owns both and closes them in Close.
func New(r io.ReadCloser, w io.WriteCloser, log zerolog.Logger) *Broker {
	b := &Broker{
		log: log, r: bufio.NewReaderSize(r, 1<<16), rc: r, w: w,
		pending: map[uint64]pending{}, owners: map[string]*client{}, clients: map[*client]bool{},
		done: make(chan struct{}),
	}
	b.wg.Add(1)
	go b.read()
	return b
}

// Serve accepts websocket clients on ln until Close. Each connection is
// first passed to allow, which refuses it by returning an error (a peer of
// another user, say).
func (b *Broker) Serve(ln net.Listener, allow func(net.Conn) error) error {
	up := websocket.Upgrader{ReadBufferSize: 1 << 16, WriteBufferSize: 1 << 16, CheckOrigin: func(*http.Request) bool { return true }}
	b.mu.Lock()
	if b.err != nil {
		b.mu.Unlock()
		return b.err
	}
	b.srv = &http.Server{
		ReadHeaderTimeout: 10 * time.Second,
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ws, err := up.Upgrade(w, r, nil)
			if err != nil {
				return
			}
			ws.SetReadLimit(-1)
			b.serveClient(r.Context(), ws)
		}),
		ConnContext: func(ctx context.Context, c net.Conn) context.Context { return ctx },
	}
	srv := b.srv
	b.mu.Unlock()
	err := srv.Serve(&checkedListener{Listener: ln, allow: allow, log: b.log})
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// checkedListener drops connections allow refuses before any byte is read.
type checkedListener struct {
	net.Listener
	allow func(net.Conn) error
	log   zerolog.Logger
}

func (l *checkedListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil || l.allow == nil {
			return c, err
		}
		if err := l.allow(c); err != nil {
			l.log.Warn().Err(err).Msg("refused a connection to the shared browser")
			c.Close()
			continue
		}
		return c, nil
	}
}

// Done is closed when the broker stops: Close, or the browser's pipe
// ended.
func (b *Broker) Done() <-chan struct{} { return b.done }

// Close stops accepting, ends every client and closes the pipe.
func (b *Broker) Close() error {
	b.shutdown(ErrClosed)
	b.wg.Wait()
	return nil
}

func (b *Broker) shutdown(cause error) {
	b.closeOnce.Do(func() {
		b.mu.Lock()
		b.err = cause
		srv := b.srv
		clients := make([]*client, 0, len(b.clients))
		for c := range b.clients {
			clients = append(clients, c)
		}
		for id, p := range b.pending {
			if p.answer != nil {
				close(p.answer)
			}
			delete(b.pending, id)
		}
		b.mu.Unlock()
		if srv != nil {
			srv.Close()
		}
		for _, c := range clients {
			c.ws.Close()
		}
		b.w.Close()
		b.rc.Close()
		close(b.done)
	})
}

// read is the pipe's single reader: it routes each frame to its client.
func (b *Broker) read() {
	defer b.wg.Done()
	for {
		msg, err := b.r.ReadBytes(0)
		if err != nil {
			b.shutdown(fmt.Errorf("cdpshare: the browser's pipe ended: %w", err))
			return
		}
		b.route(msg[:len(msg)-1])
	}
}

// route hands one frame from the browser to the client it belongs to.
func (b *Broker) route(msg []byte) {
	var f frame
	if err := json.Unmarshal(msg, &f); err != nil {
		b.log.Warn().Err(err).Msg("a frame from the browser is not JSON")
		return
	}
	b.mu.Lock()
	if f.ID != nil {
		p, ok := b.pending[*f.ID]
		delete(b.pending, *f.ID)
		b.mu.Unlock()
		switch {
		case !ok:
		case p.answer != nil:
			p.answer <- f
			close(p.answer)
		default:
			p.c.send(rewrite(msg, p.id, p.root))
		}
		return
	}
	c := b.owners[f.SessionID]
	root := c != nil && c.root == f.SessionID
	if c != nil {
		switch f.Method {
		case "Target.attachedToTarget":
			var p struct {
				SessionID string `json:"sessionId"`
			}
			if json.Unmarshal(f.Params, &p) == nil && p.SessionID != "" {
				b.owners[p.SessionID] = c
			}
		case "Target.detachedFromTarget":
			var p struct {
				SessionID string `json:"sessionId"`
			}
			if json.Unmarshal(f.Params, &p) == nil && p.SessionID != "" && p.SessionID != c.root {
				defer func() { b.mu.Lock(); delete(b.owners, p.SessionID); b.mu.Unlock() }()
			}
		}
	}
	b.mu.Unlock()
	if c == nil {
		return // the broker's own root, or a client that left
	}
	if root {
		msg = rewrite(msg, nil, true)
	}
	c.send(msg)
}

// rewrite gives a frame the client's id back (when id is not nil) and
// drops its sessionId when it came from the client's root.
func rewrite(msg []byte, id json.RawMessage, root bool) []byte {
	var m map[string]json.RawMessage
	if json.Unmarshal(msg, &m) != nil {
		return msg
	}
	if id != nil {
		m["id"] = id
	}
	if root {
		delete(m, "sessionId")
	}
	out, err := json.Marshal(m)
	if err != nil {
		return msg
	}
	return out
}

// write sends one message to the browser.
func (b *Broker) write(m map[string]json.RawMessage) error {
	out, err := json.Marshal(m)
	if err != nil {
		return err
	}
	b.writeMu.Lock()
	defer b.writeMu.Unlock()
	if d, ok := b.w.(interface{ SetWriteDeadline(time.Time) error }); ok {
		_ = d.SetWriteDeadline(time.Now().Add(30 * time.Second))
	}
	_, err = b.w.Write(append(out, 0))
	return err
}

// call sends a command on the browser's own root and waits for its reply.
func (b *Broker) call(ctx context.Context, method string, params any) (json.RawMessage, error) {
	p, err := json.Marshal(params)
	if err != nil {
		return nil, err
	}
	ch := make(chan frame, 1)
	b.mu.Lock()
	if b.err != nil {
		b.mu.Unlock()
		return nil, b.err
	}
	b.nextID++
	id := b.nextID
	b.pending[id] = pending{answer: ch}
	b.mu.Unlock()
	idb, _ := json.Marshal(id)
	mb, _ := json.Marshal(method)
	if err := b.write(map[string]json.RawMessage{"id": idb, "method": mb, "params": p}); err != nil {
		return nil, err
	}
	select {
	case f, ok := <-ch:
		if !ok {
			return nil, ErrClosed
		}
		if f.Error != nil {
			return nil, fmt.Errorf("%s: %s", method, f.Error)
		}
		return f.Result, nil
	case <-ctx.Done():
		b.mu.Lock()
		delete(b.pending, id)
		b.mu.Unlock()
		return nil, ctx.Err()
	}
}
