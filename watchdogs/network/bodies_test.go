package network_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/watchdogs/network"
)

// bodySite serves /page, and /n/SIZE: SIZE bytes of text.
func bodySite(t *testing.T) *testutil.Servers {
	return testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if size, ok := strings.CutPrefix(r.URL.Path, "/n/"); ok {
			var n int
			fmt.Sscan(strings.TrimSuffix(size, ".css"), &n)
			w.Header().Set("Content-Type", "text/plain")
			if strings.HasSuffix(size, ".css") {
				w.Header().Set("Content-Type", "text/css")
			}
			fmt.Fprint(w, strings.Repeat("x", n))
			return
		}
		fmt.Fprint(w, `<!doctype html><title>page</title><link rel=stylesheet href="/n/10.css">`)
	}))
}

func TestBodiesWithinTheBudget(t *testing.T) {
	srv := bodySite(t)
	s := start(t, &network.Config{BodyBudget: 3000})
	ctx := t.Context()
	_, err := actions.Navigate(ctx, s, srv.MainURL("/page"), actions.NavigateOptions{})
	require.NoError(t, err)
	settled := func(suffix string) events.NetworkRequestDetail {
		var d events.NetworkRequestDetail
		require.Eventually(t, func() bool {
			r, err := actions.Network(ctx, s, false)
			require.NoError(t, err)
			e := find(r.Requests, suffix)
			if e == nil {
				return false
			}
			d, err = actions.NetworkGet(ctx, s, e.ID, "")
			require.NoError(t, err)
			return d.ResponseBody.State != events.BodyPending
		}, 10*time.Second, 20*time.Millisecond)
		return d
	}
	// One fetch at a time, each read before the next, so the order in
	// which they were kept is known.
	for _, n := range []int{1000, 1001, 1002} {
		_, err := actions.Evaluate(ctx, s, fmt.Sprintf(`fetch('/n/%d').then(r => r.text()).then(t => t.length)`, n))
		require.NoError(t, err)
		require.Equal(t, events.BodyKept, settled(fmt.Sprintf("/n/%d", n)).ResponseBody.State)
	}
	// The document and the first fetch made room for the third.
	first := settled("/n/1000")
	require.Equal(t, events.BodyDropped, first.ResponseBody.State)
	require.Contains(t, first.ResponseBody.Reason, "budget")
	require.Equal(t, strings.Repeat("x", 1002), settled("/n/1002").ResponseBody.Text)
	r, err := actions.Network(ctx, s, false)
	require.NoError(t, err)
	require.GreaterOrEqual(t, r.BodiesDropped, 2, "the document's body and the first fetch's")
	require.LessOrEqual(t, r.BodyBytes, int64(3000))

	_, err = actions.Evaluate(ctx, s, `fetch('/n/5000').then(r => r.text()).then(t => t.length)`)
	require.NoError(t, err)
	require.Equal(t, events.BodyTooLarge, settled("/n/5000").ResponseBody.State)

	css := settled("/n/10.css")
	require.Equal(t, "Stylesheet", css.ResourceType)
	require.Equal(t, events.BodyNotKept, css.ResponseBody.State)
	require.Contains(t, css.ResponseBody.Reason, "Stylesheet")
}

func TestBodiesOfEveryType(t *testing.T) {
	srv := bodySite(t)
	s := start(t, &network.Config{BodyTypes: []string{"all"}})
	ctx := t.Context()
	_, err := actions.Navigate(ctx, s, srv.MainURL("/page"), actions.NavigateOptions{})
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		r, err := actions.Network(ctx, s, false)
		require.NoError(t, err)
		e := find(r.Requests, "/n/10.css")
		if e == nil {
			return false
		}
		d, err := actions.NetworkGet(ctx, s, e.ID, "")
		require.NoError(t, err)
		return d.ResponseBody.State == events.BodyKept && d.ResponseBody.Text == "xxxxxxxxxx"
	}, 10*time.Second, 20*time.Millisecond)
	require.Error(t, network.Config{BodyBudget: -2}.Validate())
}
