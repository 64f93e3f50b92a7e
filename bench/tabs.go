package main

import (
	"context"
	"fmt"
	"io"
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
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// tabActions are what each tab does per loop, in order.
var tabActions = []string{"navigate", "snapshot", "click", "type", "evaluate"}

// runTabs drives one tab, then 32 tabs at once, in one session, each tab
// looping navigate, snapshot, click, type, evaluate n times; this process
// holds only agentbrowser, so its RSS and goroutines are the daemon's.
func runTabs(ctx context.Context, w io.Writer, n int) error {
	srv, err := startServer()
	if err != nil {
		return err
	}
	defer srv.close()
	loops := max(5, n/3)
	if err := oursTabs(ctx, w, srv, loops); err != nil {
		return err
	}
	return rawTabs(ctx, w, srv, loops)
}

// oursTabs is runTabs through agentbrowser's Go API.
func oursTabs(ctx context.Context, w io.Writer, srv *server, loops int) error {
	s, err := standard.Start(ctx, oursConfig())
	if err != nil {
		return err
	}
	defer s.Close()
	header(w, "32 tabs driven concurrently in one session (agentbrowser Go API)")
	single, _, err := driveTabs(ctx, 1, loops, oursTab(ctx, s, srv))
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
	many, errs, err := driveTabs(ctx, 32, loops, oursTab(ctx, s, srv))
	close(stop)
	sampler.Wait()
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%d loops per tab; errors with 32 tabs: %d; peak RSS of the process holding the session: %.1f MB; peak goroutines: %d\n\n",
		loops, errs, float64(peakRSS.Load())/1024, peakG.Load())
	writeTabs(w, single, many)
	return nil
}

// rawTabs runs the same loops with the fewest raw CDP calls (rawTab), in
// a browser of their own started after agentbrowser's has closed.
func rawTabs(ctx context.Context, w io.Writer, srv *server, loops int) error {
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
	header(w, "32 tabs driven concurrently, raw CDP floor (one websocket per tab)")
	single, _, err := driveTabs(ctx, 1, loops, rawTab(ctx, ch, browser, srv))
	if err != nil {
		return err
	}
	many, errs, err := driveTabs(ctx, 32, loops, rawTab(ctx, ch, browser, srv))
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%d loops per tab; errors with 32 tabs: %d\n\n", loops, errs)
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

// driveTabs opens k tabs with open and runs the loop in each at once; it
// returns the timings per action and the number of failed actions. open
// gives tab i's loop and what closes the tab.
func driveTabs(ctx context.Context, k, loops int, open func(i int) (tabRun, func(), error)) (map[string]sample, int, error) {
	runs := make([]tabRun, 0, k)
	var closers []func()
	defer func() {
		for _, c := range closers {
			c()
		}
	}()
	for i := range k {
		run, closeTab, err := open(i)
		if err != nil {
			return nil, 0, fmt.Errorf("opening tab %d: %w", i, err)
		}
		runs, closers = append(runs, run), append(closers, closeTab)
	}
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
	for _, run := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range loops {
				actx, cancel := context.WithTimeout(ctx, 60*time.Second)
				run(actx, j, record)
				cancel()
			}
		}()
	}
	wg.Wait()
	return res, int(errs.Load()), nil
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
