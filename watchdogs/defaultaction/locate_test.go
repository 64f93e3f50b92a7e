package defaultaction_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

func (e *env) locate(locator string) (events.LocateResult, error) {
	return do(e, events.LocateEvent{TabID: e.tab.ID, Locator: locator})
}

// Every named ref of a snapshot is found again by its role, name and nth,
// as the one match, with the same ref: locators and the snapshot name
// elements alike, in the page, a closed shadow root and a cross-origin
// iframe.
func TestLocateFindsWhatTheSnapshotShows(t *testing.T) {
	e := newEnv(t, "/locate.html")
	st := e.state(events.SnapshotOptions{})
	var frames, shadow int
	for ref, info := range st.Tree.Refs {
		if info.Name == "" || info.Role == "iframe" {
			continue
		}
		loc := events.Locator{Kind: events.LocateRole, Value: info.Role, Name: info.Name, NameExact: true, Nth: new(info.Nth)}
		r, err := e.locate(loc.String())
		require.NoError(t, err, loc.String())
		require.Len(t, r.Matches, 1, "%s in\n%s", loc, st.Tree.Text)
		m := r.Matches[0]
		assert.Equal(t, ref, m.Ref, loc.String())
		assert.Equal(t, info.Role, m.Role)
		assert.Equal(t, info.Name, m.Name)
		assert.Equal(t, info.Nth, m.Nth)
		if info.Name == "Inner button" {
			frames++
		}
		if info.Name == "Pay" {
			shadow++
		}
	}
	assert.Equal(t, 1, frames, "the cross-origin iframe's button")
	assert.Equal(t, 1, shadow, "the closed shadow root's button")
}

func TestLocatorKinds(t *testing.T) {
	e := newEnv(t, "/locate.html")
	cases := []struct {
		locator    string
		role, name string
		hidden     bool
		total      int
	}{
		{locator: "css=#email", role: "textbox", name: "Email", total: 1},
		{locator: `text="Sign in"`, role: "button", name: "Sign in", total: 1},
		{locator: "text=sign in", total: 2},
		{locator: "text=FRESH apples", role: "generic", total: 1},
		{locator: "text=total is 12", role: "paragraph", total: 1},
		{locator: `role=button[name="Remove"]`, total: 2},
		{locator: `role=button[name="Remove"][nth=1]`, role: "button", name: "Remove", total: 1},
		{locator: "role=button[name=sign in]", total: 2},
		{locator: "role=heading", role: "heading", name: "Shop", total: 1},
		{locator: "role=navigation", role: "navigation", total: 1},
		{locator: "label=email", role: "textbox", name: "Email", total: 1},
		{locator: `label="Search site"`, role: "textbox", name: "Search site", total: 1},
		{locator: "label=card", role: "textbox", name: "Card", total: 1},
		{locator: "placeholder=search", role: "textbox", name: "Search site", total: 1},
		{locator: `placeholder="you@example.com"`, role: "textbox", name: "Email", total: 1},
		{locator: "testid=buy", role: "button", name: "Buy now", total: 1},
		{locator: "testid=ghost", role: "generic", hidden: true, total: 1},
		{locator: "css=.note", total: 2},
		{locator: "css=#up", role: "button", hidden: true, total: 1},
		{locator: "css=#pay", role: "button", name: "Pay", total: 1},
		{locator: `role=button[name="Inner button"]`, role: "button", name: "Inner button", total: 1},
		{locator: "css=#inner-input", role: "textbox", name: "Inner input", total: 1},
		{locator: "text=no such words", total: 0},
	}
	for _, c := range cases {
		t.Run(c.locator, func(t *testing.T) {
			r, err := e.locate(c.locator)
			require.NoError(t, err)
			require.Equal(t, c.total, r.Total)
			require.Len(t, r.Matches, c.total)
			for _, m := range r.Matches {
				_, ok := events.ParseRef(string(m.Ref))
				assert.True(t, ok, "match %+v has no ref", m)
			}
			if c.total != 1 {
				return
			}
			m := r.Matches[0]
			assert.Equal(t, c.role, m.Role)
			assert.Equal(t, c.name, m.Name)
			assert.Equal(t, c.hidden, m.Hidden)
		})
	}
}

// Locators act wherever a ref goes: in the page, in a closed shadow root
// and in a cross-origin iframe.
func TestLocatorsAct(t *testing.T) {
	e := newEnv(t, "/locate.html")
	_, err := e.click(events.ClickElementEvent{Ref: `role=button[name="Remove"][nth=1]`})
	require.NoError(t, err)
	assert.Equal(t, "removed 1", e.evalString("out.textContent"))

	_, err = e.click(events.ClickElementEvent{Ref: "text=fresh apples"})
	require.NoError(t, err)
	assert.Equal(t, "card", e.evalString("out.textContent"))

	_, err = do(e, events.TypeTextEvent{TabID: e.tab.ID, Ref: "label=Card", Text: "4242"})
	require.NoError(t, err)
	_, err = e.click(events.ClickElementEvent{Ref: "role=button[name=pay]"})
	require.NoError(t, err)
	assert.Equal(t, "paid 4242", e.evalString("out.textContent"))

	_, err = e.click(events.ClickElementEvent{Ref: `role=button[name="Inner button"]`})
	require.NoError(t, err)
	e.poll("the inner button clicked", func() bool {
		r, err := e.locate(`role=button[name="Inner clicked"]`)
		return err == nil && r.Total == 1
	})

	file := filepath.Join(t.TempDir(), "a.txt")
	require.NoError(t, os.WriteFile(file, []byte("a"), 0o600))
	r, err := do(e, events.UploadFileEvent{TabID: e.tab.ID, Ref: "css=#up", Files: []string{file}})
	require.NoError(t, err)
	assert.Equal(t, []string{file}, r.Details.Files)
	assert.Equal(t, "a.txt", e.evalString("document.getElementById('up').files[0].name"))

	r, err = do(e, events.ScrollEvent{TabID: e.tab.ID, Ref: "css=#cross"})
	require.NoError(t, err)
	assert.Equal(t, "into_view", r.Details.Scrolled)
}

