package bus

import (
	"sync"
	"time"
)

// Outcomes recorded in Record.Outcome, one per dispatch.
const (
	OutcomeOK        = "ok"
	OutcomeError     = "error"      // at least one handler returned an error
	OutcomeTimeout   = "timeout"    // the dispatch deadline passed
	OutcomeVetoed    = "vetoed"     // a guard returned an error
	OutcomeNoHandler = "no_handler" // nothing was subscribed
	OutcomePanic     = "panic"      // a guard or handler panicked
	OutcomeCanceled  = "canceled"   // the context was cancelled or the bus closed
)

// Record is the history entry of one dispatch, kept for debugging and for
// trace output.
type Record struct {
	EventID  uint64
	ParentID uint64
	Type     string
	Started  time.Time
	Duration time.Duration
	Outcome  string
	Err      string // the dispatch error's text, empty when Outcome is "ok"
}

// EventStats are the counters of one event type since the bus was created.
type EventStats struct {
	Count    uint64 // dispatches
	Errors   uint64 // dispatches whose Outcome was not "ok", timeouts included
	Timeouts uint64
	Vetoes   uint64
	Panics   uint64

	TotalLatency time.Duration
	AvgLatency   time.Duration // TotalLatency / Count
	MaxLatency   time.Duration
}

// History returns the most recent dispatches, oldest first, at most
// Config.HistorySize of them. A dispatch is recorded when it ends, so a
// child event appears before its parent.
func (b *Bus) History() []Record { return b.hist.snapshot() }

// Stats returns a copy of the per-event-type counters, keyed by the type
// name used in Record.Type.
func (b *Bus) Stats() map[string]EventStats { return b.hist.stats() }

// history is a bounded ring of Records plus per-type counters.
type history struct {
	mu    sync.Mutex
	ring  []Record
	next  int // index the next Record is written to
	full  bool
	count map[string]*EventStats
}

func (h *history) init(size int) {
	h.ring = make([]Record, size)
	h.count = make(map[string]*EventStats)
}

func (h *history) add(r Record) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.ring[h.next] = r
	h.next++
	if h.next == len(h.ring) {
		h.next, h.full = 0, true
	}
	s := h.count[r.Type]
	if s == nil {
		s = &EventStats{}
		h.count[r.Type] = s
	}
	s.Count++
	s.TotalLatency += r.Duration
	s.MaxLatency = max(s.MaxLatency, r.Duration)
	switch r.Outcome {
	case OutcomeOK:
		return
	case OutcomeTimeout:
		s.Timeouts++
	case OutcomeVetoed:
		s.Vetoes++
	case OutcomePanic:
		s.Panics++
	}
	s.Errors++
}

func (h *history) snapshot() []Record {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.full {
		return append([]Record(nil), h.ring[:h.next]...)
	}
	out := make([]Record, 0, len(h.ring))
	out = append(out, h.ring[h.next:]...)
	return append(out, h.ring[:h.next]...)
}

func (h *history) stats() map[string]EventStats {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make(map[string]EventStats, len(h.count))
	for k, s := range h.count {
		c := *s
		if c.Count > 0 {
			c.AvgLatency = c.TotalLatency / time.Duration(c.Count)
		}
		out[k] = c
	}
	return out
}
