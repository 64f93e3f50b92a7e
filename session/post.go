package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
)

// ErrNoPost is returned by Target.Post on a target built without a
// session's connection (a test double).
var ErrNoPost = errors.New("target cannot post commands")

// poster writes a command on a flat session without waiting for its reply;
// cdpmux.Conn is one.
type poster interface {
	Post(sessionID, method string, params any) (func(ctx context.Context) (json.RawMessage, error), error)
}

// Post writes a command on t's session at once and returns a function that
// waits for its reply. Commands posted one after another reach the browser
// in that order without waiting for each other's replies, so a series of
// input events whose replies nobody needs in between costs one round trip
// instead of one each. Every returned wait should be called (or its reply
// abandoned with a cancelled context).
func (t *Target) Post(method string, params any) (func(ctx context.Context) (json.RawMessage, error), error) {
	if t.mux == nil {
		return nil, ErrNoPost
	}
	w, err := t.mux.Post(string(t.SessionID), method, params)
	if err != nil {
		return nil, fmt.Errorf("posting %s: %w", method, err)
	}
	return w, nil
}
