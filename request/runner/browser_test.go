package runner_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/request"
	"github.com/agentbrowser/agentbrowser/request/runner"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

func browser(t *testing.T) *runner.Browser {
	t.Helper()
	m, err := standard.NewManager()
	require.NoError(t, err)
	return runner.NewBrowser(testkit.Session(t, session.Config{Extensions: []session.Extension{m}}))
}

func site(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<title>%s</title><button onclick="this.textContent='done'">go</button><p>&lt;p&gt;Hi&lt;/p&gt;</p>`, strings.Trim(r.URL.Path, "/"))
	}))
	t.Cleanup(srv.Close)
	return srv
}

// refOf finds the ref of the line naming role and name in a snapshot.
func refOf(t *testing.T, st events.PageState, role, name string) events.Ref {
	t.Helper()
	for r, info := range st.Tree.Refs {
		if info.Role == role && info.Name == name {
			return r
		}
	}
	t.Fatalf("no %s %q in\n%s", role, name, st.Tree.Text)
	return ""
}

// The typed requests run on a Browser as a daemon runs them: navigate,
// snapshot, act by ref, evaluate, aim at a tab; a stale ref fails with
// its code and the step to take.
func TestBrowserRunsRequests(t *testing.T) {
	srv := site(t)
	b := browser(t)
	ctx := t.Context()
	o := request.Options{TimeoutMS: 20000}

	nav, err := request.Do(ctx, b, request.Open{URL: srv.URL + "/first"}, o)
	require.NoError(t, err)
	require.Equal(t, "first", nav.Title)

	st, err := request.Do(ctx, b, request.Snapshot{}, o)
	require.NoError(t, err)
	button := refOf(t, st, "button", "go")
	_, err = request.Do(ctx, b, request.Click{Ref: events.Target{Ref: button}}, o)
	require.NoError(t, err)
	v, err := request.Do(ctx, b, request.Eval{Expression: "document.querySelector('button').textContent"}, o)
	require.NoError(t, err)
	require.Equal(t, "done", v.Value)
	v, err = request.Do(ctx, b, request.Eval{Expression: "el => el.textContent", Ref: events.Target{Ref: button}}, o)
	require.NoError(t, err)
	require.Equal(t, "done", v.Value)

	// A diff shows only what changed since the last snapshot.
	diff, err := request.Do(ctx, b, request.Snapshot{Diff: true}, o)
	require.NoError(t, err)
	require.NotNil(t, diff.SnapshotDiff)
	require.Contains(t, diff.Tree.Text, "done")
	require.NotContains(t, diff.Tree.Text, "<p>Hi</p>")

	// A second tab, and a request aimed at the first by its position.
	nt, err := request.Do(ctx, b, request.NewTab{URL: srv.URL + "/second"}, o)
	require.NoError(t, err)
	tabs, err := request.Do(ctx, b, request.Tabs{}, o)
	require.NoError(t, err)
	require.Len(t, tabs.Tabs, 2)
	first := o
	first.Tab = "1"
	v, err = request.Do(ctx, b, request.Eval{Expression: "document.title"}, first)
	require.NoError(t, err)
	require.Equal(t, "first", v.Value)
	closed, err := request.Do(ctx, b, request.CloseTab{Tab: string(nt.Tab.ID)}, o)
	require.NoError(t, err)
	require.Equal(t, nt.Tab.ID, closed.Closed)
	_, err = request.Do(ctx, b, request.SwitchTab{Tab: "no-such-tab"}, o)
	require.Equal(t, events.CodeTabNotFound, request.FaultOf(err).Code, "%v", err)
	require.Equal(t, events.StepListTabs, request.FaultOf(err).Next)

	// After a navigation the old refs are stale: the error says so once,
	// with the step apart.
	_, err = request.Do(ctx, b, request.Reload{}, o)
	require.NoError(t, err)
	_, err = request.Do(ctx, b, request.Click{Ref: events.Target{Ref: button}}, o)
	f := request.FaultOf(err)
	require.Equal(t, events.CodeStaleRef, f.Code, "%v", err)
	require.Equal(t, events.StepSnapshot, f.Next)
	require.NotContains(t, f.Message, "snapshot", "the step is said apart from the message: %q", f.Message)
	require.Equal(t, 1, strings.Count(err.Error(), "take a new snapshot"), "%q", err.Error())

	// A request that fails its own check never reaches the browser.
	_, err = request.Do(ctx, b, request.Press{Key: "Hyper+X"}, o)
	require.ErrorIs(t, err, events.ErrInvalidArgument)
}
