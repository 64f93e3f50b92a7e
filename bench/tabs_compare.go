package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"
)

// compareTabs times the 32-tab loop through agentbrowser and through the
// raw floor, rounds times, each side in a browser of its own started for
// the round. Within a round both sides' tabs are open at once and take
// turns (see turns), a slice of a few seconds each, so that both meet the
// machine's busy and quiet minutes alike; the side that starts alternates
// between rounds. It writes, per action, the p95 of each client in every
// round, their ratio, the median ratio over the rounds, and the ratio of
// the p95s over every round's timings pooled, which is the figure to judge
// by: it rests on all the samples, where the median of four ratios is one
// or two rounds'.
//
// The two loops do the same work, the floor in its fewest raw calls;
// tabsDiffer, printed under the table, says where they differ.
// againstNoBodies makes the other side of the comparison agentbrowser
// keeping no bodies instead of the raw floor (-against-no-bodies), which
// measures what keeping them costs.
var againstNoBodies bool

func compareTabs(ctx context.Context, w io.Writer, srv *server, l tabLoad, rounds int) error {
	ours := func() (func(i int) (tabRun, func(), error), func(), error) {
		s, err := startOurs(ctx)
		if err != nil {
			return nil, nil, err
		}
		return oursTab(ctx, s, srv), func() { closeOurs(s) }, nil
	}
	raw := func() (func(i int) (tabRun, func(), error), func(), error) {
		if againstNoBodies {
			s, err := startOursBodies(ctx, false)
			if err != nil {
				return nil, nil, err
			}
			return oursTab(ctx, s, srv), func() { closeOurs(s) }, nil
		}
		ch, err := launchChrome(ctx)
		if err != nil {
			return nil, nil, err
		}
		conn, browser, err := dialRaw(ctx, ch.ws)
		if err != nil {
			ch.close()
			return nil, nil, err
		}
		return rawTab(ctx, ch, browser, srv), func() { conn.Close(); ch.close() }, nil
	}
	// round opens both sides' browsers and tabs, then runs both sides'
	// loops at once on turns, side first starting. Tabs and browsers close
	// once both sides are done, so that neither's teardown falls on the
	// other's last actions.
	round := func(first int) (o, f map[string]sample, err error) {
		var closers []func()
		defer func() {
			for _, c := range slices.Backward(closers) {
				c()
			}
		}()
		var runs [2][]tabRun
		for s, start := range [2]func() (func(i int) (tabRun, func(), error), func(), error){ours, raw} {
			open, closeSide, err := start()
			if err != nil {
				return nil, nil, err
			}
			closers = append(closers, closeSide)
			tabs, closeTabs, err := openTabs(32, open)
			if err != nil {
				return nil, nil, err
			}
			closers = append(closers, closeTabs)
			runs[s] = tabs
		}
		t := newTurns(first)
		stop, alternated := make(chan struct{}), make(chan struct{})
		go func() {
			defer close(alternated)
			// Slices of five pauses: each tab does about five actions per
			// turn. A navigation of ours that ends in the last tenth of a
			// second of its turn (about one in fifty) has its new document
			// prepared for the snapshot in the floor's turn.
			t.alternate(stop, 5*max(l.think, time.Second))
		}()
		var res [2]map[string]sample
		var wg sync.WaitGroup
		for s := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sl := l
				sl.pace = pacer{t: t, side: s}
				res[s], _ = runLoops(ctx, runs[s], sl)
				// The side that finished first lets the other run on
				// freely.
				t.release()
			}()
		}
		wg.Wait()
		close(stop)
		<-alternated
		return res[0], res[1], nil
	}
	switch {
	case againstNoBodies && noBodies:
		header(w, "32 tabs, agentbrowser keeping no bodies against itself (the spread of two equal sides), alternated"+l.title())
	case againstNoBodies:
		header(w, "32 tabs, agentbrowser keeping bodies against agentbrowser keeping none, alternated"+l.title())
	default:
		header(w, "32 tabs, agentbrowser against the raw floor, alternated"+l.title())
	}
	ratios := map[string][]float64{}
	// allO and allF pool every round's timings: a p95 over all of them
	// rests on rounds times the samples of one round, where one round's
	// p95 is its 16th slowest action and moves with a single burst.
	allO, allF := map[string]sample{}, map[string]sample{}
	var lines []string
	for r := range rounds {
		o, f, err := round(r % 2)
		if err != nil {
			return err
		}
		var cells []string
		for _, a := range tabActions {
			pool(allO, a, o[a])
			pool(allF, a, f[a])
			op, fp := o[a].p95(), f[a].p95()
			if fp > 0 {
				ratios[a] = append(ratios[a], op/fp)
			}
			cells = append(cells, fmt.Sprintf("%s %.0f/%.0f ms (%d/%d errors)", a, op, fp, o[a].errs, f[a].errs))
		}
		lines = append(lines, fmt.Sprintf("round %d, p95 ours/floor: %s", r+1, strings.Join(cells, ", ")))
	}
	fmt.Fprintf(w, "%d loops per tab, %d rounds.\n\n", l.loops, rounds)
	fmt.Fprintln(w, "| action | p95 ours / p95 raw floor, each round | median | all rounds pooled: p95 ours / floor |")
	fmt.Fprintln(w, "|---|---|---:|---:|")
	for _, a := range tabActions {
		rs := ratios[a]
		var each []string
		for _, x := range rs {
			each = append(each, fmt.Sprintf("%.2fx", x))
		}
		med := 0.0
		if len(rs) > 0 {
			s := slices.Clone(rs)
			slices.Sort(s)
			med = s[len(s)/2]
			if len(s)%2 == 0 {
				med = (s[len(s)/2-1] + s[len(s)/2]) / 2
			}
		}
		pooled := "-"
		if op, fp := allO[a].p95(), allF[a].p95(); fp > 0 {
			pooled = fmt.Sprintf("%.2fx (%.0f/%.0f ms)", op/fp, op, fp)
		}
		fmt.Fprintf(w, "| %s | %s | %.2fx | %s |\n", a, strings.Join(each, ", "), med, pooled)
	}
	fmt.Fprintln(w)
	for _, l := range lines {
		fmt.Fprintln(w, l+"  ")
	}
	if !againstNoBodies {
		fmt.Fprintln(w, "\n"+tabsDiffer)
	}
	return nil
}

// tabsDiffer is what the 32-tab loops of ours and of the floor do alike
// and where they differ.
const tabsDiffer = "Both snapshots make an isolated world in each new document, install our snapshot script there, walk the document and have it described with its backend node ids; only ours keeps refs and writes the agent's text. The floor finds elements by id, ours by ref. Both navigations check first that no script holds the page, and read the URL and title. Both typings check the box (that nothing covers it too), focus it, insert, settle the page and read the value back. Both keep each tab's request log (the Network domain on, no bodies kept) and console log (the Runtime domain on), which an agent asks for after the fact."

// pool adds the timings and errors of one round's sample s of action a to
// all.
func pool(all map[string]sample, a string, s sample) {
	p := all[a]
	p.durs = append(p.durs, s.durs...)
	p.errs += s.errs
	all[a] = p
}
