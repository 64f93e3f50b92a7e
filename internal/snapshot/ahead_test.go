package snapshot_test

import (
	"fmt"
	"strings"
	"testing"

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
