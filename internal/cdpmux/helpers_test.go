package cdpmux_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
	"github.com/agentbrowser/agentbrowser/internal/fakecdp"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
)

// ceiling bounds every wait in these tests; it is a hang detector, not a
// performance assertion (15 s: the machine is shared and loaded, and the
// pipe variant adds a bridge hop).
const ceiling = 15 * time.Second

// TestMain stops the benchmarks' browser, if one was started, before goleak
// looks for leftover goroutines.
func TestMain(m *testing.M) { testkit.Main(m) }

// env is one cdpmux.Conn talking to one fake browser.
type env struct {
	srv  *fakecdp.Server
	conn *cdpmux.Conn
	fc   *fakecdp.Client
}

func start(t *testing.T, h fakecdp.Handler, opts cdpmux.Options) env {
	t.Helper()
	srv := fakecdp.New(t, h)
	dial := cdpmux.Dial
	if overPipe {
		dial = pipeTo(t)
	}
	conn, err := dial(t.Context(), srv.URL(), opts)
	require.NoError(t, err)
	t.Cleanup(func() { conn.Close() })
	fc, err := srv.WaitClient(t.Context())
	require.NoError(t, err)
	return env{srv: srv, conn: conn, fc: fc}
}

// attach announces the sessions the way Chrome does and waits until the
// mux has registered them.
func (e env) attach(t *testing.T, ids ...string) {
	t.Helper()
	for _, id := range ids {
		require.NoError(t, e.fc.Event("", "Target.attachedToTarget", attachedParams(id)))
	}
	require.Eventually(t, func() bool {
		have := e.conn.Sessions()
		for _, id := range ids {
			if !slices.Contains(have, id) {
				return false
			}
		}
		return true
	}, ceiling, time.Millisecond, "sessions %v not registered", ids)
}

func attachedParams(id string) map[string]any {
	return map[string]any{
		"sessionId":          id,
		"targetInfo":         map[string]any{"targetId": "T" + id, "type": "page", "title": "", "url": "about:blank", "attached": true, "canAccessOpener": false},
		"waitingForDebugger": false,
	}
}

func (e env) client(t *testing.T, id string) *cdp.Client {
	t.Helper()
	rc, err := e.conn.Session(id)
	require.NoError(t, err)
	return cdp.NewClient(rc)
}

// call is one request the fake received, kept for the test to answer.
type call struct {
	c *fakecdp.Client
	r fakecdp.Request
}

// inbox returns a handler that hands every request to the test instead of
// answering it.
func inbox() (fakecdp.Handler, <-chan call) {
	ch := make(chan call, 1024)
	return func(c *fakecdp.Client, r fakecdp.Request) {
		select {
		case ch <- call{c, r}:
		case <-c.Done():
		}
	}, ch
}

func next(t *testing.T, ch <-chan call) call {
	t.Helper()
	select {
	case c := <-ch:
		return c
	case <-time.After(ceiling):
		t.Fatalf("no request reached the fake within %v", ceiling)
		return call{}
	}
}

// expression returns the expression of a Runtime.evaluate request, or ""
// if its params do not parse. It is safe to call from handlers.
func expression(r fakecdp.Request) string {
	var p struct {
		Expression string `json:"expression"`
	}
	json.Unmarshal(r.Params, &p)
	return p.Expression
}

// evalResult is a Runtime.evaluate result whose value is the string s.
func evalResult(s string) map[string]any {
	return map[string]any{"result": map[string]any{"type": "string", "value": s}}
}

// console is a Runtime.consoleAPICalled event whose one argument is s.
func console(s string) map[string]any {
	return map[string]any{
		"type":               "log",
		"args":               []any{map[string]any{"type": "string", "value": s}},
		"executionContextId": 1,
		"timestamp":          0,
	}
}

// evaluate runs expr on c and returns the string value of the reply.
func evaluate(ctx context.Context, c *cdp.Client, expr string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, ceiling)
	defer cancel()
	rep, err := c.Runtime.Evaluate(ctx, runtime.NewEvaluateArgs(expr))
	if err != nil {
		return "", err
	}
	var v string
	if err := json.Unmarshal(rep.Result.Value, &v); err != nil {
		return "", err
	}
	return v, nil
}

// echo answers Runtime.evaluate with its own expression and anything else
// with {}.
func echo(c *fakecdp.Client, r fakecdp.Request) {
	if r.Method == "Runtime.evaluate" {
		c.Reply(r, evalResult(expression(r)))
		return
	}
	c.Reply(r, nil)
}

// wait receives one error from ch, failing the test after the ceiling.
func wait(t *testing.T, ch <-chan error) error {
	t.Helper()
	select {
	case err := <-ch:
		return err
	case <-time.After(ceiling):
		t.Fatalf("call did not return within %v", ceiling)
		return nil
	}
}
