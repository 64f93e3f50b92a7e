package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

func chromeVersion() string {
	b, err := exec.Command(chromePath, "--version").Output()
	if err != nil {
		return "chromium ?"
	}
	return strings.TrimSpace(string(b))
}

// playwright times Playwright's ariaSnapshot on the same page in its own
// browser, through node.
func playwright(ctx context.Context, srv *server, op string, n int) sample {
	s := sample{lib: "Playwright ariaSnapshot"}
	count := map[string]int{"snap5k": 5000, "snap20k": 20000}[op]
	url := fmt.Sprintf("%s/big?n=%d", srv.main, count)
	cmd := exec.CommandContext(ctx, "node", "aria.js", fmt.Sprint(n), url)
	cmd.Env = append(os.Environ(), "BENCH_FLAGS="+strings.Join(chromeFlags, "\n"), "BENCH_CHROME="+chromePath)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		s.note = "node aria.js failed: " + short(err)
		return s
	}
	var res map[string][]float64
	if err := json.Unmarshal(out, &res); err != nil {
		s.note = short(err)
		return s
	}
	for _, v := range res[url] {
		s.durs = append(s.durs, time.Duration(v*float64(time.Millisecond)))
	}
	return s
}

// launchRow times launch to ready (a page that answers an evaluate) for
// each library; closing is untimed but listed for agentbrowser.
func launchRow(ctx context.Context, n int) row {
	r := row{op: "launch to ready (first evaluate answered)", floor: "raw CDP"}
	var last func()
	settle := func() error {
		if last != nil {
			last()
			last = nil
		}
		return nil
	}
	var closes []time.Duration
	vs := []variant{{lib: "raw CDP", note: "exec, /json/list, page websocket, evaluate", reset: settle, done: settle, run: func() error {
		ch, err := launchChrome(ctx)
		if err != nil {
			return err
		}
		last = ch.close
		t, err := ch.waitTarget(ctx, func(t jsonTarget) bool { return t.Type == "page" })
		if err != nil {
			return err
		}
		conn, c, err := dialRaw(ctx, t.WS)
		if err != nil {
			return err
		}
		last = func() { conn.Close(); ch.close() }
		_, err = rawEval(ctx, c, "1")
		return err
	}}, {lib: "chromedp", reset: settle, done: settle, run: func() error {
		_, cancel, dir, err := startChromedp(ctx)
		if err == nil {
			last = func() { cancel(); waitDirGone(dir) }
		}
		return err
	}}, {lib: "go-rod", reset: settle, done: settle, run: func() error {
		l, b, _, err := startRod(ctx)
		if err == nil {
			last = func() { b.Close(); l.Kill(); l.Cleanup(); waitGroupGone(l.PID()) }
		}
		return err
	}}, {lib: "agentbrowser", note: "standard.Start + Evaluate", reset: settle, done: settle, run: func() error {
		s, err := standard.Start(ctx, oursConfig())
		if err != nil {
			return err
		}
		last = func() { closes = append(closes, closeOurs(s)) }
		_, err = actions.Evaluate(ctx, s, "1")
		return err
	}}}
	// Launches alternate between the libraries (see measureAll); the
	// reset before each closes whatever the previous one started and
	// waits until that browser's processes are gone, so that no launch
	// shares the CPUs with another's teardown (each library follows the
	// same one in every round: agentbrowser follows go-rod, the floor
	// follows agentbrowser).
	r.samples = append(measureAll(1, n, vs), sample{lib: "agentbrowser Close (untimed above)", durs: closes})
	return r
}

// hungBudget is the deadline every library's hung evaluate gets.
const hungBudget = 500 * time.Millisecond

// hungRows runs while(true){} with a 500 ms deadline in each library, then
// a plain evaluate with a 3 s deadline: does the library recover?
func hungRows(ctx context.Context, hs []harness) []row {
	ret := row{op: fmt.Sprintf("hung evaluate returns (budget %v)", hungBudget), floor: "raw CDP"}
	next := row{op: "evaluate after the hung one", floor: "raw CDP"}
	for _, h := range hs {
		var lib string
		var hang, plain func(ctx context.Context) error
		switch h := h.(type) {
		case *raw:
			lib = "raw CDP"
			hang = func(ctx context.Context) error { _, err := rawEval(ctx, h.c, "while(true){}"); return err }
			plain = func(ctx context.Context) error { _, err := rawEval(ctx, h.c, "1"); return err }
		case *cdpPeer:
			lib = "chromedp"
			hang = func(c context.Context) error {
				c, cancel := context.WithTimeout(h.ctx, hungBudget)
				defer cancel()
				return chromedp.Do(c, chromedp.Evaluate[chromedp.Void]("while(true){}"))
			}
			plain = func(c context.Context) error {
				c, cancel := context.WithTimeout(h.ctx, 3*time.Second)
				defer cancel()
				_, err := chromedp.Run(c, chromedp.Evaluate[int]("1"))
				return err
			}
		case *rodPeer:
			lib = "go-rod"
			hang = func(c context.Context) error { _, err := h.page.Context(c).Eval("() => { while(true){} }"); return err }
			plain = func(c context.Context) error { _, err := h.page.Context(c).Eval("() => 1"); return err }
		case *ours:
			lib = "agentbrowser"
			hang = func(c context.Context) error { _, err := actions.Evaluate(c, h.s, "while(true){}"); return err }
			plain = func(c context.Context) error { _, err := actions.Evaluate(c, h.s, "1"); return err }
		}
		runs := 1
		if lib == "agentbrowser" {
			runs = 5
		}
		rs, ns := sample{lib: lib}, sample{lib: lib}
		for range runs {
			hctx, cancel := context.WithTimeout(ctx, hungBudget)
			t := time.Now()
			hang(hctx)
			rs.durs = append(rs.durs, time.Since(t))
			cancel()
			pctx, cancel := context.WithTimeout(ctx, 3*time.Second)
			t = time.Now()
			err := plain(pctx)
			d := time.Since(t)
			cancel()
			if err != nil {
				ns.note = "never: no answer within 3 s (" + short(err) + ")"
				break
			}
			ns.durs = append(ns.durs, d)
		}
		ret.samples = append(ret.samples, rs)
		next.samples = append(next.samples, ns)
	}
	return []row{ret, next}
}