func TestLocatorErrors(t *testing.T) {
	e := newEnv(t, "/locate.html")
	before := e.evalString("out.textContent")

	_, err := e.click(events.ClickElementEvent{Ref: "text=sign in"})
	requireCode(t, err, events.CodeAmbiguousLocator)
	var ce *events.Error
	require.ErrorAs(t, err, &ce)
	require.Len(t, ce.Details.Matches, 2)
	assert.Equal(t, 2, ce.Details.Total)
	for _, m := range ce.Details.Matches {
		assert.Equal(t, "button", m.Role)
		assert.Contains(t, err.Error(), string(m.Ref))
	}
	assert.Equal(t, "Sign in", ce.Details.Matches[0].Name)
	assert.Equal(t, "Sign in with Google", ce.Details.Matches[1].Name)

	_, err = e.click(events.ClickElementEvent{Ref: "css=.nothing"})
	requireCode(t, err, events.CodeElementNotFound)
	assert.Contains(t, err.Error(), "css=.nothing")

	for loc, part := range map[string]string{
		"css=##bad":                 "##bad",
		`role=button[name="Remove"`: "closing",
		"role=buton":                `"buton"`,
		`role=button[nme="Remove"]`: "[nme=",
		"text=":                     "text=",
		`text="unterminated`:        "quote",
		"role=button[nth=x]":        "nth=x",
		`placeholder="a" trailing`:  "trailing",
		`label=`:                    "label=",
		"testid=  ":                 "testid=",
	} {
		_, err := e.click(events.ClickElementEvent{Ref: events.Ref(loc)})
		requireCode(t, err, events.CodeInvalidArgument)
		assert.Contains(t, err.Error(), part, loc)
		_, err = e.locate(loc)
		requireCode(t, err, events.CodeInvalidArgument)
	}
	assert.Equal(t, before, e.evalString("out.textContent"), "bad input changed the page")
}

func TestWaitForLocator(t *testing.T) {
	e := newEnv(t, "/locate.html")
	e.eval(`setTimeout(() => { const b = document.createElement('button'); b.textContent = 'Arrived'; document.body.append(b) }, 100), 1`, nil)
	r, err := do(e, events.WaitEvent{TabID: e.tab.ID, Ref: `role=button[name="Arrived"]`})
	require.NoError(t, err)
	assert.Equal(t, `role=button[name="Arrived"] to be visible`, r.Details.WaitedFor)

	e.eval(`setTimeout(() => document.querySelector('[data-testid=buy]').style.display = 'none', 100), 1`, nil)
	_, err = do(e, events.WaitEvent{TabID: e.tab.ID, Gone: "testid=buy"})
	require.NoError(t, err)

	_, err = do(e, events.WaitEvent{TabID: e.tab.ID, Ref: "css=.note"})
	requireCode(t, err, events.CodeAmbiguousLocator)
}

// A locator over many matches lists the first, counting them all.
func TestLocateLimit(t *testing.T) {
	e := newEnv(t, "/locate.html")
	e.eval(`for (let i = 0; i < 30; i++) { const b = document.createElement('button'); b.textContent = 'Row ' + i; document.body.append(b) } 1`, nil)
	r, err := do(e, events.LocateEvent{TabID: e.tab.ID, Locator: "text=row", Limit: 5})
	require.NoError(t, err)
	assert.Equal(t, 30, r.Total)
	require.Len(t, r.Matches, 5)
	for i, m := range r.Matches {
		assert.Equal(t, fmt.Sprintf("Row %d", i), m.Name)
	}
	_, err = e.click(events.ClickElementEvent{Ref: "text=row"})
	requireCode(t, err, events.CodeAmbiguousLocator)
	assert.True(t, strings.Contains(err.Error(), "and 20 more"), err.Error())
}

// A snapshot's target may be a locator: the tree is its element's subtree.
func TestSnapshotTargetByLocator(t *testing.T) {
	e := newEnv(t, "/locate.html")
	st := e.state(events.SnapshotOptions{Target: "role=navigation"})
	require.NotNil(t, st.Tree)
	assert.Contains(t, st.Tree.Text, `link "Home"`)
	assert.NotContains(t, st.Tree.Text, "Buy now")
	_, err := actions.State(e.ctx(), e.s, events.BrowserStateRequestEvent{TabID: e.tab.ID, Snapshot: events.SnapshotOptions{Target: "css=.note"}})
	requireCode(t, err, events.CodeAmbiguousLocator)
}
