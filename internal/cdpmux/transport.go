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
		caps:       map[uint64]int64{},
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
	c.lastRead.Store(time.Now().UnixNano())
	go c.read()
	return c, nil
}

// transport carries whole CDP messages between the Conn and the browser.
// nextReader returns a reader of the next message, valid until the next
// call, so that a message can be read through without being held (see
// readFrame); it is called from the reader goroutine only. writeMessage is
// serialised by the Conn; close unblocks a pending read and may be called
// more than once.
type transport interface {
	nextReader() (io.Reader, error)
	writeMessage(b []byte, deadline time.Time) error
	close() error
}

// wsTransport is a websocket: one text frame per message.
type wsTransport struct{ ws *websocket.Conn }

func (t wsTransport) nextReader() (io.Reader, error) {
	_, r, err := t.ws.NextReader()
	return r, err
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

func (t *pipeTransport) nextReader() (io.Reader, error) {
	// Wait for the message's first byte here, so that a closed pipe is
	// reported as the end of the stream rather than as an empty message.
	if _, err := t.r.Peek(1); err != nil {
		return nil, pipeErr(err)
	}
	return &nulReader{r: t.r}, nil
}

// pipeErr reports a closed pipe as the end of the stream.
func pipeErr(err error) error {
	if errors.Is(err, os.ErrClosed) || errors.Is(err, io.ErrClosedPipe) {
		return io.EOF
	}
	return err
}

// nulReader reads one NUL-terminated message from r and stops at the NUL,
// which it consumes and does not return.
type nulReader struct {
	r       *bufio.Reader
	pending []byte // read from r, not yet returned; valid until r is read again
	last    bool   // pending ends the message
	done    bool
}

func (n *nulReader) Read(p []byte) (int, error) {
	if n.done {
		return 0, io.EOF
	}
	if len(n.pending) == 0 && !n.last {
		chunk, err := n.r.ReadSlice(0)
		switch {
		case err == nil:
			n.pending, n.last = chunk[:len(chunk)-1], true
		case errors.Is(err, bufio.ErrBufferFull):
			n.pending = chunk
		default:
			// The stream ended inside a message: it is cut short.
			if errors.Is(pipeErr(err), io.EOF) {
				return 0, io.ErrUnexpectedEOF
			}
			return 0, err
		}
	}
	c := copy(p, n.pending)
	n.pending = n.pending[c:]
	if len(n.pending) == 0 && n.last {
		n.done = true
	}
	return c, nil
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
