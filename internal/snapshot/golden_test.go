package snapshot_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

var update = flag.Bool("update", false, "rewrite testdata/golden files")

// goldenPages are the pages whose full snapshots are pinned in
// testdata/golden/<name>.txt.
var goldenPages = []string{"form", "buttons", "iframe", "shadow", "clickable", "hidden", "names",
	"names-blocks", "names-generated", "names-images", "names-labels", "names-long", "closed-shadow", "text-rules", "editor", "replaced", "replaced-selects", "internals", "delegation"}

// testContext is the deadline every browser test works under.
func testContext(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// openPage loads testdata/<name>.html in a fresh tab and returns the tab
// and an engine for it.
func openPage(t *testing.T, name string) (*testPage, *snapshot.Engine, *servers) {
	t.Helper()
	s := newServers(t)
	p := newPage(t)
	p.navigate(testContext(t), s.url("/"+name+".html"))
	return p, snapshot.New(p.client, "", nil), s
}

// openCaptured opens testdata/<name>.html as openPage does and captures it
// once with the default options, for a test that starts from the refs of
// that capture.
func openCaptured(t *testing.T, name string) (*testPage, *snapshot.Engine, context.Context, *snapshot.Result) {
	t.Helper()
	p, e, _ := openPage(t, name)
	ctx := testContext(t)
	res, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	return p, e, ctx, res
}

func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name+".txt")
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got+"\n"), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test -update to create it")
	require.Equal(t, string(want), got+"\n", "snapshot of %s differs from %s", name, path)
}

func TestGolden(t *testing.T) {
	for _, name := range goldenPages {
		t.Run(name, func(t *testing.T) { captureGolden(t, name) })
	}
}

// captureGolden opens testdata/<name>.html, captures it with the default
// options and checks the text against testdata/golden/<name>.txt.
func captureGolden(t *testing.T, name string) *snapshot.Result {
	t.Helper()
	_, e, _ := openPage(t, name)
	res, err := e.Capture(testContext(t), snapshot.Options{})
	require.NoError(t, err)
	checkGolden(t, name, res.Text)
	return res
}
