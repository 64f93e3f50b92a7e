package defaultaction_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

// refOnLine returns the ref on the first line of text that contains needle.
func refOnLine(t *testing.T, text, needle string) events.Ref {
	t.Helper()
	for _, l := range strings.Split(text, "\n") {
		if i := strings.Index(l, "[ref="); i >= 0 && strings.Contains(l, needle) {
			return events.Ref(l[i+5 : i+5+strings.IndexByte(l[i+5:], ']')])
		}
	}
	t.Fatalf("no ref on a line with %q in:\n%s", needle, text)
	return ""
}

func TestSnapshotControlsThroughActions(t *testing.T) {
	e := newEnv(t, "/shop-a.html")
	snap := func(o events.SnapshotOptions) events.Snapshot {
		t.Helper()
		s, err := actions.Snapshot(actions.WithTab(e.ctx(), e.tab.ID), e.s, o)
		require.NoError(t, err)
		return s
	}
	a := snap(events.SnapshotOptions{})
	rugs := refOnLine(t, a.Text, `link "Rugs"`)
	help := refOnLine(t, a.Text, `link "Help"`)
	assert.Empty(t, a.Repeated)

	// Page b of the same site: its header, navigation and footer are one
	// line each, and page a's refs still work there.
	e.open("/shop-b.html")
	b := snap(events.SnapshotOptions{})
	t.Logf("page b:\n%s", b.Text)
	assert.Len(t, b.Repeated, 3)
	assert.NotContains(t, b.Text, `link "Rugs"`)
	assert.Contains(t, b.Text, `button "Buy b"`)
	assert.Contains(t, b.Refs, rugs)
	nav := refOnLine(t, b.Text, `- navigation "Departments"`)
	assert.Contains(t, b.Text, "same as on an earlier page: 6 refs")

	// target shows the landmark whole, with the refs page a gave.
	whole := snap(events.SnapshotOptions{Target: "@" + string(nav)})
	assert.Equal(t, rugs, refOnLine(t, whole.Text, `link "Rugs"`))
	full := snap(events.SnapshotOptions{Full: true})
	assert.Equal(t, help, refOnLine(t, full.Text, `link "Help"`))
	byLocator := snap(events.SnapshotOptions{Target: "css=nav"})
	assert.Equal(t, rugs, refOnLine(t, byLocator.Text, `link "Rugs"`), "a locator target is its element's subtree")
	// A bare CSS selector is read as css=, as every element argument is;
	// what is neither a ref nor a locator nor CSS is refused with the
	// forms an element takes.
	bare := snap(events.SnapshotOptions{Target: "nav"})
	assert.Equal(t, rugs, refOnLine(t, bare.Text, `link "Rugs"`))
	_, err := actions.Snapshot(actions.WithTab(e.ctx(), e.tab.ID), e.s, events.SnapshotOptions{Target: "@nav"})
	require.Error(t, err)
	assert.Equal(t, events.CodeInvalidArgument, actions.Code(err))
	assert.Contains(t, err.Error(), events.TargetForms)

	// find: the matching lines under their heading or landmark.
	found := snap(events.SnapshotOptions{Find: "/^(link|button) (Rugs|Buy)/"})
	assert.Equal(t, 2, found.Matches)
	assert.Contains(t, found.Text, `- navigation "Departments" [ref=`+string(nav)+`]`)
	assert.Contains(t, found.Text, `  - link "Rugs" [ref=`+string(rugs)+`]`)
	assert.Contains(t, found.Text, `- heading "Page b" [level=1]`)

	// A cut snapshot goes on from its cursor.
	part := snap(events.SnapshotOptions{Full: true, MaxChars: 150})
	require.True(t, part.Truncated)
	require.NotEmpty(t, part.Next)
	rest := snap(events.SnapshotOptions{Full: true, MaxChars: 100000, Cursor: part.Next})
	assert.False(t, rest.Truncated)
	assert.Contains(t, rest.Text, `button "Buy b"`)

	// The ref page a gave acts on page b.
	_, err = actions.Click(actions.WithTab(e.ctx(), e.tab.ID), e.s, rugs)
	require.NoError(t, err)
	e.poll("the Rugs link to load", func() bool { return strings.HasSuffix(e.evalString("location.search"), "rugs") })
}

func TestSnapshotHasADefaultCap(t *testing.T) {
	e := newEnv(t, "/shop-a.html")
	e.eval(`(() => { const m = document.querySelector('main');
		for (let i = 0; i < 4000; i++) { const b = document.createElement('button'); b.textContent = 'A button with a rather long name, number ' + i; m.append(b); }
		return true; })()`, new(bool))
	ctx := actions.WithTab(e.ctx(), e.tab.ID)
	capped, err := actions.Snapshot(ctx, e.s, events.SnapshotOptions{})
	require.NoError(t, err)
	assert.True(t, capped.Truncated)
	assert.LessOrEqual(t, len(capped.Text), events.DefaultSnapshotMaxChars)
	assert.NotEmpty(t, capped.Next)
	whole, err := actions.Snapshot(ctx, e.s, events.SnapshotOptions{MaxChars: 1 << 22})
	require.NoError(t, err)
	assert.False(t, whole.Truncated)
	assert.Greater(t, len(whole.Text), events.DefaultSnapshotMaxChars)
	assert.Contains(t, whole.Text, `number 3999"`)
}
