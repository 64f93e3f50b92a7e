package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
)

// sample is one library's timings of one operation; note explains a
// missing or partial figure (the library cannot do it, it never returned).
type sample struct {
	lib  string
	durs []time.Duration
	note string
	errs int
}

func (s sample) pct(p float64) float64 {
	if len(s.durs) == 0 {
		return 0
	}
	d := slices.Clone(s.durs)
	slices.Sort(d)
	i := int(p*float64(len(d)-1) + 0.5)
	return float64(d[i].Microseconds()) / 1000
}

func (s sample) median() float64 { return s.pct(0.5) }
func (s sample) p95() float64    { return s.pct(0.95) }

// row is one operation measured by every library; floor names the sample
// the ratios divide by.
type row struct {
	op      string
	floor   string
	samples []sample
}

func (r row) get(lib string) (sample, bool) {
	for _, s := range r.samples {
		if s.lib == lib {
			return s, true
		}
	}
	return sample{}, false
}

func ms(v float64) string {
	switch {
	case v >= 100:
		return fmt.Sprintf("%.0f", v)
	case v >= 10:
		return fmt.Sprintf("%.1f", v)
	default:
		return fmt.Sprintf("%.2f", v)
	}
}

// writeTable prints rows as a markdown table: every sample's median and p95
// and its ratio (by median) to the row's floor.
func writeTable(w io.Writer, rows []row) {
	fmt.Fprintln(w, "| operation | library | median ms | p95 ms | n | / floor |")
	fmt.Fprintln(w, "|---|---|---:|---:|---:|---:|")
	for _, r := range rows {
		fl, hasFloor := r.get(r.floor)
		for i, s := range r.samples {
			op := ""
			if i == 0 {
				op = r.op
			}
			if len(s.durs) == 0 {
				fmt.Fprintf(w, "| %s | %s | %s | | | |\n", op, s.lib, s.note)
				continue
			}
			ratio := ""
			if hasFloor && fl.median() > 0 {
				ratio = fmt.Sprintf("%.2fx", s.median()/fl.median())
				if s.lib == r.floor {
					ratio = "floor"
				}
			}
			lib := s.lib
			if s.note != "" {
				lib += " (" + s.note + ")"
			}
			if s.errs > 0 {
				lib += fmt.Sprintf(" [%d errors]", s.errs)
			}
			fmt.Fprintf(w, "| %s | %s | %s | %s | %d | %s |\n", op, lib, ms(s.median()), ms(s.p95()), len(s.durs), ratio)
		}
	}
}

// idleGap, when set (-idle), is how long the browser and the client stay
// idle before each timed call.
var idleGap time.Duration

// measureAll times the variants of one operation interleaved: warm
// warm-up calls of each, then n rounds in which every variant runs once,
// each round starting one variant later than the last. Every library thus
// meets the same machine (a busy second, a browser's background work)
// as often as the others, so a drift during the run moves all of them
// rather than the ratio. A failing call is counted, not timed; the first
// error is kept in the note. A variant whose warm-up fails sits out the
// rounds.
func measureAll(warm, n int, vs []variant) []sample {
	ss := make([]sample, len(vs))
	live := make([]bool, len(vs))
	for i, v := range vs {
		ss[i] = sample{lib: v.lib, note: v.note}
		live[i] = v.run != nil
	}
	// once runs variant i's reset and its call, timed or not.
	once := func(i int, timed bool) {
		v, s := vs[i], &ss[i]
		if v.reset != nil {
			if err := guard(v.reset); err != nil {
				if !timed {
					s.note, live[i] = "warm-up failed: reset: "+short(err), false
				}
				s.errs++
				return
			}
		}
		if timed && idleGap > 0 {
			// An agent's call comes after its model's turn, to a
			// browser and a client that have gone idle.
			time.Sleep(idleGap)
		}
		t := time.Now()
		err := guard(v.run)
		d := time.Since(t)
		switch {
		case err != nil && !timed:
			s.note, live[i] = "warm-up failed: "+short(err), false
		case err != nil:
			s.errs++
			if s.note == "" {
				s.note = short(err)
			}
		case timed:
			s.durs = append(s.durs, d)
		}
	}
	for range warm {
		for i := range vs {
			if live[i] {
				once(i, false)
			}
		}
	}
	for round := range n {
		for k := range vs {
			if i := (round + k) % len(vs); live[i] {
				once(i, true)
			}
		}
	}
	for i, v := range vs {
		if v.done != nil && v.run != nil {
			if err := v.done(); err != nil && ss[i].note == "" {
				ss[i].note = "settling: " + short(err)
			}
		}
	}
	return ss
}

// guard runs f, turning a panic into an error.
func guard(f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panicked: %v", p)
		}
	}()
	return f()
}

func short(err error) string {
	m := strings.ReplaceAll(err.Error(), "|", "/")
	if len(m) > 90 {
		m = m[:90] + "..."
	}
	return m
}

// variant is one library's way of doing an operation: run is timed, reset
// (optional) puts the page back before each run, untimed.
type variant struct {
	lib   string
	note  string
	run   func() error
	reset func() error
	// done, when set, settles what the last run left (an open dialog).
	done func() error
}
