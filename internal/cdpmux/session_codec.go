package cdpmux

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/mafredri/cdp/rpcc"
)

// fail ends the session's queue; its rpcc.Conn then fails pending calls.
func (s *session) fail(err error, drop bool) {
	s.mu.Lock()
	if s.gone == nil {
		s.gone = err
	}
	for id, ch := range s.posted {
		delete(s.posted, id)
		close(ch)
	}
	for id, ch := range s.direct {
		delete(s.direct, id)
		close(ch)
	}
	s.mu.Unlock()
	s.q.close(err, drop)
}

// sessionPipe is the io.ReadWriteCloser rpcc believes it dialed. Only Close
// is used: the codec does all reading and writing.
type sessionPipe struct{ s *session }

func (p sessionPipe) Read([]byte) (int, error)  { return 0, io.EOF }
func (p sessionPipe) Write([]byte) (int, error) { return 0, io.ErrClosedPipe }
func (p sessionPipe) Close() error {
	p.s.fail(ErrClosed, true)
	return nil
}

// sessionCodec tags requests with the session id and a socket-wide unique id,
// and reads the session's own queue.
type sessionCodec struct{ s *session }

type wireRequest struct {
	ID        uint64 `json:"id"`
	Method    string `json:"method"`
	Params    any    `json:"params,omitempty"`
	SessionID string `json:"sessionId,omitempty"`
}

// encode is r as a CDP message. HTML characters stay as they are (the
// standard encoder writes <, > and & as six-byte escapes): an evaluated
// script is full of them, and the escapes made each one longer to send
// and for Chrome to read.
func (r wireRequest) encode() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		return nil, fmt.Errorf("encoding %s: %w", r.Method, err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

type wireResponse struct {
	ID     uint64              `json:"id"`
	Result json.RawMessage     `json:"result"`
	Error  *rpcc.ResponseError `json:"error"`
	Method string              `json:"method"`
	Params json.RawMessage     `json:"params"`
}

func (sc sessionCodec) WriteRequest(r *rpcc.Request) error {
	s := sc.s
	gid := s.mux.nextID.Add(1)
	b, err := wireRequest{ID: gid, Method: r.Method, Params: r.Args, SessionID: s.id}.encode()
	if err != nil {
		return err
	}
	s.mu.Lock()
	if s.gone != nil {
		err := s.gone
		s.mu.Unlock()
		return err
	}
	s.ids[gid] = r.ID
	s.mu.Unlock()
	s.mux.capOf(s, gid, 0)
	if err := s.mux.write(b); err != nil {
		s.mux.uncap(gid)
		s.mu.Lock()
		delete(s.ids, gid)
		s.mu.Unlock()
		return err
	}
	return nil
}

func (sc sessionCodec) ReadResponse(r *rpcc.Response) error {
	s := sc.s
	for {
		b, err := s.q.pop()
		if err != nil {
			return err
		}
		var w wireResponse
		if err := json.Unmarshal(b, &w); err != nil {
			continue
		}
		if w.Method != "" {
			r.Method, r.Args = w.Method, w.Params
			return nil
		}
		s.mu.Lock()
		local, ok := s.ids[w.ID]
		delete(s.ids, w.ID)
		if ch, posted := s.posted[w.ID]; posted {
			delete(s.posted, w.ID)
			ch <- w
		}
		s.mu.Unlock()
		if !ok {
			// A reply to a request this session did not send: ignore it
			// rather than confuse the rpcc.Conn's bookkeeping.
			continue
		}
		r.ID, r.Result, r.Error = local, w.Result, w.Error
		return nil
	}
}
