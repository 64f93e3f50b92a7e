package evaluate

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/cdpstream"
)

// frameContexts follows the main-world execution contexts of the frames of
// one target, as the engine's own session sees them after Runtime.enable.
// The streams are in sync, so draining them replays creations, destructions
// and clears in the order Chrome sent them. It is used under its session's
// mutex.
type frameContexts struct {
	created   runtime.ExecutionContextCreatedClient
	destroyed runtime.ExecutionContextDestroyedClient
	cleared   runtime.ExecutionContextsClearedClient
	byFrame   map[events.FrameID]contextRef
}

// contextRef names a context both ways: the id evaluations take and the
// unique id destructions report.
type contextRef struct {
	id     runtime.ExecutionContextID
	unique string
}

// auxData is the part of a context's auxData that names its frame.
type auxData struct {
	FrameID   string `json:"frameId"`
	IsDefault bool   `json:"isDefault"`
}

// contextOf returns the main-world context of frame on s's target, enabling
// the Runtime domain on the session the first time. ok is false when the
// target has no such frame.
func (s *evalSession) contextOf(ctx context.Context, frame events.FrameID) (id runtime.ExecutionContextID, ok bool, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.frames == nil {
		fc, err := enableContexts(ctx, s.ctx, s.client)
		if err != nil {
			return 0, false, err
		}
		s.frames = fc
	}
	s.frames.drain()
	ref, ok := s.frames.byFrame[frame]
	return ref.id, ok, nil
}

// contextAfterBarrier is contextOf once every event Chrome sent on the
// session before this call has been applied. An evaluation's reply is
// handed over directly (cdpmux.Conn.PostDirect) and can overtake context
// events sent before it, so right after a frame navigated the map may still
// hold its old document's context. A call through the session's queue is
// the barrier: its reply comes behind those events, which the streams have
// then received.
func (s *evalSession) contextAfterBarrier(ctx context.Context, frame events.FrameID) (runtime.ExecutionContextID, bool, error) {
	if _, err := s.client.Runtime.GetIsolateID(ctx); err != nil {
		return 0, false, err
	}
	return s.contextOf(ctx, frame)
}

// staleContext reports whether err is Chrome refusing an evaluation in a
// context that no longer exists: nothing of the script ran.
func staleContext(err error) bool {
	return strings.Contains(responseMessage(err), "Cannot find context with specified id")
}

// enableContexts opens the context streams (they live as long as
// streamCtx) and enables Runtime, which reports every existing context
// before it answers.
func enableContexts(ctx, streamCtx context.Context, c *cdp.Client) (_ *frameContexts, err error) {
	fc := &frameContexts{byFrame: map[events.FrameID]contextRef{}}
	defer func() {
		if err != nil {
			fc.close()
		}
	}()
	if fc.created, err = c.Runtime.ExecutionContextCreated(streamCtx); err != nil {
		return nil, fmt.Errorf("following execution contexts: %w", err)
	}
	if fc.destroyed, err = c.Runtime.ExecutionContextDestroyed(streamCtx); err != nil {
		return nil, fmt.Errorf("following execution contexts: %w", err)
	}
	if fc.cleared, err = c.Runtime.ExecutionContextsCleared(streamCtx); err != nil {
		return nil, fmt.Errorf("following execution contexts: %w", err)
	}
	if err := cdp.Sync(fc.created, fc.destroyed, fc.cleared); err != nil {
		return nil, fmt.Errorf("following execution contexts: %w", err)
	}
	if err := c.Runtime.Enable(ctx); err != nil {
		return nil, fmt.Errorf("enabling runtime on the evaluate session: %w", err)
	}
	return fc, nil
}

// drain applies every event received so far. The events that Runtime.enable
// reports arrive before its reply, so after enable they are all here.
func (fc *frameContexts) drain() {
	var r cdpstream.Reader
	cdpstream.On(&r, fc.created, func(ev *runtime.ExecutionContextCreatedReply) {
		var aux auxData
		if json.Unmarshal(ev.Context.AuxData, &aux) == nil && aux.IsDefault && aux.FrameID != "" {
			fc.byFrame[events.FrameID(aux.FrameID)] = contextRef{id: ev.Context.ID, unique: ev.Context.UniqueID}
		}
	})
	cdpstream.On(&r, fc.destroyed, func(ev *runtime.ExecutionContextDestroyedReply) {
		for f, ref := range fc.byFrame {
			if ref.unique == ev.ExecutionContextUniqueID {
				delete(fc.byFrame, f)
			}
		}
	})
	cdpstream.On(&r, fc.cleared, func(*runtime.ExecutionContextsClearedReply) { clear(fc.byFrame) })
	_ = r.Drain() // a stream that failed ends with its session; what was read stands
}

func (fc *frameContexts) close() {
	for _, c := range []interface{ Close() error }{fc.created, fc.destroyed, fc.cleared} {
		if c != nil {
			c.Close()
		}
	}
}
