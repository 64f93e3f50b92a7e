package snapshot_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/mafredri/cdp/rpcc"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// TestFirstWalkPlacesItsRefsAhead captures new documents: a small one's
// refs, shadow roots and a same-origin frame's elements included, are
// placed from the walk's paths and the description of the document asked
// for beside the walk, with no lookup after it, and each carries the
// backend id of its very element; a document past AheadElements is not
// described whole, and its refs are looked up as before.
func TestFirstWalkPlacesItsRefsAhead(t *testing.T) {
	for _, name := range []string{"buttons", "shadow", "iframe"} {
		t.Run(name, func(t *testing.T) {
			p, e, _ := openPage(t, name)
			ctx := testContext(t)
			used, lookups := snapshot.AheadsUsed(), snapshot.BackendLookups()
			res, err := e.Capture(ctx, snapshot.Options{})
			require.NoError(t, err)
			require.NotEmpty(t, res.Refs)
			assert.Equal(t, int64(len(res.Refs)), snapshot.AheadsUsed()-used, "refs placed ahead")
			assert.Equal(t, lookups, snapshot.BackendLookups(), "no lookup after the walk")
			checkBackendIDs(t, ctx, p, e, res)
		})
	}

	t.Run("large", func(t *testing.T) {
		s := newServers(t)
		var b strings.Builder
		b.WriteString("<title>large</title><button>First</button>")
		for i := range snapshot.AheadElements {
			fmt.Fprintf(&b, "<div>row %d</div>", i)
		}
		s.add("/large.html", b.String())
		p := newPage(t)
		ctx := testContext(t)
		p.navigate(ctx, s.url("/large.html"))
		e := snapshot.New(p.client, "", nil)
		used := snapshot.AheadsUsed()
		res, err := e.Capture(ctx, snapshot.Options{})
		require.NoError(t, err)
		refByName(t, res, "button", "First")
		assert.Equal(t, used, snapshot.AheadsUsed(), "a large document is not described ahead")
	})
}

// TestPostedInstall captures new documents through an engine that posts
// (as a tab's does): each new world is sent the constant definition of the
// install, which V8 can take from its compilation cache, and the walk
// calls it with the world's token; the snapshot is the one an engine
// without Post takes, and its refs are placed ahead.
func TestPostedInstall(t *testing.T) {
	p, e, s := openPage(t, "buttons")
	ctx := testContext(t)
	var mu sync.Mutex
	defines, replied := 0, 0
	e.SetPost(func(method string, params any) (func(context.Context) (json.RawMessage, error), error) {
		a, ok := params.(*runtime.EvaluateArgs)
		define := ok && a.Expression == snapshot.DefineInstall
		// Called at once, so the browser gets the calls in order.
		var raw json.RawMessage
		err := rpcc.Invoke(ctx, method, params, &raw, p.conn)
		if define {
			mu.Lock()
			defines++
			replied = max(replied, len(raw))
			mu.Unlock()
		}
		return func(context.Context) (json.RawMessage, error) { return raw, err }, nil
	})
	for i, page := range []string{"/buttons.html", "/shadow.html"} {
		if i > 0 {
			replaced := e.Replacing()
			p.navigate(ctx, s.url(page))
			replaced()
		}
		used := snapshot.AheadsUsed()
		res, err := e.Capture(ctx, snapshot.Options{})
		require.NoError(t, err)
		assert.Equal(t, int64(len(res.Refs)), snapshot.AheadsUsed()-used, "refs placed ahead")
		checkBackendIDs(t, ctx, p, e, res)
		mu.Lock()
		assert.Equal(t, i+1, defines, "one definition posted per new document")
		// A definition that evaluated to the function would bring its
		// whole source back as the function's description.
		assert.Less(t, replied, 200, "bytes of the definition's reply")
		mu.Unlock()
		require.NotEmpty(t, res.Refs)
		for ref := range res.Refs {
			left, err := e.CallWorld(ctx, ref, `function () { return "__abInstall" in globalThis; }`)
			require.NoError(t, err)
			assert.Equal(t, "false", string(left), "the definition is gone from the world once it ran")
			break
		}
		plain, err := snapshot.New(p.client, "", nil).Capture(ctx, snapshot.Options{})
		require.NoError(t, err)
		noRefs := regexp.MustCompile(` \[ref=e\d+\]`)
		assert.Equal(t, noRefs.ReplaceAllString(plain.Text, ""), noRefs.ReplaceAllString(res.Text, ""))
	}
}
