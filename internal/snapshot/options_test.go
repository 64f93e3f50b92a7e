package snapshot_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

func lines(text string) []string {
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}

func indentOf(ln string) int {
	return (len(ln) - len(strings.TrimLeft(ln, " "))) / 2
}

func TestInteractiveListsRefLinesFlat(t *testing.T) {
	_, e, _ := openPage(t, "form")
	ctx := testContext(t)
	full, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	inter, err := e.Capture(ctx, snapshot.Options{Interactive: true})
	require.NoError(t, err)

	ls := lines(inter.Text)
	require.Len(t, ls, len(full.Refs), "one line per ref")
	for _, ln := range ls {
		assert.True(t, strings.HasPrefix(ln, "- "), "flat: %q", ln)
		assert.Contains(t, ln, "[ref=e")
		assert.False(t, strings.HasSuffix(ln, ":"), "no children: %q", ln)
	}
	assert.NotContains(t, inter.Text, "text:")
	assert.Equal(t, full.Refs, inter.Refs)
	assert.Contains(t, inter.Text, `- textbox "Email" [ref=`+string(refByLine(t, full.Text, `"Email"`))+`] value="a@b.c"`)
}

func TestScopeShowsOneSubtree(t *testing.T) {
	_, e, ctx, full := openCaptured(t, "iframe")
	frame := refByLine(t, full.Text, `iframe "Payment"`)

	scoped, err := e.Capture(ctx, snapshot.Options{Scope: frame})
	require.NoError(t, err)
	ls := lines(scoped.Text)
	require.NotEmpty(t, ls)
	assert.True(t, strings.HasPrefix(ls[0], `- iframe "Payment" [ref=`+string(frame)+`]`), ls[0])
	for _, ln := range ls[1:] {
		assert.Greater(t, indentOf(ln), 0, "inside the scope: %q", ln)
	}
	assert.NotContains(t, scoped.Text, "Outside")
	assert.Contains(t, scoped.Text, `button "Confirm"`)
	// Same refs as the full snapshot for the same elements.
	confirm := refByLine(t, full.Text, `button "Confirm"`)
	assert.Equal(t, confirm, refByLine(t, scoped.Text, `button "Confirm"`))
	assert.Len(t, scoped.Refs, 4)

	inter, err := e.Capture(ctx, snapshot.Options{Scope: frame, Interactive: true})
	require.NoError(t, err)
	assert.Len(t, lines(inter.Text), 4)

	// A scope whose element is gone is stale.
	_, err = e.Capture(ctx, snapshot.Options{Scope: "e999"})
	require.ErrorIs(t, err, snapshot.ErrUnknownRef)
}

func TestScopeOfRemovedElementIsStale(t *testing.T) {
	p, e, ctx, full := openCaptured(t, "buttons")
	nav := refByLine(t, full.Text, `navigation "Pages"`)
	scoped, err := e.Capture(ctx, snapshot.Options{Scope: nav})
	require.NoError(t, err)
	assert.Equal(t, 4, len(lines(scoped.Text)), scoped.Text)

	p.eval(ctx, `document.querySelector('nav').remove()`)
	_, err = e.Capture(ctx, snapshot.Options{Scope: nav})
	require.ErrorIs(t, err, snapshot.ErrStaleRef)
}

func TestMaxDepthLimitsIndentation(t *testing.T) {
	_, e, _ := openPage(t, "form")
	ctx := testContext(t)
	full, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	maxIndent := func(text string) int {
		m := 0
		for _, ln := range lines(text) {
			m = max(m, indentOf(ln))
		}
		return m
	}
	require.Equal(t, 3, maxIndent(full.Text))
	for depth := 1; depth <= 3; depth++ {
		res, err := e.Capture(ctx, snapshot.Options{MaxDepth: depth})
		require.NoError(t, err)
		assert.Equal(t, depth-1, maxIndent(res.Text), "max depth %d:\n%s", depth, res.Text)
		// What is shown is the full snapshot's top, except for a line's
		// trailing ':' when its children are cut.
		for _, ln := range lines(res.Text) {
			assert.Contains(t, full.Text, strings.TrimSuffix(ln, ":"))
		}
	}
	top, err := e.Capture(ctx, snapshot.Options{MaxDepth: 1})
	require.NoError(t, err)
	assert.Equal(t, "- main", top.Text)
}

