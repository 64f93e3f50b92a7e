package evaluate

import (
	"maps"
	"sync"
	"time"

	"github.com/agentbrowser/agentbrowser/events"
)

// bucketsMS are the histogram's upper bounds in milliseconds: fine where
// evaluations usually land (1-20 ms) and coarse up to the default budget.
var bucketsMS = []float64{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 30000}

// stats are one session's evaluate counters. Safe for concurrent use.
type stats struct {
	mu      sync.Mutex
	s       events.EvaluateStats
	buckets []int64
}

func newStats() *stats {
	return &stats{
		s:       events.EvaluateStats{Errors: map[events.Code]int64{}, FallbackReasons: map[string]int64{}},
		buckets: make([]int64, len(bucketsMS)),
	}
}

// outcome is what one evaluation contributes to the counters.
type outcome struct {
	dur       time.Duration
	engine    string
	reason    string // why the fallback was used
	code      events.Code
	timedOut  bool
	cancelled bool
}

func (st *stats) record(o outcome) {
	st.mu.Lock()
	defer st.mu.Unlock()
	s := &st.s
	s.Count++
	switch {
	case o.cancelled:
		s.Cancelled++
	case o.code != "":
		s.Errors[o.code]++
		if o.timedOut {
			s.Timeouts++
		}
	default:
		s.OK++
	}
	switch o.engine {
	case events.EngineIsolated:
		s.Isolated++
	case events.EngineFallback:
		s.Fallbacks++
		s.FallbackReasons[o.reason]++
	}
	ms := float64(o.dur) / float64(time.Millisecond)
	h := &s.Duration
	h.Count++
	h.Sum += ms
	h.Max = max(h.Max, ms)
	for i, le := range bucketsMS {
		if ms <= le {
			st.buckets[i]++
			return
		}
	}
	h.Over++
}

// add counts something besides an evaluation's outcome: f increments
// one of the counters under the lock.
func (st *stats) add(f func(s *events.EvaluateStats)) {
	st.mu.Lock()
	defer st.mu.Unlock()
	f(&st.s)
}

// snapshot returns a copy that the caller may keep.
func (st *stats) snapshot() events.EvaluateStats {
	st.mu.Lock()
	defer st.mu.Unlock()
	out := st.s
	out.Errors = maps.Clone(st.s.Errors)
	out.FallbackReasons = maps.Clone(st.s.FallbackReasons)
	out.Duration.Buckets = make([]events.Bucket, len(bucketsMS))
	for i, le := range bucketsMS {
		out.Duration.Buckets[i] = events.Bucket{Le: le, Count: st.buckets[i]}
	}
	return out
}
