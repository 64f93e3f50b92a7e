package session

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
)

// Call sends a raw CDP command on a session (the browser's when sessionID is
// empty) and decodes the reply into reply when it is not nil.
func (s *BrowserSession) Call(ctx context.Context, sessionID events.SessionID, method string, params, reply any) error {
	if err := s.alive(); err != nil {
		return err
	}
	var rc *rpcc.Conn
	if sessionID == "" {
		rc = s.conn.Browser()
	} else {
		t, ok := s.TargetBySession(sessionID)
		if !ok {
			return fmt.Errorf("%w: session %s", ErrTabNotFound, sessionID)
		}
		rc = t.Conn
	}
	return rpcc.Invoke(ctx, method, params, reply, rc)
}

// CallCapped is Call with a cap of max bytes on the reply (max <= 0: no
// cap). A larger reply is dropped as it arrives, never held whole, and the
// call fails with a *ReplyTooLargeError, which matches ErrReplyTooLarge.
func (s *BrowserSession) CallCapped(ctx context.Context, sessionID events.SessionID, method string, params, reply any, max int64) error {
	if max <= 0 {
		return s.Call(ctx, sessionID, method, params, reply)
	}
	if err := s.alive(); err != nil {
		return err
	}
	if sessionID != "" {
		if _, ok := s.TargetBySession(sessionID); !ok {
			return fmt.Errorf("%w: session %s", ErrTabNotFound, sessionID)
		}
	}
	wait, err := s.conn.PostCapped(string(sessionID), method, params, max)
	if err != nil {
		return err
	}
	raw, err := wait(ctx)
	if sz, ok := cdpmux.TooLarge(err); ok {
		return &ReplyTooLargeError{Method: method, Size: sz.Size, Cap: sz.Cap, Err: err}
	}
	if err != nil {
		return err
	}
	if reply != nil && len(raw) > 0 {
		return json.Unmarshal(raw, reply)
	}
	return nil
}

// Evaluate runs expression in a target's main world and returns its value
// by value. It is the plain path used before an evaluate engine exists.
func Evaluate(ctx context.Context, c *cdp.Client, expression string, awaitPromise bool) (*runtime.EvaluateReply, error) {
	args := runtime.NewEvaluateArgs(expression).SetReturnByValue(true).SetAwaitPromise(awaitPromise)
	return c.Runtime.Evaluate(ctx, args)
}
