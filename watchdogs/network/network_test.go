package network_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	cdpnetwork "github.com/mafredri/cdp/protocol/network"
	"github.com/mafredri/cdp/rpcc"
	"github.com/stretchr/testify/require"
	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/network"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// The tests share one headless Chromium (internal/testkit), each with a
// session and tab of its own.
func TestMain(m *testing.M) { testkit.Main(m) }

func start(t testing.TB, cfg *network.Config) *session.BrowserSession {
	t.Helper()
	return startNamed(t, t.Name(), cfg)
}

func startNamed(t testing.TB, name string, cfg *network.Config) *session.BrowserSession {
	t.Helper()
	var extra []fx.Option
	if cfg != nil {
		extra = append(extra, fx.Supply(cfg))
	}
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	s, err := standard.Start(ctx, session.Config{
		TaskID: name,
		CDPURL: testkit.Endpoint(t),
	}, extra...)
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

func site(t *testing.T) *testutil.Servers {
	var srv *testutil.Servers
	srv = testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/top":
			fmt.Fprintf(w, `<!doctype html><title>top</title><img src="/img.png">
<script>fetch('/api?x=1').then(r => r.text())</script>
<iframe src="%s"></iframe>`, srv.CrossURL("/child"))
		case "/child":
			fmt.Fprint(w, `<!doctype html><title>child</title><script>fetch('/from-oopif')</script>`)
		case "/api":
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, `{"ok":true}`)
		default:
			http.NotFound(w, r)
		}
	}))
	return srv
}

func find(reqs []events.NetworkRequest, suffix string) *events.NetworkRequest {
	for i := range reqs {
		if strings.HasSuffix(reqs[i].URL, suffix) && reqs[i].State != events.NetworkPending {
			return &reqs[i]
		}
	}
	return nil
}

// awaitLogged waits until the log of s holds an ended request for every
// URL suffix, and returns the log.
func awaitLogged(t *testing.T, s *session.BrowserSession, suffixes ...string) []events.NetworkRequest {
	t.Helper()
	var reqs []events.NetworkRequest
	require.Eventually(t, func() bool {
		r, err := actions.Network(t.Context(), s, false)
		require.NoError(t, err)
		reqs = r.Requests
		for _, suf := range suffixes {
			if find(reqs, suf) == nil {
				return false
			}
		}
		return true
	}, 20*time.Second, 50*time.Millisecond, "requests: %+v", reqs)
	return reqs
}

func TestNetworkRecordsRequestsOfEveryFrame(t *testing.T) {
	srv := site(t)
	s := start(t, nil)
	ctx := t.Context()
	_, err := actions.Navigate(ctx, s, srv.MainURL("/top"), actions.NavigateOptions{})
	require.NoError(t, err)

	reqs := awaitLogged(t, s, "/api?x=1", "/img.png", "/from-oopif")

	doc := find(reqs, "/top")
	require.NotNil(t, doc)
	require.Equal(t, "GET", doc.Method)
	require.Equal(t, "Document", doc.ResourceType)
	require.Equal(t, 200, doc.Status)
	require.Equal(t, events.NetworkFinished, doc.State)
	require.Positive(t, doc.Size)

	api := find(reqs, "/api?x=1")
	require.Equal(t, "Fetch", api.ResourceType)
	require.Equal(t, "application/json", api.MIMEType)
	img := find(reqs, "/img.png")
	require.Equal(t, 404, img.Status)
	require.NotNil(t, find(reqs, "/from-oopif"), "a request of an out-of-process iframe is in its tab's log")

	st, err := actions.State(ctx, s, events.BrowserStateRequestEvent{SkipTree: true})
	require.NoError(t, err)
	require.NotNil(t, st.Network)
	counts := *st.Network
	require.GreaterOrEqual(t, counts.Requests, 5)

	// A failed request names its reason.
	_, err = actions.Evaluate(ctx, s, `fetch('http://127.0.0.1:1/refused').catch(() => 0)`)
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		r, _ := actions.Network(ctx, s, false)
		f := find(r.Requests, "/refused")
		return f != nil && f.State == events.NetworkFailed && strings.HasPrefix(f.Failure, "net::ERR_")
	}, 10*time.Second, 50*time.Millisecond)

	// Clear returns the log and forgets it.
	r, err := actions.Network(ctx, s, true)
	require.NoError(t, err)
	require.NotEmpty(t, r.Requests)
	r, err = actions.Network(ctx, s, false)
	require.NoError(t, err)
	require.Empty(t, r.Requests)
}

// A session that keeps no bodies tells the browser to keep no copy of
// them either, which by default it holds for every tab (up to 100 MB
// each) in case a client asks for them.
func TestNetworkLogKeepsNoResponseBodies(t *testing.T) {
	srv := site(t)
	s := start(t, &network.Config{BodyBudget: network.NoBodies})
	ctx := t.Context()
	nav, err := actions.Navigate(ctx, s, srv.MainURL("/top"), actions.NavigateOptions{})
	require.NoError(t, err)
	api := find(awaitLogged(t, s, "/api?x=1"), "/api?x=1")
	require.Equal(t, events.NetworkFinished, api.State)
	tab, err := s.Tab(nav.TabID)
	require.NoError(t, err)
	body, err := tab.Client.Network.GetResponseBody(ctx, cdpnetwork.NewGetResponseBodyArgs(cdpnetwork.RequestID(api.ID)))
	require.Error(t, err, "the browser kept the body of %s: %+v", api.URL, body)
	var re *rpcc.ResponseError
	require.ErrorAs(t, err, &re, "the browser answered that it has no body (Chromium 148: evicted from its cache), not that the call failed")
	d, err := actions.NetworkGet(ctx, s, api.ID, "")
	require.NoError(t, err)
	require.Equal(t, events.BodyNotKept, d.ResponseBody.State)
	require.Contains(t, d.ResponseBody.Reason, "off")
}

func TestNetworkRingIsBounded(t *testing.T) {
	srv := site(t)
	s := start(t, &network.Config{Capacity: 3})
	ctx := t.Context()
	_, err := actions.Navigate(ctx, s, srv.MainURL("/top"), actions.NavigateOptions{})
	require.NoError(t, err)
	_, err = actions.Evaluate(ctx, s, `Promise.all([1,2,3,4,5].map(i => fetch('/api?n=' + i)))`)
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		r, err := actions.Network(ctx, s, false)
		require.NoError(t, err)
		return len(r.Requests) == 3 && r.Dropped >= 5
	}, 10*time.Second, 50*time.Millisecond)
}

func TestConfigValidate(t *testing.T) {
	require.Error(t, network.Config{Capacity: -1}.Validate())
	_, err := network.New(network.Params{Config: &network.Config{MaxURL: -1}})
	require.Error(t, err)
}
