package dialog_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/dialog"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// BenchmarkDialogDetection measures how long after a page calls alert()
// the dialog is visible to an agent, against a raw CDP client listening for
// Page.javascriptDialogOpening on the same page in the same run. The page
// stamps the moment it calls alert() (performance.timeOrigin + now(), the
// same wall clock as Go's); each side stamps when it first sees the dialog.
// "state" polls BrowserStateRequestEvent{SkipTree} (every watchdog's state
// section), "dialogs" polls DialogsEvent, each every 250 µs.
func BenchmarkDialogDetection(b *testing.B) {
	for _, via := range []string{"dialogs", "state"} {
		b.Run(via, func(b *testing.B) { benchDetection(b, via) })
	}
}

func benchDetection(b *testing.B, via string) {
	testutil.RequireChrome(b)
	srv := testutil.Serve(b, pages())
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	// On the shared browser: the raw client needs its DevTools websocket,
	// which a session's own launched browser does not open.
	s, err := standard.Start(ctx, session.Config{TaskID: "bench", CDPURL: testkit.Endpoint(b)}, fx.Supply(&dialog.Config{}))
	require.NoError(b, err)
	defer s.Close()
	_, err = actions.Navigate(ctx, s, srv.MainURL("/plain"), actions.NavigateOptions{})
	require.NoError(b, err)
	tab, err := s.ActiveTab()
	require.NoError(b, err)

	raw := pageClient(b, s, tab.ID)
	opening, err := raw.Page.JavascriptDialogOpening(ctx)
	require.NoError(b, err)
	defer opening.Close()
	rawSeen := make(chan time.Time, 1)
	go func() {
		for {
			if _, err := opening.Recv(); err != nil {
				return
			}
			rawSeen <- time.Now()
		}
	}()

	visible := func() bool {
		if via == "dialogs" {
			r, err := actions.Dialogs(ctx, s)
			require.NoError(b, err)
			return len(r.Pending) > 0
		}
		res, err := bus.Dispatch(ctx, s.Bus(), events.BrowserStateRequestEvent{SkipTree: true})
		require.NoError(b, err)
		for _, h := range res.Handlers {
			if sec, ok := h.Value.(events.DialogState); ok && len(sec.Pending) > 0 {
				return true
			}
		}
		return false
	}

	var rawMS, oursMS []float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		// A plain evaluate on the tab's session starts the dialog, apart
		// from the evaluate engine, whose own dialog tracking is not
		// measured here.
		_, err := session.Evaluate(ctx, tab.Client, `setTimeout(() => { window.t0 = performance.timeOrigin + performance.now(); alert('bench') }, 0)`, false)
		require.NoError(b, err)
		// Poll gently: a busy loop on a small machine slows the browser
		// it measures.
		for !visible() {
			time.Sleep(250 * time.Microsecond)
		}
		seen := time.Now()
		var rawAt time.Time
		select {
		case rawAt = <-rawSeen:
		case <-time.After(10 * time.Second):
			b.Fatal("raw client saw no dialog")
		}
		b.StopTimer()
		_, err = actions.RespondDialog(ctx, s, actions.DialogResponse{Accept: true})
		require.NoError(b, err)
		r, err := session.Evaluate(ctx, tab.Client, "window.t0", false)
		require.NoError(b, err)
		var t0 float64
		require.NoError(b, json.Unmarshal(r.Result.Value, &t0))
		ms := func(t time.Time) float64 { return float64(t.UnixNano())/1e6 - t0 }
		rawMS = append(rawMS, ms(rawAt))
		oursMS = append(oursMS, ms(seen))
		b.StartTimer()
	}
	b.StopTimer()
	b.ReportMetric(median(rawMS), "raw-p50-ms")
	b.ReportMetric(median(oursMS), "visible-p50-ms")
	b.ReportMetric(mean(rawMS), "raw-mean-ms")
	b.ReportMetric(mean(oursMS), "visible-mean-ms")
	if testing.Verbose() {
		b.Logf("n=%d raw %s visible %s", len(rawMS), fmtAll(rawMS), fmtAll(oursMS))
	}
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}

func mean(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	sum := 0.0
	for _, x := range v {
		sum += x
	}
	return sum / float64(len(v))
}

func fmtAll(v []float64) string {
	out := ""
	for i, x := range v {
		if i == 10 {
			return out + " ..."
		}
		out += fmt.Sprintf(" %.2f", x)
	}
	return out
}
