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
	s, err := standard.Start(ctx, oursConfig())
	if err != nil {
		return err
	}
	defer s.Close()
	header(w, "32 tabs driven concurrently in one session (agentbrowser Go API)")

	loops := max(5, n/3)
	single, _, err := driveTabs(ctx, s, srv, 1, loops)
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
	many, errs, err := driveTabs(ctx, s, srv, 32, loops)
	close(stop)
	sampler.Wait()
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%d loops per tab; errors with 32 tabs: %d; peak RSS of the process holding the session: %.1f MB; peak goroutines: %d\n\n",
		loops, errs, float64(peakRSS.Load())/1024, peakG.Load())
	var rows []row
	for _, a := range tabActions {
		one := single[a]
		one.lib = "1 tab"
		all := many[a]
		all.lib = "32 tabs"
		rows = append(rows, row{op: a, floor: "1 tab", samples: []sample{one, all}})
	}
	writeTable(w, rows)
	return nil
}

// driveTabs opens k tabs and runs the loop in each at once; it returns the
// timings per action and the number of failed actions.
func driveTabs(ctx context.Context, s *session.BrowserSession, srv *server, k, loops int) (map[string]sample, int, error) {
	tabs := make([]events.TargetID, k)
	for i := range tabs {
		r, err := actions.NewTab(ctx, s, "about:blank")
		if err != nil {
			return nil, 0, fmt.Errorf("opening tab %d: %w", i, err)
		}
		tabs[i] = r.Tab.ID
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
	for i, tab := range tabs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range loops {
				actx, cancel := context.WithTimeout(ctx, 60*time.Second)
				t := time.Now()
				_, err := actions.Do[events.NavigateToURLEvent, events.NavigationResult](actx, s, events.NavigateToURLEvent{TabID: tab, URL: fmt.Sprintf("%s/tab?i=%d&j=%d", srv.main, i, j)})
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
				_, err = actions.Do[events.EvaluateEvent, events.EvaluateResult](actx, s, events.EvaluateEvent{TabID: tab, Expression: "window.n + t.value.length", ReturnByValue: true})
				record("evaluate", t, err)
				cancel()
			}
		}()
	}
	wg.Wait()
	for _, tab := range tabs {
		actions.CloseTab(ctx, s, tab)
	}
	return res, int(errs.Load()), nil
}

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
