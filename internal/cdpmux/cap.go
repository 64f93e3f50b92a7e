package cdpmux

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/mafredri/cdp/rpcc"
)

// CodeReplyTooLarge is the code of the rpcc.ResponseError a call fails
// with when its reply was larger than its cap. The mux read and dropped
// the reply as it arrived, so no more than the cap of it was ever held.
// Its Data is a ReplyTooLarge.
const CodeReplyTooLarge = -32777

// ReplyTooLarge is the Data of a CodeReplyTooLarge error.
type ReplyTooLarge struct {
	// Size is the reply's size in bytes, as it arrived.
	Size int64 `json:"size"`
	// Cap is the cap it exceeded.
	Cap int64 `json:"cap"`
}

// TooLarge returns the sizes of a CodeReplyTooLarge error in err's chain.
func TooLarge(err error) (ReplyTooLarge, bool) {
	var re *rpcc.ResponseError
	if !errors.As(err, &re) || re.Code != CodeReplyTooLarge {
		return ReplyTooLarge{}, false
	}
	var r ReplyTooLarge
	_ = json.Unmarshal([]byte(re.Data), &r)
	return r, true
}

const (
	// headBytes is how much of a frame is read before deciding whether it
	// is a capped reply: Chrome writes "id" first.
	headBytes = 64
	// tailBytes is how much of the end of a dropped frame is kept to find
	// its sessionId, which Chrome writes last.
	tailBytes = 256
	chunk     = 64 << 10
)

// minCap is the smallest cap: a reply's head and tail must fit.
const minCap = 1 << 10

// capOf records, for a request about to be written, the cap on its reply:
// max when positive, else the session's, else the Conn's.
func (c *Conn) capOf(s *session, gid uint64, max int64) {
	if max <= 0 {
		max = s.replyCap.Load()
	}
	if max <= 0 {
		max = int64(c.opts.MaxReplyBytes)
	}
	if max <= 0 {
		return
	}
	max = maxInt64(max, minCap)
	c.mu.Lock()
	c.caps[gid] = max
	c.mu.Unlock()
}

// uncap forgets gid's cap (its reply came, or its write failed).
func (c *Conn) uncap(gid uint64) {
	c.mu.Lock()
	delete(c.caps, gid)
	c.mu.Unlock()
}

// SetReplyCap caps the replies of the calls later sent on sessionID at max
// bytes (0 removes the cap; the Conn's MaxReplyBytes then applies). A
// larger reply fails its call with CodeReplyTooLarge.
func (c *Conn) SetReplyCap(sessionID string, max int64) {
	c.mu.Lock()
	s, ok := c.sessions[sessionID]
	c.mu.Unlock()
	if ok {
		s.replyCap.Store(max)
	}
}

// readFrame reads the next websocket frame whole, except a reply larger
// than its request's cap, which is read through and dropped, and replaced
// by an error reply of the same id and session.
func (c *Conn) readFrame() ([]byte, error) {
	r, err := c.tr.nextReader()
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	capping := len(c.caps) > 0
	c.mu.Unlock()
	if !capping {
		return io.ReadAll(r)
	}
	head := make([]byte, headBytes)
	n, err := io.ReadFull(r, head)
	head = head[:n]
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return head, nil
	}
	if err != nil {
		return nil, err
	}
	id, ok := replyID(head)
	var max int64
	if ok {
		c.mu.Lock()
		max = c.caps[id]
		delete(c.caps, id)
		c.mu.Unlock()
	}
	if max <= 0 {
		rest, err := io.ReadAll(r)
		return append(head, rest...), err
	}
	buf := bytes.NewBuffer(head)
	if _, err := io.CopyN(buf, r, max+1-int64(len(head))); err == io.EOF {
		return buf.Bytes(), nil
	} else if err != nil {
		return nil, err
	}
	// Over the cap: keep only the tail while reading the rest through.
	head = append([]byte(nil), head...)
	size := int64(buf.Len())
	tail := append([]byte(nil), buf.Bytes()[buf.Len()-tailBytes:]...)
	buf = nil
	scratch := make([]byte, chunk)
	for {
		n, err := r.Read(scratch)
		size += int64(n)
		if n > 0 {
			tail = append(tail, scratch[:n]...)
			if len(tail) > tailBytes {
				tail = append(tail[:0], tail[len(tail)-tailBytes:]...)
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	data, _ := json.Marshal(ReplyTooLarge{Size: size, Cap: max})
	return json.Marshal(struct {
		ID        uint64              `json:"id"`
		Error     *rpcc.ResponseError `json:"error"`
		SessionID string              `json:"sessionId,omitempty"`
	}{id, &rpcc.ResponseError{
		Code:    CodeReplyTooLarge,
		Message: fmt.Sprintf("the reply of %d bytes is larger than the cap of %d bytes", size, max),
		Data:    string(data),
	}, sessionOf(head, tail)})
}

// replyID reads the id of a reply from the start of its frame.
func replyID(head []byte) (uint64, bool) {
	rest, ok := bytes.CutPrefix(bytes.TrimLeft(head, " \t\r\n"), []byte(`{"id":`))
	if !ok {
		return 0, false
	}
	end := bytes.IndexAny(rest, ",}")
	if end <= 0 {
		return 0, false
	}
	id, err := strconv.ParseUint(string(rest[:end]), 10, 64)
	return id, err == nil
}

// sessionOf reads the sessionId of a frame from its end, where Chrome
// appends it to a flat session's messages, or else from its start; "" is
// the browser's session.
func sessionOf(head, tail []byte) string {
	const key = `"sessionId":"`
	for _, b := range [][]byte{tail, head} {
		i := bytes.LastIndex(b, []byte(key))
		if i < 0 {
			continue
		}
		rest := b[i+len(key):]
		if j := bytes.IndexByte(rest, '"'); j >= 0 {
			return string(rest[:j])
		}
	}
	return ""
}

func maxInt64(a, b int64) int64 {
	if a > b {
		return a
	}
	return b
}
