package cdpmux

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// start wraps an open transport in a Conn and starts its reader.
func start(tr transport, opts Options) (*Conn, error) {
	c := &Conn{
		tr:         tr,
		opts:       opts,
		log:        opts.Logger,
		sessions:   map[string]*session{},
		gone:       map[string]error{},
		done:       make(chan struct{}),
		readerDone: make(chan struct{}),
	}
	c.sessions[""] = c.newSession("")
	root, err := c.Session("")
	if err != nil {
		tr.close()
		return nil, err
	}
	c.root = root
	go c.read()
	return c, nil
}

// transport carries whole CDP messages between the Conn and the browser.
// readMessage is called from the reader goroutine only; writeMessage is
// serialised by the Conn; close unblocks a pending read and may be called
// more than once.
type transport interface {
	readMessage() ([]byte, error)
	writeMessage(b []byte, deadline time.Time) error
	close() error
}

// wsTransport is a websocket: one text frame per message.
type wsTransport struct{ ws *websocket.Conn }

func (t wsTransport) readMessage() ([]byte, error) {
	_, b, err := t.ws.ReadMessage()
	return b, err
}

func (t wsTransport) writeMessage(b []byte, deadline time.Time) error {
	t.ws.SetWriteDeadline(deadline)
	return t.ws.WriteMessage(websocket.TextMessage, b)
}

func (t wsTransport) close() error { return t.ws.Close() }

// pipeTransport is Chrome's --remote-debugging-pipe: the browser reads
// requests on its fd 3 and writes replies and events on its fd 4, each
// message a JSON object followed by a NUL byte.
type pipeTransport struct {
	r  *bufio.Reader
	rc io.Closer
	w  io.WriteCloser

	once sync.Once
	err  error
}

// deadliner is what *os.File offers for pipes opened by os.Pipe.
type deadliner interface{ SetWriteDeadline(time.Time) error }

func (t *pipeTransport) readMessage() ([]byte, error) {
	b, err := t.r.ReadBytes(0)
	if err != nil {
		if errors.Is(err, os.ErrClosed) || errors.Is(err, io.ErrClosedPipe) {
			err = io.EOF
		}
		return nil, err
	}
	return b[:len(b)-1], nil
}

func (t *pipeTransport) writeMessage(b []byte, deadline time.Time) error {
	if d, ok := t.w.(deadliner); ok {
		// A pipe without deadline support (not from os.Pipe) is written
		// without one; the browser end is our own child in that case.
		_ = d.SetWriteDeadline(deadline)
	}
	// One write per message keeps it whole even if a later write fails.
	_, err := t.w.Write(append(b, 0))
	return err
}

func (t *pipeTransport) close() error {
	t.once.Do(func() {
		t.err = errors.Join(t.w.Close(), t.rc.Close())
	})
	return t.err
}

// NewPipe returns a Conn over a browser's --remote-debugging-pipe: r reads
// what the browser writes on its fd 4, w writes what it reads on its fd 3.
// The Conn owns both and closes them in Close. It has the same flat
// sessions, reader and limits as a Conn from Dial; the pipe has no
// handshake, so a dead peer shows on the first call. Files from os.Pipe
// honour Options.WriteTimeout.
func NewPipe(r io.ReadCloser, w io.WriteCloser, opts Options) (*Conn, error) {
	if r == nil || w == nil {
		return nil, fmt.Errorf("opening cdp pipe: %w", errors.New("both ends are required"))
	}
	opts.defaults()
	return start(&pipeTransport{r: bufio.NewReaderSize(r, 1<<16), rc: r, w: w}, opts)
}
