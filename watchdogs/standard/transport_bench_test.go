package standard_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// The transport benchmarks drive the same Chromium build over its pipe (a
// launched session, the default) and over a websocket (the same launch with
// a DevTools port, the session connected by URL), alternating the two in
// each iteration so that both see the same machine load. Each reports the
// median of each transport and their ratio (pipe / websocket).

// transportPair is one session per transport.
type transportPair struct {
	pipe, ws *session.BrowserSession
}

// startPipe launches a session's own browser over its pipe.
func startPipe(ctx context.Context, chrome string) (*session.BrowserSession, error) {
	return standard.Start(ctx, session.Config{TaskID: "pipe", Launch: session.LaunchConfig{Path: chrome, SitePerProcess: true}})
}

// startWS launches the same browser with a DevTools port and connects a
// session to it by websocket; closing it closes the browser too.
func startWS(ctx context.Context, chrome string) (*session.BrowserSession, func(), error) {
	p, err := session.Launch(ctx, session.LaunchConfig{Path: chrome, SitePerProcess: true, DebuggingPort: session.AnyDebuggingPort})
	if err != nil {
		return nil, nil, err
	}
	s, err := standard.Start(ctx, session.Config{TaskID: "ws", CDPURL: p.Endpoint})
	if err != nil {
		p.Close()
		return nil, nil, err
	}
	return s, func() { s.Close(); p.Close() }, nil
}

func newPair(b *testing.B) transportPair {
	b.Helper()
	chrome := testutil.RequireChrome(b)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	ps, err := startPipe(ctx, chrome)
	require.NoError(b, err)
	b.Cleanup(func() { ps.Close() })
	ws, stop, err := startWS(ctx, chrome)
	require.NoError(b, err)
	b.Cleanup(stop)
	return transportPair{pipe: ps, ws: ws}
}

// medians times op on both sessions once per iteration and reports each
// transport's median and the ratio.
func (tp transportPair) medians(b *testing.B, op func(s *session.BrowserSession) error) {
	b.Helper()
	var pipe, ws []time.Duration
	b.ResetTimer()
	for b.Loop() {
		for _, side := range []struct {
			s   *session.BrowserSession
			out *[]time.Duration
		}{{tp.pipe, &pipe}, {tp.ws, &ws}} {
			start := time.Now()
			if err := op(side.s); err != nil {
				b.Fatal(err)
			}
			*side.out = append(*side.out, time.Since(start))
		}
	}
	report(b, pipe, ws)
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}

func report(b *testing.B, pipe, ws []time.Duration) {
	mp, mw := median(pipe), median(ws)
	b.ReportMetric(float64(mp.Microseconds())/1000, "pipe-median-ms")
	b.ReportMetric(float64(mw.Microseconds())/1000, "ws-median-ms")
	b.ReportMetric(float64(mp)/float64(mw), "pipe/ws")
}

// open loads url in both sessions' active tabs.
func (tp transportPair) open(b *testing.B, url string) {
	b.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	for _, s := range []*session.BrowserSession{tp.pipe, tp.ws} {
		_, err := actions.Navigate(ctx, s, url, actions.NavigateOptions{})
		require.NoError(b, err)
	}
}

func transportSite(b *testing.B) *testutil.Servers {
	rows := new(strings.Builder)
	rows.WriteString("<!doctype html><title>rows</title><table>")
	for i := range 5000 {
		fmt.Fprintf(rows, `<tr><td>row %d</td><td><a href="#r%d">open %d</a></td><td><button>edit %d</button></td></tr>`, i, i, i, i)
	}
	rows.WriteString("</table>")
	return testutil.Serve(b, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/rows":
			fmt.Fprint(w, rows.String())
		default:
			fmt.Fprint(w, `<!doctype html><title>click</title><button onclick="window.n=(window.n||0)+1">Count</button>`)
		}
	}))
}

func BenchmarkTransportEvaluate(b *testing.B) {
	tp := newPair(b)
	ctx := context.Background()
	tp.medians(b, func(s *session.BrowserSession) error {
		r, err := actions.Evaluate(ctx, s, "1+1")
		if err == nil && fmt.Sprint(r.Value) != "2" {
			err = fmt.Errorf("1+1 = %v", r.Value)
		}
		return err
	})
}

func BenchmarkTransportClickByRef(b *testing.B) {
	srv := transportSite(b)
	tp := newPair(b)
	tp.open(b, srv.MainURL("/click"))
	ctx := context.Background()
	refs := map[*session.BrowserSession]events.Ref{}
	for _, s := range []*session.BrowserSession{tp.pipe, tp.ws} {
		st, err := actions.State(ctx, s, events.BrowserStateRequestEvent{})
		require.NoError(b, err)
		for r, info := range st.Tree.Refs {
			if info.Role == "button" {
				refs[s] = r
			}
		}
		require.NotEmpty(b, refs[s])
	}
	tp.medians(b, func(s *session.BrowserSession) error {
		_, err := actions.Do(ctx, s, events.ClickElementEvent{Ref: refs[s]})
		return err
	})
}

func BenchmarkTransportSnapshot5000(b *testing.B) {
	srv := transportSite(b)
	tp := newPair(b)
	tp.open(b, srv.MainURL("/rows"))
	ctx := context.Background()
	tp.medians(b, func(s *session.BrowserSession) error {
		_, err := actions.State(ctx, s, events.BrowserStateRequestEvent{})
		return err
	})
}

// BenchmarkTransportLaunchAndClose starts and closes a session on each
// transport per iteration: launch to ready (first tab attached, watchdogs
// started) and Close (browser gone and reaped, profile removed).
func BenchmarkTransportLaunchAndClose(b *testing.B) {
	chrome := testutil.RequireChrome(b)
	var launchPipe, launchWS, closePipe, closeWS []time.Duration
	b.ResetTimer()
	for b.Loop() {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		t0 := time.Now()
		ps, err := startPipe(ctx, chrome)
		if err != nil {
			b.Fatal(err)
		}
		launchPipe = append(launchPipe, time.Since(t0))
		t0 = time.Now()
		ps.Close()
		closePipe = append(closePipe, time.Since(t0))

		t0 = time.Now()
		ws, stop, err := startWS(ctx, chrome)
		if err != nil {
			b.Fatal(err)
		}
		_ = ws
		launchWS = append(launchWS, time.Since(t0))
		t0 = time.Now()
		stop()
		closeWS = append(closeWS, time.Since(t0))
		cancel()
	}
	b.ReportMetric(float64(median(launchPipe).Microseconds())/1000, "pipe-launch-ms")
	b.ReportMetric(float64(median(launchWS).Microseconds())/1000, "ws-launch-ms")
	b.ReportMetric(float64(median(closePipe).Microseconds())/1000, "pipe-close-ms")
	b.ReportMetric(float64(median(closeWS).Microseconds())/1000, "ws-close-ms")
	b.ReportMetric(float64(slices.Max(closePipe).Microseconds())/1000, "pipe-close-max-ms")
}
