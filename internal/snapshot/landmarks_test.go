package snapshot_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// sitePage is a page of a small shop: the same header, navigation and
// footer on every page (nav lists navLinks), its own main content.
func sitePage(title string, navLinks int, main string) string {
	var nav strings.Builder
	for i := range navLinks {
		nav.WriteString(`<li><a href="/c` + strconv.Itoa(i) + `">Category ` + strconv.Itoa(i) + `</a></li>`)
	}
	return `<!doctype html><title>` + title + `</title>
<header><a href="/">Shop</a><form role="search"><input aria-label="Search" name="q"><button>Go</button></form></header>
<nav><ul>` + nav.String() + `</ul></nav>
<main><h1>` + title + `</h1>` + main + `</main>
<footer><a href="/help">Help</a> <a href="/terms">Terms</a> <p>Shop Ltd</p></footer>`
}

// refOf returns the ref on the first line of text that contains needle.
func refOf(t *testing.T, text, needle string) events.Ref {
	t.Helper()
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, needle) {
			if i := strings.Index(l, "[ref="); i >= 0 {
				return events.Ref(l[i+5 : i+5+strings.IndexByte(l[i+5:], ']')])
			}
		}
	}
	t.Fatalf("no ref on a line with %q in:\n%s", needle, text)
	return ""
}

func TestSiteChromeSaidOnce(t *testing.T) {
	s := newServers(t)
	s.add("/a", sitePage("Mugs", 12, `<a href="/m1">Blue mug</a>`))
	s.add("/b", sitePage("Cups", 12, `<a href="/k1">Red cup</a><button>Buy</button>`))
	s.add("/c", sitePage("Plates", 13, `<a href="/p1">White plate</a>`))
	p := newPage(t)
	ctx := testContext(t)
	e := snapshot.New(p.client, "", nil)

	p.navigate(ctx, s.url("/a"))
	a, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	assert.Empty(t, a.Repeated, "nothing was shown before")
	cat3 := refOf(t, a.Text, `link "Category 3"`)
	help := refOf(t, a.Text, `link "Help"`)
	search := refOf(t, a.Text, `textbox "Search"`)
	assert.NotContains(t, a.Text, "same as on an earlier page")

	p.navigate(ctx, s.url("/b"))
	b, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	t.Logf("page b:\n%s", b.Text)
	assert.Len(t, b.Repeated, 3, "banner, navigation and footer")
	assert.NotContains(t, b.Text, "Category 3")
	assert.NotContains(t, b.Text, `link "Help"`)
	assert.Contains(t, b.Text, `link "Red cup"`)
	assert.Less(t, len(b.Text), len(a.Text)/2)
	nav := refOf(t, b.Text, "- navigation")
	assert.Regexp(t, `- navigation \[ref=`+string(nav)+`\] \[same as on an earlier page: 12 refs e[0-9]+-e[0-9]+\]`, b.Text)
	// The refs kept from page a name the same elements on page b.
	for ref, want := range map[events.Ref]string{cat3: "/c3", help: "/help"} {
		assert.Contains(t, b.Refs, ref)
		assert.Equal(t, `"`+s.url(want)+`"`, callOn(t, e, ref, `function() { return this.href; }`), "ref %s", ref)
	}
	assert.Equal(t, `"b"`, callOn(t, e, search, `function() { return location.pathname.slice(1); }`))

	// The subtree shown whole, with the same refs: scoped to the landmark,
	// or all of it.
	scoped, err := e.Capture(ctx, snapshot.Options{Scope: nav})
	require.NoError(t, err)
	assert.Equal(t, cat3, refOf(t, scoped.Text, `link "Category 3"`))
	full, err := e.Capture(ctx, snapshot.Options{Full: true})
	require.NoError(t, err)
	assert.Equal(t, help, refOf(t, full.Text, `link "Help"`))
	assert.NotContains(t, full.Text, "same as on an earlier page")

	// The diff from page a to page b removes none of the kept refs.
	d := snapshot.DiffText(a.Text, b.Text)
	assert.NotContains(t, d.RemovedRefs, string(cat3))
	assert.NotContains(t, d.RemovedRefs, string(help))

	// A navigation that changed is shown whole, with refs of its own; the
	// unchanged footer is not.
	p.navigate(ctx, s.url("/c"))
	c, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	assert.Contains(t, c.Text, `link "Category 12"`)
	assert.NotEqual(t, cat3, refOf(t, c.Text, `link "Category 3"`))
	assert.NotContains(t, c.Text, `link "Help"`)
	assert.Equal(t, `"`+s.url("/help")+`"`, callOn(t, e, help, `function() { return this.href; }`))

	// Another site's pages owe nothing to this one's.
	p.navigate(ctx, s.otherURL("/a"))
	o, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	assert.NotContains(t, o.Text, "same as on an earlier page")
	assert.NotEqual(t, cat3, refOf(t, o.Text, `link "Category 3"`))
	_, err = e.Resolve(ctx, cat3)
	require.ErrorIs(t, err, snapshot.ErrStaleRef, "page a's ref went with its document")
}

// callOn calls fn on ref's element and returns its JSON value.
func callOn(t *testing.T, e *snapshot.Engine, ref events.Ref, fn string) string {
	t.Helper()
	ctx := testContext(t)
	r, err := e.Resolve(ctx, ref)
	require.NoError(t, err, "resolving %s", ref)
	defer r.Release(ctx)
	reply, err := r.Client.Runtime.CallFunctionOn(ctx, runtime.NewCallFunctionOnArgs(fn).
		SetObjectID(r.ObjectID).SetReturnByValue(true))
	require.NoError(t, err)
	return string(reply.Result.Value)
}
