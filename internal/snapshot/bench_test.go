package snapshot_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mafredri/cdp/protocol/accessibility"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// rowsPage is the benchmark page: a table of n rows, each
//
//	<tr><td><input type=checkbox aria-label="Select row N"></td>
//	    <td><a href="#item-N">Item N</a></td><td><button>Delete</button></td></tr>
//
// so every row has three interactive elements and three named cells.
func rowsPage(n int) string {
	var b strings.Builder
	b.WriteString("<!doctype html><html><head><title>Rows</title></head><body><h1>Rows</h1><table><thead><tr><th>Select</th><th>Item</th><th>Action</th></tr></thead><tbody>\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, `<tr><td><input type=checkbox aria-label="Select row %d"></td><td><a href="#item-%d">Item %d</a></td><td><button>Delete</button></td></tr>`+"\n", i, i, i)
	}
	b.WriteString("</tbody></table></body></html>")
	return b.String()
}

// listPage is the same n rows as a list, each
//
//	<li><input type=checkbox aria-label="Select item N">
//	    <a href="#item-N">Item N</a> <button>Delete</button></li>
//
// Chrome builds the accessibility tree of a big table much more slowly
// than that of a list, so the list is the fairer baseline.
func listPage(n int) string {
	var b strings.Builder
	b.WriteString("<!doctype html><html><head><title>Items</title></head><body><h1>Items</h1><ul>\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, `<li><input type=checkbox aria-label="Select item %d"> <a href="#item-%d">Item %d</a> <button>Delete</button></li>`+"\n", i, i, i)
	}
	b.WriteString("</ul></body></html>")
	return b.String()
}

var benchSizes = []int{5000, 20000}

var benchShapes = []struct {
	name string
	page func(int) string
}{{"table", rowsPage}, {"list", listPage}}

func benchShapePage(b *testing.B, n int, page func(int) string) *testPage {
	b.Helper()
	s := newServers(b)
	s.add("/rows", page(n))
	p := newPage(b)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	p.navigate(ctx, s.url("/rows"))
	return p
}

func rawAXTree(ctx context.Context, p *testPage) (int, error) {
	reply, err := p.client.Accessibility.GetFullAXTree(ctx, accessibility.NewGetFullAXTreeArgs())
	if err != nil {
		return 0, err
	}
	return len(reply.Nodes), nil
}

// BenchmarkSnapshot measures a warm capture (the document's world exists,
// its refs are issued) in full and Interactive mode.
func BenchmarkSnapshot(b *testing.B) {
	for _, shape := range benchShapes {
		for _, n := range benchSizes {
			for _, mode := range []string{"full", "interactive"} {
				b.Run(fmt.Sprintf("%s/rows=%d/%s", shape.name, n, mode), func(b *testing.B) {
					p := benchShapePage(b, n, shape.page)
					ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
					defer cancel()
					e := snapshot.New(p.client, "", nil)
					opts := snapshot.Options{Interactive: mode == "interactive"}
					res, err := e.Capture(ctx, opts)
					if err != nil {
						b.Fatal(err)
					}
					for b.Loop() {
						if res, err = e.Capture(ctx, opts); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(len(res.Text)), "bytes")
					b.ReportMetric(float64(len(res.Refs)), "refs")
				})
			}
		}
	}
}

