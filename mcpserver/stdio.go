package mcpserver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentbrowser/agentbrowser/request"
)

// MaxLineBytes bounds one JSON-RPC message on stdio. A longer line is
// answered with an error and skipped; the connection goes on.
const MaxLineBytes = 16 << 20

// ServeStdio serves one connection over newline-delimited JSON-RPC on in
// and out until in ends or ctx is done. Unlike the SDK's StdioTransport,
// a line that is not a JSON-RPC message ends nothing: it is answered with
// a JSON-RPC error (-32700 for text that is not JSON, -32600 for JSON
// that is not a request, a line over MaxLineBytes) and skipped, and the
// session and its browser go on.
//
// The end of in ends the session: its calls in flight are cancelled (an
// evaluate is terminated in the page), then its backend closes.
func (s *Server) ServeStdio(ctx context.Context, in io.Reader, out io.Writer) error {
	t := &LineTransport{In: in, Out: out, inputEnded: make(chan struct{})}
	ss, err := s.srv.Connect(ctx, t, nil)
	if err != nil {
		return err
	}
	closed := make(chan error, 1)
	go func() { closed <- ss.Wait() }()
	select {
	case err := <-closed:
		return err
	case <-t.inputEnded:
		// The session closes once its calls return: cancel them.
		s.endSession(ss)
		return <-closed
	case <-ctx.Done():
		s.endSession(ss)
		ss.Close()
		<-closed
		return ctx.Err()
	}
}

// LineTransport is an SDK transport over newline-delimited JSON-RPC that
// survives its input (see ServeStdio).
type LineTransport struct {
	In  io.Reader
	Out io.Writer
	// MaxLineBytes bounds one line; zero means MaxLineBytes.
	MaxLineBytes int
	// inputEnded, when set, is closed when In ends (ServeStdio's).
	inputEnded chan struct{}
}

// Connect implements mcp.Transport.
func (t *LineTransport) Connect(context.Context) (mcp.Connection, error) {
	max := t.MaxLineBytes
	if max <= 0 {
		max = MaxLineBytes
	}
	c := &lineConn{out: t.Out, lines: NewLineReader(t.In, max), incoming: make(chan lineResult), closed: make(chan struct{}), inputEnded: t.inputEnded}
	go c.readLoop()
	return c, nil
}

// lineConn is one connection of a LineTransport.
type lineConn struct {
	out   io.Writer
	lines *LineReader

	writeMu sync.Mutex

	incoming  chan lineResult
	closeOnce sync.Once
	closed    chan struct{}
	// inputEnded, when set, is closed when the input ends.
	inputEnded chan struct{}
}

type lineResult struct {
	msg jsonrpc.Message
	err error
}

// readLoop reads lines on its own goroutine, so that Close unblocks Read
// at once: it answers bad lines itself and hands messages to Read.
func (c *lineConn) readLoop() {
	for {
		line, err := c.lines.Next()
		var r lineResult
		switch {
		case errors.Is(err, ErrLineTooLong):
			c.writeRaw(errorReply(nil, jsonrpc.CodeInvalidRequest, fmt.Sprintf("the message is longer than %d bytes; it was skipped", c.lines.max)))
			continue
		case err != nil:
			r.err = err
			if c.inputEnded != nil {
				close(c.inputEnded)
			}
		default:
			msg, reply := Classify(line)
			if reply != nil {
				c.writeRaw(reply)
				continue
			}
			if msg == nil {
				continue // a blank line
			}
			r.msg = msg
		}
		select {
		case c.incoming <- r:
		case <-c.closed:
			return
		}
		if r.err != nil {
			return
		}
	}
}

// Read implements mcp.Connection.
func (c *lineConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case r := <-c.incoming:
		return r.msg, r.err
	case <-c.closed:
		return nil, io.EOF
	}
}

// Write implements mcp.Connection: one message a line, with <, > and &
// as they are.
func (c *lineConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	b, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return fmt.Errorf("encoding a message: %w", err)
	}
	return c.writeRaw(request.UnescapeHTML(b))
}

func (c *lineConn) writeRaw(b []byte) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	_, err := c.out.Write(append(b, '\n'))
	return err
}

// Close implements mcp.Connection.
func (c *lineConn) Close() error {
	c.closeOnce.Do(func() { close(c.closed) })
	return nil
}

