package cdpmux_test

import (
	"context"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/mafredri/cdp/protocol/target"
	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
)

// The benchmarks compare one Runtime.evaluate round trip on a flat session
// of the browser websocket (through cdpmux) with the same call on the page's
// own websocket (plain rpcc). They share the package's test browser
// (internal/testkit, stopped by TestMain), warmed up once.
var warm struct {
	once sync.Once
	err  error
}

func browserURL(b *testing.B) string {
	b.Helper()
	ws := testkit.Endpoint(b)
	warm.once.Do(func() { warm.err = warmUp(ws) })
	if warm.err != nil {
		b.Fatalf("warming up the browser: %v", warm.err)
	}
	return ws
}

// warmUp runs evaluations in a throwaway tab so that whichever benchmark
// comes first does not pay for the browser's first tab and first calls.
func warmUp(ws string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := rpcc.DialContext(ctx, ws)
	if err != nil {
		return err
	}
	defer conn.Close()
	bc := cdp.NewClient(conn)
	tgt, err := bc.Target.CreateTarget(ctx, target.NewCreateTargetArgs("about:blank"))
	if err != nil {
		return err
	}
	defer bc.Target.CloseTarget(ctx, target.NewCloseTargetArgs(tgt.TargetID))
	u, err := url.Parse(ws)
	if err != nil {
		return err
	}
	page, err := rpcc.DialContext(ctx, "ws://"+u.Host+"/devtools/page/"+string(tgt.TargetID))
	if err != nil {
		return err
	}
	defer page.Close()
	pc := cdp.NewClient(page)
	for range 1000 {
		if _, err := pc.Runtime.Evaluate(ctx, runtime.NewEvaluateArgs("1")); err != nil {
			return err
		}
	}
	return nil
}

// newTab opens about:blank through bc and closes it when b ends.
func newTab(b *testing.B, bc *cdp.Client) target.ID {
	b.Helper()
	tgt, err := bc.Target.CreateTarget(b.Context(), target.NewCreateTargetArgs("about:blank"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		bc.Target.CloseTarget(ctx, target.NewCloseTargetArgs(tgt.TargetID))
	})
	return tgt.TargetID
}

func evaluateLoop(b *testing.B, c *cdp.Client) {
	b.Helper()
	ctx := b.Context()
	args := runtime.NewEvaluateArgs("1")
	for b.Loop() {
		rep, err := c.Runtime.Evaluate(ctx, args)
		if err != nil {
			b.Fatal(err)
		}
		if string(rep.Result.Value) != "1" {
			b.Fatalf("evaluate returned %s", rep.Result.Value)
		}
	}
}

func BenchmarkEvaluateFlatMux(b *testing.B) {
	ws := browserURL(b)
	conn, err := cdpmux.Dial(b.Context(), ws, cdpmux.Options{})
	if err != nil {
		b.Fatal(err)
	}
	// Cleanups run last in, first out: the tab closes before the socket.
	b.Cleanup(func() { conn.Close() })
	bc := cdp.NewClient(conn.Browser())
	id := newTab(b, bc)
	att, err := bc.Target.AttachToTarget(b.Context(), target.NewAttachToTargetArgs(id).SetFlatten(true))
	if err != nil {
		b.Fatal(err)
	}
	sid := string(att.SessionID)
	conn.Register(sid)
	rc, err := conn.Session(sid)
	if err != nil {
		b.Fatal(err)
	}
	evaluateLoop(b, cdp.NewClient(rc))
}

func BenchmarkEvaluateDirectPage(b *testing.B) {
	ws := browserURL(b)
	u, err := url.Parse(ws)
	if err != nil {
		b.Fatal(err)
	}
	bconn, err := rpcc.DialContext(b.Context(), ws)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { bconn.Close() })
	id := newTab(b, cdp.NewClient(bconn))
	page, err := rpcc.DialContext(b.Context(), "ws://"+u.Host+"/devtools/page/"+string(id))
	if err != nil {
		b.Fatal(err)
	}
	defer page.Close()
	evaluateLoop(b, cdp.NewClient(page))
}
