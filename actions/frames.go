package actions

import (
	"context"
	"encoding/json"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// Frames lists every frame of the active tab.
func Frames(ctx context.Context, s *session.BrowserSession) (events.FramesResult, error) {
	return Do(ctx, s, events.FramesEvent{})
}

// LookupFrame tells where a frame lives: its own session for an
// out-of-process iframe, its host session otherwise.
func LookupFrame(ctx context.Context, s *session.BrowserSession, id events.FrameID) (events.FrameInfo, error) {
	return Do(ctx, s, events.FrameLookupEvent{FrameID: id})
}

// CDP sends a raw CDP command on the active tab's page session, or on an
// out-of-process iframe's own session when frame names one, and returns the
// browser's reply.
func CDP(ctx context.Context, s *session.BrowserSession, method string, params json.RawMessage, frame events.FrameID) (json.RawMessage, error) {
	r, err := Do(ctx, s, events.CDPCallEvent{Method: method, Params: params, FrameID: frame})
	return r.Result, err
}
