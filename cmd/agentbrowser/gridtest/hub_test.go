package gridtest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mafredri/cdp/protocol/page"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
)

// hubGrid is a hub with two nodes of one Chrome slot each.
type hubGrid struct {
	hub   *gridProc
	nodes map[string]*gridProc // by node URI
}

func startHub(t testing.TB) *hubGrid {
	t.Helper()
	// A port found free can be taken before the Grid binds it (this
	// machine's other processes open loopback connections all the time):
	// the hub or a node then exits saying so, and the grid is started
	// again on other ports.
	for attempt := 1; ; attempt++ {
		h, err := tryHub()
		if err == nil {
			t.Cleanup(h.stop)
			return h
		}
		if attempt == 3 || !strings.Contains(err.Error(), "Address already in use") {
			require.NoError(t, err)
		}
		t.Logf("starting the grid again on other ports: %v", err)
	}
}

// tryHub starts a hub and two nodes on free ports and waits for their
// slots; on failure nothing it started is left running.
func tryHub() (*hubGrid, error) {
	ports := freePorts(3)
	bus := []string{"--publish-events", fmt.Sprintf("tcp://127.0.0.1:%d", ports[0]), "--subscribe-events", fmt.Sprintf("tcp://127.0.0.1:%d", ports[1])}
	hub, err := startJava("hub", ports[2], bus...)
	if err != nil {
		return nil, err
	}
	h := &hubGrid{hub: hub, nodes: map[string]*gridProc{}}
	for range 2 {
		// --grid-url is the hub's address as clients reach it; the se:cdp
		// URL of a session is built from it.
		args := append(append([]string{}, bus...), "--register-cycle", "1", "--grid-url", hub.URL)
		n, err := startJava("node", freePort(), append(args, driverConfig(1)...)...)
		if err != nil {
			h.stop()
			return nil, err
		}
		h.nodes[n.URL] = n
	}
	if err := hub.waitSlots(2, 120*time.Second); err != nil {
		h.stop()
		return nil, err
	}
	return h, nil
}

// stop ends the hub and its nodes.
func (h *hubGrid) stop() {
	h.hub.stop()
	for _, n := range h.nodes {
		n.kill()
		os.Remove(n.log) // stop removes the hub's
	}
}

func TestHubWithTwoNodes(t *testing.T) {
	needGrid(t)
	h := startHub(t)
	srv := testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "<!doctype html><title>store</title>")
	}))
	reg := session.NewEndpointRegistry(session.EndpointStarterFromConfig(session.Config{
		Grid: session.GridConfig{Binary: chromium},
		// A loaded CI machine can take long to start a node's browser.
		ConnectTimeout: 2 * time.Minute,
	}))
	t.Cleanup(func() { reg.Close() })
	ep := session.Endpoint{GridURL: h.hub.URL}
	ctx := t.Context()

	t.Run("two tasks at once, each on its own node, isolated", func(t *testing.T) {
		var wg sync.WaitGroup
		sess := make([]*session.BrowserSession, 2)
		errs := make([]error, 2)
		for i := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sess[i], errs[i] = reg.GetOrStartAt(ctx, fmt.Sprintf("task-%d", i), ep)
			}()
		}
		wg.Wait()
		require.NoError(t, errs[0])
		require.NoError(t, errs[1])
		g0, _ := sess[0].Grid()
		g1, _ := sess[1].Grid()
		require.NotEmpty(t, g0.Node)
		require.NotEmpty(t, g1.Node)
		assert.NotEqual(t, g0.Node, g1.Node, "each task on its own node")
		st := h.hub.status(t)
		assert.Equal(t, g0.Node, st.NodeOf(g0.SessionID))
		assert.Equal(t, g1.Node, st.NodeOf(g1.SessionID))

		for _, s := range sess {
			tab, err := s.ActiveTab()
			require.NoError(t, err)
			_, err = tab.Client.Page.Navigate(ctx, page.NewNavigateArgs(srv.MainURL("/")))
			require.NoError(t, err)
		}
		require.Eventually(t, func() bool {
			return evalString(ctx, sess[0], "document.title") == "store" && evalString(ctx, sess[1], "document.title") == "store"
		}, 30*time.Second, 100*time.Millisecond)
		evalString(ctx, sess[0], "localStorage.setItem('who', 'task-0'), 'set'")
		assert.Equal(t, "task-0", evalString(ctx, sess[0], "String(localStorage.getItem('who'))"))
		assert.Equal(t, "null", evalString(ctx, sess[1], "String(localStorage.getItem('who'))"), "tasks share no storage")
		require.NoError(t, reg.Stop("task-0"))
		require.NoError(t, reg.Stop("task-1"))
	})

	t.Run("eight tasks in sequence reuse freed slots", func(t *testing.T) {
		seen := map[string]bool{}
		for i := range 8 {
			id := fmt.Sprintf("seq-%d", i)
			s, err := reg.GetOrStartAt(ctx, id, ep)
			require.NoError(t, err, "task %d", i)
			g, _ := s.Grid()
			seen[g.SessionID] = true
			assert.Equal(t, "2", evalString(ctx, s, "String(1+1)"))
			require.NoError(t, reg.Stop(id))
		}
		assert.Len(t, seen, 8)
		require.NoError(t, h.hub.waitSlots(2, 30*time.Second), "every slot free again")
	})

	t.Run("node killed: the next command fails fast, the one after gets a fresh session", func(t *testing.T) {
		s, err := reg.GetOrStartAt(ctx, "victim", ep)
		require.NoError(t, err)
		g, _ := s.Grid()
		node := h.nodes[g.Node]
		require.NotNil(t, node, "node %s of the session is one of ours", g.Node)
		node.kill()
		delete(h.nodes, g.Node)
		t.Cleanup(func() { os.Remove(node.log) })

		// The liveness check answers within about 5 s; the ceiling is 3x
		// that for a loaded machine.
		start := time.Now()
		cctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		err = s.CheckAlive(cctx)
		if err == nil {
			tab, terr := s.ActiveTab()
			require.NoError(t, terr)
			_, err = session.Evaluate(cctx, tab.Client, "1", false)
		}
		require.Error(t, err)
		assert.Less(t, time.Since(start), 15*time.Second)
		assert.Equal(t, "browser_crashed", string(actions.Code(err)), "%v", err)

		s2, err := reg.GetOrStartAt(ctx, "victim", ep)
		require.NoError(t, err)
		g2, _ := s2.Grid()
		assert.NotEqual(t, g.SessionID, g2.SessionID)
		assert.Equal(t, "2", evalString(ctx, s2, "String(1+1)"))
		require.NoError(t, reg.Stop("victim"))
	})
}

func evalString(ctx context.Context, s *session.BrowserSession, expr string) string {
	tab, err := s.ActiveTab()
	if err != nil {
		return "error: " + err.Error()
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	r, err := session.Evaluate(ctx, tab.Client, expr, true)
	if err != nil {
		return "error: " + err.Error()
	}
	var v string
	if r.Result.Value == nil || json.Unmarshal(r.Result.Value, &v) != nil {
		return fmt.Sprintf("non-string %v", r.Result.Value)
	}
	return v
}
