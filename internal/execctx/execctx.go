// Package execctx maps JavaScript execution contexts to the frames they run
// in, per CDP session, as Runtime.executionContextCreated, ...Destroyed and
// ...Cleared report them. Console messages and exceptions name a context,
// not a frame; frame routing needs the reverse. Both watchdogs that need it
// keep one Map under their own lock, so Map does no locking itself.
package execctx

import (
	"encoding/json"

	"github.com/agentbrowser/agentbrowser/events"
)

// Map is the context-to-frame map of many sessions. The zero value is not
// ready; use New.
type Map struct {
	frames  map[events.SessionID]map[int64]events.FrameID
	uniques map[events.SessionID]map[string]int64
}

// New returns an empty Map.
func New() *Map {
	return &Map{frames: map[events.SessionID]map[int64]events.FrameID{}, uniques: map[events.SessionID]map[string]int64{}}
}

// Aux reads the frame id and whether the context is the frame's default
// (main world) from a context description's auxData.
func Aux(raw json.RawMessage) (frame events.FrameID, isDefault, ok bool) {
	var aux struct {
		FrameID   string `json:"frameId"`
		IsDefault bool   `json:"isDefault"`
	}
	if len(raw) == 0 || json.Unmarshal(raw, &aux) != nil || aux.FrameID == "" {
		return "", false, false
	}
	return events.FrameID(aux.FrameID), aux.IsDefault, true
}

// Created records context id (and its unique id, if any) on sid as
// belonging to frame.
func (m *Map) Created(sid events.SessionID, id int64, unique string, frame events.FrameID) {
	f := m.frames[sid]
	if f == nil {
		f = map[int64]events.FrameID{}
		m.frames[sid] = f
		m.uniques[sid] = map[string]int64{}
	}
	f[id] = frame
	if unique != "" {
		m.uniques[sid][unique] = id
	}
}

// Destroyed forgets a context, named by id or, when id is 0, by its unique
// id (newer Chromium names destroyed contexts by unique id only).
func (m *Map) Destroyed(sid events.SessionID, id int64, unique string) {
	if id == 0 {
		id = m.uniques[sid][unique]
	}
	delete(m.frames[sid], id)
	delete(m.uniques[sid], unique)
}

// Forget drops every context of sid: its contexts were cleared or its
// target is gone.
func (m *Map) Forget(sid events.SessionID) {
	delete(m.frames, sid)
	delete(m.uniques, sid)
}

// Frame is the frame of context id on sid.
func (m *Map) Frame(sid events.SessionID, id int64) (events.FrameID, bool) {
	f, ok := m.frames[sid][id]
	return f, ok
}

// Newest is the most recently created context of frame on sid, or 0.
func (m *Map) Newest(sid events.SessionID, frame events.FrameID) int64 {
	var best int64
	for id, f := range m.frames[sid] {
		if f == frame && id > best {
			best = id
		}
	}
	return best
}