// BenchmarkSnapshotCold measures the first capture of a document: world
// creation, script install and ref issue included.
func BenchmarkSnapshotCold(b *testing.B) {
	eachShape(b, func(b *testing.B, p *testPage) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		for b.Loop() {
			e := snapshot.New(p.client, "", nil)
			if _, err := e.Capture(ctx, snapshot.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// eachShape runs run on a page of each benchmark shape and size.
func eachShape(b *testing.B, run func(b *testing.B, p *testPage)) {
	for _, shape := range benchShapes {
		for _, n := range benchSizes {
			b.Run(fmt.Sprintf("%s/rows=%d", shape.name, n), func(b *testing.B) {
				run(b, benchShapePage(b, n, shape.page))
			})
		}
	}
}

// BenchmarkRawGetFullAXTree is the baseline: Accessibility.getFullAXTree,
// warm, decoded by mafredri/cdp.
func BenchmarkRawGetFullAXTree(b *testing.B) {
	eachShape(b, func(b *testing.B, p *testPage) {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
		defer cancel()
		nodes, err := rawAXTree(ctx, p)
		if err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			if nodes, err = rawAXTree(ctx, p); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(nodes), "axnodes")
	})
}

// BenchmarkRatio times a warm full capture and a warm getFullAXTree on the
// same page, alternately, and reports ours/raw.
func BenchmarkRatio(b *testing.B) {
	eachShape(b, benchRatio)
}

// benchRatio times warm full captures and warm getFullAXTree calls on p,
// alternately, and reports both, their ratio, the snapshot's size in full
// and Interactive mode, and the time of an Interactive capture. Then it
// checks that refs spread over the page resolve to backend node ids.
func benchRatio(b *testing.B, p *testPage) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	e := snapshot.New(p.client, "", nil)
	if _, err := e.Capture(ctx, snapshot.Options{}); err != nil {
		b.Fatal(err)
	}
	axNodes, err := rawAXTree(ctx, p)
	if err != nil {
		b.Fatal(err)
	}
	var ours, raw time.Duration
	full := 0
	for b.Loop() {
		t0 := time.Now()
		res, err := e.Capture(ctx, snapshot.Options{})
		if err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		if _, err := rawAXTree(ctx, p); err != nil {
			b.Fatal(err)
		}
		ours += t1.Sub(t0)
		raw += time.Since(t1)
		full = len(res.Text)
	}
	b.StopTimer()
	t0 := time.Now()
	res, err := e.Capture(ctx, snapshot.Options{Interactive: true})
	if err != nil {
		b.Fatal(err)
	}
	interTime := time.Since(t0)
	for i := 1; i <= len(res.Refs); i += len(res.Refs)/50 + 1 {
		r, err := e.Resolve(ctx, events.Ref(fmt.Sprintf("e%d", i)))
		if err != nil || r.Info.BackendNodeID == 0 {
			b.Fatalf("resolving e%d: %v", i, err)
		}
		_ = r.Release(ctx)
	}
	n := float64(b.N)
	b.ReportMetric(float64(ours.Milliseconds())/n, "ms-ours")
	b.ReportMetric(float64(raw.Milliseconds())/n, "ms-raw")
	b.ReportMetric(float64(ours)/float64(raw), "ratio")
	b.ReportMetric(float64(interTime.Milliseconds()), "ms-interactive")
	b.ReportMetric(float64(full), "bytes-full")
	b.ReportMetric(float64(len(res.Text)), "bytes-interactive")
	b.ReportMetric(float64(len(res.Refs)), "refs")
	b.ReportMetric(float64(axNodes), "axnodes")
}

// buttonsPage is n buttons with distinct names, among filler plain
// paragraphs (filler per button).
func buttonsPage(n, filler int) string {
	var b strings.Builder
	b.WriteString("<!doctype html><title>Buttons</title>")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "<button>Button %d</button>\n", i)
		for j := 0; j < filler; j++ {
			b.WriteString("<div><span>filler</span></div>\n")
		}
	}
	return b.String()
}

// BenchmarkEagerBackendIDs measures the first capture of pages with n refs
// without eager backend node ids ("off"), with one pipelined
// DOM.describeNode per ref ("nodes"), and with one DOM.describeNode of the
// whole document ("tree"), on dense pages (only the refs) and sparse ones
// (20 other elements per ref). It is how EagerLookupBudget and
// treeNodeFactor were picked.
func BenchmarkEagerBackendIDs(b *testing.B) {
	for _, filler := range []int{0, 10} {
		for _, n := range []int{100, 500, 2000} {
			for _, method := range []string{"off", "nodes", "tree"} {
				b.Run(fmt.Sprintf("filler=%d/refs=%d/%s", filler, n, method), func(b *testing.B) {
					s := newServers(b)
					s.add("/buttons", buttonsPage(n, filler))
					p := newPage(b)
					ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
					defer cancel()
					p.navigate(ctx, s.url("/buttons"))
					budget := 1 << 30
					if method == "off" {
						budget = 0
					} else {
						defer snapshot.SetEagerMethodForTest(method)()
					}
					defer snapshot.SetEagerBudgetForTest(budget)()
					for b.Loop() {
						e := snapshot.New(p.client, "", nil)
						res, err := e.Capture(ctx, snapshot.Options{})
						if err != nil {
							b.Fatal(err)
						}
						if method != "off" && res.Refs["e1"].BackendNodeID == 0 {
							b.Fatal("no backend node id")
						}
					}
				})
			}
		}
	}
}