// SessionID implements mcp.Connection.
func (c *lineConn) SessionID() string { return "" }

// ErrLineTooLong is LineReader's error for a line over its limit, which
// it has skipped.
var ErrLineTooLong = errors.New("line too long")

// LineReader splits a stream into lines of at most max bytes. A longer
// line is read to its end and dropped, and Next says so with
// ErrLineTooLong; the next call reads the line after it.
type LineReader struct {
	r   *bufio.Reader
	max int
}

// NewLineReader returns a LineReader over r.
func NewLineReader(r io.Reader, max int) *LineReader {
	return &LineReader{r: bufio.NewReaderSize(r, 64<<10), max: max}
}

// Next returns the next line without its line ending ("\n" or "\r\n"),
// io.EOF at the end of the stream (a last line without a newline is
// returned first), or ErrLineTooLong for a line longer than max.
func (l *LineReader) Next() ([]byte, error) {
	var line []byte
	tooLong := false
	for {
		chunk, err := l.r.ReadSlice('\n')
		if !tooLong {
			// A line ending takes at most two bytes: past max+2 the
			// line is too long whatever ends it, and is not kept.
			if len(line)+len(chunk) > l.max+2 {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err == nil:
			line = bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r"))
		case errors.Is(err, io.EOF):
			if !tooLong && len(line) == 0 {
				return nil, io.EOF
			}
			line = bytes.TrimSuffix(line, []byte("\r"))
		default:
			return nil, err
		}
		if tooLong || len(line) > l.max {
			return nil, ErrLineTooLong
		}
		return line, nil
	}
}

// Classify reads one line: a JSON-RPC message to hand to the server, or
// the error reply to send instead (-32700 for text that is not JSON,
// -32600 for JSON that is not a valid request, notification or
// response), or neither for a blank line.
func Classify(line []byte) (jsonrpc.Message, []byte) {
	line = bytes.TrimSpace(line)
	if len(line) == 0 {
		return nil, nil
	}
	if !json.Valid(line) {
		return nil, errorReply(nil, jsonrpc.CodeParseError, "parse error: the line is not JSON")
	}
	if line[0] == '[' {
		return nil, errorReply(nil, jsonrpc.CodeInvalidRequest, "invalid request: batches are not supported; send one message a line")
	}
	var env struct {
		JSONRPC *string          `json:"jsonrpc"`
		ID      json.RawMessage  `json:"id"`
		Method  *string          `json:"method"`
		Result  json.RawMessage  `json:"result"`
		Error   *json.RawMessage `json:"error"`
	}
	if line[0] != '{' || json.Unmarshal(line, &env) != nil {
		return nil, errorReply(nil, jsonrpc.CodeInvalidRequest, "invalid request: want a JSON-RPC 2.0 object")
	}
	id := validID(env.ID)
	invalid := func(why string) (jsonrpc.Message, []byte) {
		return nil, errorReply(id, jsonrpc.CodeInvalidRequest, "invalid request: "+why)
	}
	switch {
	case env.JSONRPC == nil || *env.JSONRPC != "2.0":
		return invalid(`"jsonrpc" must be "2.0"`)
	case env.ID != nil && id == nil:
		return invalid(`"id" must be a string, a number or null`)
	case env.Method != nil && *env.Method == "":
		return invalid(`"method" must not be empty`)
	case env.Method == nil && env.ID == nil:
		return invalid(`a request needs "method"; a response needs "id"`)
	case env.Method == nil && (env.Result == nil) == (env.Error == nil):
		return invalid(`a response has exactly one of "result" and "error"`)
	}
	msg, err := jsonrpc.DecodeMessage(line)
	if err != nil {
		return invalid(err.Error())
	}
	return msg, nil
}

// validID is a request id's JSON text when it is one JSON-RPC allows (a
// string, a number, null), else nil.
func validID(raw json.RawMessage) json.RawMessage {
	if raw == nil {
		return nil
	}
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return nil
	}
	switch v.(type) {
	case nil, string, float64:
		return raw
	}
	return nil
}

// errorReply is a JSON-RPC error response with id (null when nil).
func errorReply(id json.RawMessage, code int, msg string) []byte {
	if id == nil {
		id = json.RawMessage("null")
	}
	b, _ := request.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}{JSONRPC: "2.0", ID: id, Error: struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}{code, msg}})
	return b
}
