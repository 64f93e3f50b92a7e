package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// tabActions are what each tab does per loop, in order.
var tabActions = []string{"navigate", "snapshot", "click", "type", "evaluate"}

// runTabs drives one tab, then 32 tabs at once, in one session, each tab
// looping navigate, snapshot, click, type, evaluate n times; this process
// holds only agentbrowser, so its RSS and goroutines are the daemon's.
//
// With think > 0 each tab pauses between its actions (see driveTabs): 32
// agents each waiting for its model, instead of 32 loops that keep both
// CPUs busy, so that what is left of the ratio is what the tabs do to each
// other rather than the machine's queue.
func runTabs(ctx context.Context, w io.Writer, n int, think time.Duration, rounds int) error {
	srv, err := startServer()
	if err != nil {
		return err
	}
	defer srv.close()
	l := tabLoad{loops: max(5, n/3), think: think}
	if rounds > 0 {
		return compareTabs(ctx, w, srv, l, rounds)
	}
	if err := oursTabs(ctx, w, srv, l); err != nil {
		return err
	}
	return rawTabs(ctx, w, srv, l)
}

// tabLoad is how hard driveTabs drives each tab: loops times through
// tabActions, pausing about think after each action.
type tabLoad struct {
	loops int
	think time.Duration
	// pace is the clock the pauses run on: real time, or the running
	// time of one side of a comparison (see turns).
	pace pacer
}

// alone is the load of the one tab measured alone: with pauses, three
// times the loops, since each takes seconds and a p95 needs the samples.
func (l tabLoad) alone() tabLoad {
	if l.think > 0 {
		l.loops *= 3
	}
	return l
}

// title names the load in a table's header.
func (l tabLoad) title() string {
	if l.think <= 0 {
		return ""
	}
	return fmt.Sprintf(", each tab pausing %v-%v between actions", l.think/2, l.think*3/2)
}

// oursTabs is runTabs through agentbrowser's Go API.
func oursTabs(ctx context.Context, w io.Writer, srv *server, l tabLoad) error {
	s, err := startOurs(ctx)
	if err != nil {
		return err
	}
	defer closeOurs(s)
	header(w, "32 tabs driven concurrently in one session (agentbrowser Go API"+l.title()+")")
	single, _, err := driveTabs(ctx, 1, l.alone(), oursTab(ctx, s, srv))
	if err != nil {
		return err
	}
	var peakG atomic.Int64
	var peakRSS atomic.Int64
	stop := make(chan struct{})
	var sampler sync.WaitGroup
	sampler.Add(1)
	go func() {
		defer sampler.Done()
		for {
			if g := int64(runtime.NumGoroutine()); g > peakG.Load() {
				peakG.Store(g)
			}
			if r := rssKB(); r > peakRSS.Load() {
				peakRSS.Store(r)
			}
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Millisecond):
			}
		}
	}()
	many, errs, err := driveTabs(ctx, 32, l, oursTab(ctx, s, srv))
	close(stop)
	sampler.Wait()
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%d loops per tab (%d for the one tab alone); errors with 32 tabs: %d; peak RSS of the process holding the session: %.1f MB; peak goroutines: %d\n\n",
		l.loops, l.alone().loops, errs, float64(peakRSS.Load())/1024, peakG.Load())
	writeTabs(w, single, many)
	return nil
}

// rawTabs runs the same loops with the fewest raw CDP calls (rawTab), in
// a browser of their own started after agentbrowser's has closed.
func rawTabs(ctx context.Context, w io.Writer, srv *server, l tabLoad) error {
	ch, err := launchChrome(ctx)
	if err != nil {
		return err
	}
	defer ch.close()
	conn, browser, err := dialRaw(ctx, ch.ws)
	if err != nil {
		return err
	}
	defer conn.Close()
	header(w, "32 tabs driven concurrently, raw CDP floor (one websocket per tab"+l.title()+")")
	single, _, err := driveTabs(ctx, 1, l.alone(), rawTab(ctx, ch, browser, srv))
	if err != nil {
		return err
	}
	many, errs, err := driveTabs(ctx, 32, l, rawTab(ctx, ch, browser, srv))
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%d loops per tab (%d for the one tab alone); errors with 32 tabs: %d\n\n", l.loops, l.alone().loops, errs)
	writeTabs(w, single, many)
	return nil
}

// writeTabs writes one tab's timings against 32 tabs', per action.
func writeTabs(w io.Writer, single, many map[string]sample) {
	var rows []row
	for _, a := range tabActions {
		one := single[a]
		one.lib = "1 tab"
		all := many[a]
		all.lib = "32 tabs"
		rows = append(rows, row{op: a, floor: "1 tab", samples: []sample{one, all}})
	}
	writeTable(w, rows)
	// The goal is set on the p95, which the table's ratios (by median) do
	// not show.
	var p95 []string
	for _, a := range tabActions {
		if one := single[a].p95(); one > 0 {
			p95 = append(p95, fmt.Sprintf("%s %.1fx", a, many[a].p95()/one))
		}
	}
	fmt.Fprintf(w, "\np95 with 32 tabs / p95 with 1 tab: %s.\n", strings.Join(p95, ", "))
}

// tabRun is one tab's loop body for loop j: it times each action of
// tabActions with rec.
type tabRun func(ctx context.Context, j int, rec func(action string, t time.Time, err error))