func TestMaxCharsCutsAtLineBoundary(t *testing.T) {
	_, e, _ := openPage(t, "form")
	ctx := testContext(t)
	full, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	all := lines(full.Text)
	assert.False(t, full.Truncated)
	assert.Equal(t, len(all), full.Nodes)
	assert.Zero(t, full.Omitted)

	const limit = 400
	cut, err := e.Capture(ctx, snapshot.Options{MaxChars: limit})
	require.NoError(t, err)
	assert.True(t, cut.Truncated)
	assert.LessOrEqual(t, len(cut.Text), limit)
	assert.Equal(t, full.Nodes, cut.Nodes)
	shown := lines(cut.Text)
	last := shown[len(shown)-1]
	shown = shown[:len(shown)-1]
	assert.Equal(t, all[:len(shown)], shown, "whole lines from the top")
	assert.Equal(t, len(all)-len(shown), cut.Omitted)
	assert.Equal(t, "- ... "+strconv.Itoa(cut.Omitted)+" more lines: cursor="+cut.Next+" shows them", last)
	assert.Equal(t, strconv.Itoa(len(shown)), cut.Next)
	// Only the refs shown are returned.
	assert.Less(t, len(cut.Refs), len(full.Refs))
	for ref := range cut.Refs {
		assert.Contains(t, strings.Join(shown, "\n"), "[ref="+string(ref)+"]")
	}

	// A limit the text fits in changes nothing.
	roomy, err := e.Capture(ctx, snapshot.Options{MaxChars: len(full.Text)})
	require.NoError(t, err)
	assert.False(t, roomy.Truncated)
	assert.Equal(t, full.Text, roomy.Text)
}

func TestOptionsValidate(t *testing.T) {
	assert.NoError(t, snapshot.Options{}.Validate())
	assert.Error(t, snapshot.Options{MaxDepth: -1}.Validate())
	assert.Error(t, snapshot.Options{MaxChars: -1}.Validate())
	assert.Error(t, snapshot.Options{MaxChars: 10}.Validate())
	assert.ErrorIs(t, snapshot.Options{Scope: "nope"}.Validate(), snapshot.ErrInvalidRef)
	err := snapshot.Options{MaxDepth: -1, MaxChars: -1}.Validate()
	assert.Contains(t, err.Error(), "max depth")
	assert.Contains(t, err.Error(), "max chars")
}

func TestCursorShowsTheRest(t *testing.T) {
	_, e, _ := openPage(t, "names")
	ctx := testContext(t)
	full, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	require.Greater(t, len(full.Text), 1000)

	got := map[events.Ref]snapshot.RefInfo{}
	cursor := ""
	parts := 0
	for {
		part, err := e.Capture(ctx, snapshot.Options{MaxChars: 300, Cursor: cursor})
		require.NoError(t, err)
		assert.LessOrEqual(t, len(part.Text), 300)
		for ref, info := range part.Refs {
			got[ref] = info
		}
		parts++
		require.Less(t, parts, 100)
		if part.Next == "" {
			assert.False(t, part.Truncated)
			break
		}
		require.True(t, part.Truncated)
		cursor = part.Next
	}
	assert.Greater(t, parts, 3)
	assert.Equal(t, full.Refs, got, "the parts show every ref")

	_, err = e.Capture(ctx, snapshot.Options{Cursor: "x"})
	require.Error(t, err)
}

func TestFindShowsMatchesUnderHeadings(t *testing.T) {
	_, e, _ := openPage(t, "form")
	ctx := testContext(t)
	full, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	res, err := e.Capture(ctx, snapshot.Options{Find: "email"})
	require.NoError(t, err)
	t.Logf("find email:\n%s", res.Text)
	require.Positive(t, res.Matches)
	email := refByLine(t, full.Text, `textbox "Email"`)
	assert.Contains(t, res.Text, `textbox "Email" [ref=`+string(email)+`]`)
	assert.Less(t, len(res.Text), len(full.Text))
	for _, ln := range lines(res.Text) {
		assert.LessOrEqual(t, indentOf(ln), 1, "flat under its context: %q", ln)
	}
	re, err := e.Capture(ctx, snapshot.Options{Find: "/^textbox (Email|Name)/i"})
	require.NoError(t, err)
	assert.Contains(t, re.Text, `[ref=`+string(email)+`]`)
	_, err = e.Capture(ctx, snapshot.Options{Find: "/[/"})
	require.Error(t, err)
}
