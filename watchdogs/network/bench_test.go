package network_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/network"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// BenchmarkBodies times a navigation to a page that loads a 20 KB document
// and three 20 KB fetches, in a session keeping bodies (the default) and
// one keeping none, the two taking turns so that both meet the machine's
// load alike. It reports the median and p95 of each, and their ratio.
func BenchmarkBodies(b *testing.B) {
	pad := strings.Repeat("x", 20<<10)
	srv := testutil.Serve(b, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		if r.URL.Path == "/api" {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"pad":%q}`, pad)
			return
		}
		fmt.Fprintf(w, `<!doctype html><title>p</title><p>%s</p><script>
window.done = Promise.all([1,2,3].map(i => fetch('/api?i=' + i).then(r => r.text())))</script>`, pad)
	}))
	// Each session launches a browser of its own: two sessions' tabs in
	// one browser would have one of them hidden, and a hidden page's
	// timers are throttled.
	chrome := testutil.RequireChrome(b)
	launch := func(name string, cfg *network.Config) *session.BrowserSession {
		var extra []fx.Option
		if cfg != nil {
			extra = append(extra, fx.Supply(cfg))
		}
		s, err := standard.Start(b.Context(), session.Config{TaskID: name, Launch: session.LaunchConfig{Path: chrome, SitePerProcess: true}}, extra...)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { s.Close() })
		return s
	}
	kept := launch("kept", nil)
	none := launch("none", &network.Config{BodyBudget: network.NoBodies})
	times := map[*session.BrowserSession][]float64{}
	ctx := b.Context()
	b.ResetTimer()
	for i := range b.N {
		for _, s := range []*session.BrowserSession{kept, none} {
			t0 := time.Now()
			_, err := actions.Navigate(ctx, s, srv.MainURL(fmt.Sprintf("/p?%d", i)), actions.NavigateOptions{})
			if err == nil {
				_, err = actions.Evaluate(ctx, s, `window.done.then(() => 1)`)
			}
			if err != nil {
				b.Fatal(err)
			}
			times[s] = append(times[s], float64(time.Since(t0).Microseconds())/1000)
		}
	}
	b.StopTimer()
	q := func(v []float64, p float64) float64 {
		v = slices.Clone(v)
		slices.Sort(v)
		return v[min(len(v)-1, int(p*float64(len(v))))]
	}
	b.ReportMetric(q(times[kept], 0.5), "kept-p50-ms")
	b.ReportMetric(q(times[none], 0.5), "none-p50-ms")
	b.ReportMetric(q(times[kept], 0.95), "kept-p95-ms")
	b.ReportMetric(q(times[none], 0.95), "none-p95-ms")
	b.ReportMetric(q(times[kept], 0.5)/q(times[none], 0.5), "p50-ratio")
}