// driveTabs opens k tabs with open and runs the loop in each at once
// (runLoops); it returns the timings per action and the number of failed
// actions. open gives tab i's loop and what closes the tab.
func driveTabs(ctx context.Context, k int, l tabLoad, open func(i int) (tabRun, func(), error)) (map[string]sample, int, error) {
	runs, closeTabs, err := openTabs(k, open)
	if err != nil {
		return nil, 0, err
	}
	defer closeTabs()
	res, errs := runLoops(ctx, runs, l)
	return res, errs, nil
}

// openTabs opens k tabs with open and returns their loops and what closes
// them all; on an error it has closed those it opened.
func openTabs(k int, open func(i int) (tabRun, func(), error)) ([]tabRun, func(), error) {
	runs := make([]tabRun, 0, k)
	var closers []func()
	closeAll := func() {
		for _, c := range closers {
			c()
		}
	}
	for i := range k {
		run, closeTab, err := open(i)
		if err != nil {
			closeAll()
			return nil, nil, fmt.Errorf("opening tab %d: %w", i, err)
		}
		runs, closers = append(runs, run), append(closers, closeTab)
	}
	return runs, closeAll, nil
}

// runLoops runs l.loops of each of runs at once and returns the timings
// per action and the number of failed actions. With l.think > 0 each tab
// starts after a random 0-1 times it and pauses after every action for a
// random 0.5-1.5 times it (the same sequence for tab i in every run),
// outside the timed action, on l.pace's clock.
func runLoops(ctx context.Context, runs []tabRun, l tabLoad) (map[string]sample, int) {
	var mu sync.Mutex
	res := map[string]sample{}
	var errs atomic.Int64
	record := func(a string, t time.Time, err error) {
		d := time.Since(t)
		mu.Lock()
		defer mu.Unlock()
		sm := res[a]
		if err != nil {
			errs.Add(1)
			sm.errs++
			if sm.note == "" {
				sm.note = short(err)
			}
		} else {
			sm.durs = append(sm.durs, d)
		}
		res[a] = sm
	}
	var wg sync.WaitGroup
	for i, run := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Every action starts on the tab's side's turn (always, on
			// real time).
			rec := func(a string, t time.Time, err error) {
				record(a, t, err)
				l.pace.wait(ctx)
			}
			if l.think > 0 {
				rng := rand.New(rand.NewPCG(1, uint64(i)))
				// The agents start within one pause of each other, not
				// all at once.
				l.pace.sleep(ctx, time.Duration(rng.Int64N(int64(l.think))))
				rec = func(a string, t time.Time, err error) {
					record(a, t, err)
					l.pace.sleep(ctx, l.think/2+time.Duration(rng.Int64N(int64(l.think))))
					l.pace.wait(ctx)
				}
			}
			l.pace.wait(ctx)
			for j := range l.loops {
				actx, cancel := context.WithTimeout(ctx, 60*time.Second)
				run(actx, j, rec)
				cancel()
			}
		}()
	}
	wg.Wait()
	return res, int(errs.Load())
}

// oursTab opens tab i in s and returns its loop through agentbrowser's Go
// API.
func oursTab(ctx context.Context, s *session.BrowserSession, srv *server) func(i int) (tabRun, func(), error) {
	return func(i int) (tabRun, func(), error) {
		r, err := actions.NewTab(ctx, s, "about:blank")
		if err != nil {
			return nil, nil, err
		}
		tab := r.Tab.ID
		return func(actx context.Context, j int, record func(string, time.Time, error)) {
			t := time.Now()
			_, err := actions.Do[events.NavigateToURLEvent, events.NavigationResult](actx, s, events.NavigateToURLEvent{TabID: tab, URL: tabURL(srv, i, j)})
			record("navigate", t, err)
			t = time.Now()
			snap, err := actions.State(actx, s, events.BrowserStateRequestEvent{TabID: tab})
			record("snapshot", t, err)
			var btn, box events.Ref
			if err == nil {
				var text string
				if snap.Tree != nil {
					text = snap.Tree.Text
				}
				btn, _ = findRef(text, "button", "Count")
				box, _ = findRef(text, "textbox", "Text")
			}
			t = time.Now()
			_, err = actions.Do[events.ClickElementEvent, events.ActionResult](actx, s, events.ClickElementEvent{TabID: tab, Ref: btn})
			record("click", t, err)
			t = time.Now()
			_, err = actions.Do[events.TypeTextEvent, events.ActionResult](actx, s, events.TypeTextEvent{TabID: tab, Ref: box, Text: typed})
			record("type", t, err)
			t = time.Now()
			_, err = actions.Do[events.EvaluateEvent, events.EvaluateResult](actx, s, events.EvaluateEvent{TabID: tab, Expression: tabEval, ReturnByValue: true})
			record("evaluate", t, err)
		}, func() { actions.CloseTab(ctx, s, tab) }, nil
	}
}

// tabURL is the page tab i loads in loop j.
func tabURL(srv *server, i, j int) string { return fmt.Sprintf("%s/tab?i=%d&j=%d", srv.main, i, j) }

// tabEval is what each loop evaluates: the clicks counted and the text
// typed.
const tabEval = "window.n + t.value.length"

// rssKB reads this process's resident set size.
func rssKB() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb
		}
	}
	return 0
}
