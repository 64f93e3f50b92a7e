package cdpmux

import (
	"context"
	"encoding/json"
)

// PostDirect is Post for a caller that needs neither the reply's order
// among the session's events nor its rpcc.Conn: the command is written on
// the caller's goroutine and the reader hands the reply straight to the
// waiting caller, without the session's queue and rpcc reader in between.
// That saves two goroutine hand-offs per call (the rpcc.Conn's writer and
// its reader), which on an idle machine cost tens of microseconds each. A
// reply larger than the session's cap fails the call with
// CodeReplyTooLarge, as for any call on the session.
func (c *Conn) PostDirect(sessionID, method string, params any) (wait func(ctx context.Context) (json.RawMessage, error), err error) {
	return c.send(sessionID, method, params, 0, true)
}

// deliver hands the reply w to its PostDirect caller; it reports false
// when no such caller waits (the reply goes to the session's queue). It
// runs on the reader goroutine and never blocks: the channel has room for
// the one reply.
func (s *session) deliver(w wireResponse) bool {
	if w.ID == 0 {
		return false
	}
	s.mu.Lock()
	ch, ok := s.direct[w.ID]
	delete(s.direct, w.ID)
	s.mu.Unlock()
	if !ok {
		return false
	}
	ch <- w
	return true
}
