package defaultaction_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
)

var linkRE = regexp.MustCompile(`\[([^\]]*)\]\[(e\d+)\]`)

// The page's main region as Markdown, without the site's chrome; each
// link carries the ref the snapshot gives it (checked against a snapshot
// taken after), in the page, a closed shadow root and a cross-origin
// iframe.
func TestReadMainContent(t *testing.T) {
	e := newEnv(t, "/read.html")
	r, err := do(e, events.ReadEvent{TabID: e.tab.ID})
	require.NoError(t, err)
	assert.Equal(t, "Read me", r.Title)
	want := `# Growing apples

Apples grow on [trees][ref]; see the guide and [the FAQ][ref].

## Steps

1. Plant a seed
2. Water it
   - daily
   - in [summer][ref]

| Variety | Colour |
| --- | --- |
| Gala | red \| yellow |
| [Fuji][ref] | red |

> An apple a day.

` + "```\ngo build ./...\ngo test\n```" + `

![A tree]

Shadow text with [a deep link][ref]

### Remote part

Text from [another site][ref].

Article footer stays`
	assert.Equal(t, want, linkRE.ReplaceAllString(r.Markdown, "[$1][ref]"))

	st := e.state(events.SnapshotOptions{})
	links := linkRE.FindAllStringSubmatch(r.Markdown, -1)
	require.Len(t, links, 6)
	for _, l := range links {
		info, ok := st.Tree.Refs[events.Ref(l[2])]
		require.True(t, ok, "ref %s of %q is not in the snapshot", l[2], l[1])
		assert.Equal(t, "link", info.Role)
		assert.Equal(t, l[1], info.Name)
	}
	// The link in the other site's frame acts.
	_, err = e.click(events.ClickElementEvent{Ref: events.Ref(links[5][2])})
	require.NoError(t, err)
}

// With All, the navigation chrome is read too.
func TestReadAll(t *testing.T) {
	e := newEnv(t, "/read.html")
	r, err := do(e, events.ReadEvent{TabID: e.tab.ID, All: true})
	require.NoError(t, err)
	md := linkRE.ReplaceAllString(r.Markdown, "[$1][ref]")
	assert.True(t, strings.HasPrefix(md, "[Home][ref] [Sign in][ref]\n\n- [Menu A][ref]\n- [Menu B][ref]\n\n# Growing apples"), md)
	assert.True(t, strings.HasSuffix(md, "Article footer stays\n\nRelated: [Pears][ref]\n\n© Site footer"), md)
}

// Read takes a ref or a locator to read one element; a stale ref is
// stale_ref.
func TestReadElement(t *testing.T) {
	e := newEnv(t, "/read.html")
	r, err := do(e, events.ReadEvent{TabID: e.tab.ID, Ref: "css=ol"})
	require.NoError(t, err)
	assert.Equal(t, "1. Plant a seed\n2. Water it\n   - daily\n   - in [summer][ref]", linkRE.ReplaceAllString(r.Markdown, "[$1][ref]"))

	r, err = do(e, events.ReadEvent{TabID: e.tab.ID, Ref: "css=#remote"})
	require.NoError(t, err)
	assert.Equal(t, "Text from [another site][ref].", linkRE.ReplaceAllString(r.Markdown, "[$1][ref]"))

	ref := e.ref("heading", "Steps")
	r, err = do(e, events.ReadEvent{TabID: e.tab.ID, Ref: ref})
	require.NoError(t, err)
	assert.Equal(t, "## Steps", r.Markdown)
	e.eval(`document.querySelector('h2').remove(), 1`, nil)
	_, err = do(e, events.ReadEvent{TabID: e.tab.ID, Ref: ref})
	requireCode(t, err, events.CodeStaleRef)
	_, err = do(e, events.ReadEvent{TabID: e.tab.ID, Ref: "e9999"})
	requireCode(t, err, events.CodeUnknownRef)
}