// BenchmarkFirstCaptureAfterNavigation times the first capture of a new
// document, right after a navigation the engine is told of (Replacing):
// an agent's usual step after it opens a page. Each round navigates twice
// and times, alternately, the capture and the baseline, the first
// Accessibility.getFullAXTree of the document. It reports the sums of
// both and ours/raw.
func BenchmarkFirstCaptureAfterNavigation(b *testing.B) { benchFirstCapture(b, false) }

// BenchmarkFirstCaptureAfterPrepare is BenchmarkFirstCaptureAfterNavigation
// with the document prepared (Engine.Prepare, untimed) before the capture,
// as the DefaultActionWatchdog prepares it in the background while the
// agent reads the navigation's answer.
func BenchmarkFirstCaptureAfterPrepare(b *testing.B) { benchFirstCapture(b, true) }

func benchFirstCapture(b *testing.B, prepare bool) {
	s := newServers(b)
	p := newPage(b)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	e := snapshot.New(p.client, "", nil)
	var ours, raw time.Duration
	round := 0
	for b.Loop() {
		round++
		for k := range 2 {
			replaced := e.Replacing()
			p.navigate(ctx, s.url(fmt.Sprintf("/buttons.html?r=%d&k=%d", round, k)))
			replaced()
			if prepare && k == round%2 {
				if err := e.Prepare(ctx); err != nil {
					b.Fatal(err)
				}
			}
			t := time.Now()
			if k == round%2 {
				if _, err := e.Capture(ctx, snapshot.Options{}); err != nil {
					b.Fatal(err)
				}
				ours += time.Since(t)
			} else {
				if _, err := rawAXTree(ctx, p); err != nil {
					b.Fatal(err)
				}
				raw += time.Since(t)
			}
		}
	}
	b.ReportMetric(float64(ours.Microseconds())/1000/float64(b.N), "ms-ours")
	b.ReportMetric(float64(raw.Microseconds())/1000/float64(b.N), "ms-axtree")
	b.ReportMetric(float64(ours)/float64(raw), "ours/axtree")
}

var benchBaseline = flag.String("bench.baseline", "", "an older js/snapshot.js: BenchmarkAgainstBaseline times it against the current script")

// BenchmarkAgainstBaseline times warm full captures by the current script
// and by an older one (-bench.baseline=FILE, e.g. from git show
// REV:internal/snapshot/js/snapshot.js) alternately in the same tab, each
// in a world of its own, so that both meet the same load: on a shared
// machine only such a comparison says whether a change made the walk
// slower. It reports the fastest capture of each and their ratio.
func BenchmarkAgainstBaseline(b *testing.B) {
	if *benchBaseline == "" {
		b.Skip("no -bench.baseline script given")
	}
	js, err := os.ReadFile(*benchBaseline)
	if err != nil {
		b.Fatal(err)
	}
	eachShape(b, func(b *testing.B, p *testPage) {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
		defer cancel()
		restore := snapshot.SetScriptForTest(string(js))
		base := snapshot.New(p.client, "", nil)
		_, err := base.Capture(ctx, snapshot.Options{})
		restore()
		if err != nil {
			b.Fatal(err)
		}
		e := snapshot.New(p.client, "", nil)
		if _, err := e.Capture(ctx, snapshot.Options{}); err != nil {
			b.Fatal(err)
		}
		var ours, old []time.Duration
		timed := func(eng *snapshot.Engine, times *[]time.Duration) {
			t0 := time.Now()
			if _, err := eng.Capture(ctx, snapshot.Options{}); err != nil {
				b.Fatal(err)
			}
			*times = append(*times, time.Since(t0))
		}
		// Each goes first every other round: the first capture of a
		// round can find the renderer's caches cold.
		for i := 0; b.Loop(); i++ {
			if i%2 == 0 {
				timed(base, &old)
				timed(e, &ours)
			} else {
				timed(e, &ours)
				timed(base, &old)
			}
		}
		// The fastest capture of each is the one the machine's other load
		// disturbed least.
		ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
		mo, mb := slices.Min(ours), slices.Min(old)
		b.ReportMetric(ms(mo), "ms-ours-min")
		b.ReportMetric(ms(mb), "ms-baseline-min")
		b.ReportMetric(float64(mo)/float64(mb), "ratio-min")
	})
}
