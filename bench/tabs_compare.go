package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
)

// compareTabs times the 32-tab loop through agentbrowser and through the
// raw floor in alternation, rounds times (the first client of a round
// alternates too), each in a browser of its own started for that phase, so
// that both meet the machine's busy and quiet minutes alike. It writes, per
// action, the p95 of each client in every round, their ratio, the median
// ratio over the rounds, and the ratio of the p95s over every round's
// timings pooled, which is the figure to judge by: it rests on all the
// samples, where the median of three ratios is one round's.
//
// The two loops do the same work, the floor in its fewest raw calls;
// tabsDiffer, printed under the table, says where they differ.
func compareTabs(ctx context.Context, w io.Writer, srv *server, l tabLoad, rounds int) error {
	ours := func() (map[string]sample, error) {
		s, err := startOurs(ctx)
		if err != nil {
			return nil, err
		}
		defer closeOurs(s)
		many, _, err := driveTabs(ctx, 32, l, oursTab(ctx, s, srv))
		return many, err
	}
	raw := func() (map[string]sample, error) {
		ch, err := launchChrome(ctx)
		if err != nil {
			return nil, err
		}
		defer ch.close()
		conn, browser, err := dialRaw(ctx, ch.ws)
		if err != nil {
			return nil, err
		}
		defer conn.Close()
		many, _, err := driveTabs(ctx, 32, l, rawTab(ctx, ch, browser, srv))
		return many, err
	}
	header(w, "32 tabs, agentbrowser against the raw floor, alternated"+l.title())
	ratios := map[string][]float64{}
	// allO and allF pool every round's timings: a p95 over all of them
	// rests on rounds times the samples of one round, where one round's
	// p95 is its 16th slowest action and moves with a single burst.
	allO, allF := map[string]sample{}, map[string]sample{}
	var lines []string
	for r := range rounds {
		var o, f map[string]sample
		var err error
		if r%2 == 0 {
			if o, err = ours(); err == nil {
				f, err = raw()
			}
		} else {
			if f, err = raw(); err == nil {
				o, err = ours()
			}
		}
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
	fmt.Fprintln(w, "\n"+tabsDiffer)
	return nil
}

// tabsDiffer is what the 32-tab loops of ours and of the floor do alike
// and where they differ.
const tabsDiffer = "Both snapshots make an isolated world in each new document, install our snapshot script there, walk the document and have it described with its backend node ids; only ours keeps refs and writes the agent's text. The floor finds elements by id, ours by ref. Both navigations check first that no script holds the page, and read the URL and title. Both typings check the box (that nothing covers it too), focus it, insert, settle the page and read the value back."

// pool adds the timings and errors of one round's sample s of action a to
// all.
func pool(all map[string]sample, a string, s sample) {
	p := all[a]
	p.durs = append(p.durs, s.durs...)
	p.errs += s.errs
	all[a] = p
}
