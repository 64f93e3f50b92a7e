package snapshot

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
)

func TestRender(t *testing.T) {
	btn := &refEntry{ref: "e1"}
	link := &refEntry{ref: "e2"}
	cases := []struct {
		name  string
		lines []line
		want  string
	}{
		{"empty", nil, ""},
		{"quoting", []line{{role: "button", name: `Say "hi" \ bye`, entry: btn}},
			`- button "Say \"hi\" \\ bye" [ref=e1]`},
		{"nth and value", []line{{role: "textbox", name: "Email", entry: btn, nth: 2, value: "a@b.c"}},
			`- textbox "Email" [ref=e1] [nth=2] value="a@b.c"`},
		{"nth 0 is not printed", []line{{role: "link", name: "x", entry: link}},
			`- link "x" [ref=e2]`},
		{"children get a colon", []line{
			{role: "list"},
			{depth: 1, role: "listitem"},
			{depth: 2, text: "Apples"},
			{depth: 2, role: "button", name: "Remove", entry: btn},
		}, "- list:\n  - listitem:\n    - text: Apples\n    - button \"Remove\" [ref=e1]"},
		{"only a text child goes on the line", []line{
			{role: "paragraph"},
			{depth: 1, text: "Hello"},
			{role: "heading", name: "H", attrs: " [level=2]"},
		}, "- paragraph: Hello\n- heading \"H\" [level=2]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := render(c.lines, view{})
			assert.Equal(t, c.want, r.text)
			assert.False(t, r.truncated)
		})
	}
}

func TestRenderMaxChars(t *testing.T) {
	var ls []line
	for range 50 {
		ls = append(ls, line{role: "button", name: strings.Repeat("x", 20)})
	}
	full := render(ls, view{})
	assert.Equal(t, 50, full.nodes)
	for _, limit := range []int{100, 150, 500, 1000, len(full.text) - 1} {
		r := render(ls, view{maxChars: limit})
		assert.LessOrEqual(t, len(r.text), limit, "limit %d", limit)
		assert.True(t, r.truncated)
		assert.Equal(t, 50, r.nodes)
		got := strings.Split(r.text, "\n")
		assert.Equal(t, 50-r.omitted, len(got)-1)
		assert.Equal(t, cutLine(r.omitted, 50-r.omitted), got[len(got)-1])
	}
	r := render(ls, view{maxChars: len(full.text)})
	assert.False(t, r.truncated)
	assert.Equal(t, full.text, r.text)
}

func TestParseRecords(t *testing.T) {
	const sep = "\x7f"
	s := strings.Join([]string{"H", "http://x/", "T", "1", "3",
		"E", "0", "main", "", "",
		"X", "1", "button", "Go", "7", "2", " [disabled]", "", "1", "0",
		"T", "1", "hello",
		"F", "1", "9",
		"E", "0", "generic", "", ""}, sep)
	r, err := parseRecords(s)
	if assert.NoError(t, err) {
		assert.Equal(t, "http://x/", r.url)
		assert.True(t, r.scopeFound)
		assert.Equal(t, 3, r.elements)
		assert.Equal(t, []record{
			{role: "main"},
			{depth: 1, role: "button", name: "Go", id: 7, nth: 2, attrs: " [disabled]", frame: 1},
			{text: true, depth: 1, t: "hello"},
			{role: "generic"},
		}, r.recs)
		assert.Equal(t, map[int]int64{1: 9}, r.frames)
	}
	head := "H" + sep + "u" + sep + "t" + sep + "1" + sep + "0" + sep
	for _, bad := range []string{"", "E", head + "E" + sep + "x", head + "Q", "H" + sep + "u"} {
		_, err := parseRecords(bad)
		assert.Error(t, err, "%q", bad)
	}
}

func TestRenderCursorWalksEveryLineOnce(t *testing.T) {
	var ls []line
	for i := range 40 {
		ls = append(ls, line{role: "list"}, line{depth: 1, role: "link", name: "item " + strings.Repeat("y", i%7), entry: &refEntry{ref: events.Ref("e" + strconv.Itoa(i+1))}})
	}
	full := render(ls, view{})
	var parts []string
	seen := map[events.Ref]int{}
	cursor := 0
	for step := 0; ; step++ {
		require.Less(t, step, 100, "the cursor does not move on")
		r := render(ls, view{maxChars: 200, cursor: cursor})
		assert.LessOrEqual(t, len(r.text), 200)
		got := strings.Split(r.text, "\n")
		if r.next == "" {
			assert.False(t, r.truncated)
			parts = append(parts, got...)
		} else {
			assert.True(t, r.truncated)
			assert.Equal(t, cutLine(r.omitted, mustAtoi(t, r.next)), got[len(got)-1])
			parts = append(parts, got[:len(got)-1]...)
		}
		for _, en := range r.entries {
			seen[en.ref]++
		}
		if r.next == "" {
			break
		}
		next := mustAtoi(t, r.next)
		require.Greater(t, next, cursor)
		if cursor > 0 {
			// A part after the first starts under its first line's
			// ancestors, here the list.
			assert.Equal(t, "- list:", got[0])
		}
		cursor = next
	}
	// Every line of the whole text is in some part; list lines repeat as
	// context only.
	var noCtx []string
	for _, p := range parts {
		if p != "- list:" {
			noCtx = append(noCtx, p)
		}
	}
	var want []string
	for _, l := range strings.Split(full.text, "\n") {
		if l != "- list:" {
			want = append(want, l)
		}
	}
	assert.Equal(t, want, noCtx)
	assert.Len(t, seen, 40)
	for ref, n := range seen {
		assert.Equal(t, 1, n, "%s shown once", ref)
	}
}

func TestRenderCursorPastTheEnd(t *testing.T) {
	ls := []line{{role: "button", name: "Go"}}
	r := render(ls, view{cursor: 5})
	assert.Equal(t, "", r.text)
	assert.Equal(t, "", r.next)
}

func TestRenderLongLineAloneStillMovesOn(t *testing.T) {
	ls := []line{{role: "button", name: strings.Repeat("é", 300)}, {role: "link", name: "x"}}
	r := render(ls, view{maxChars: 100})
	assert.LessOrEqual(t, len(r.text), 100)
	assert.True(t, r.truncated)
	assert.Equal(t, "1", r.next)
	assert.True(t, utf8.ValidString(r.text))
	r = render(ls, view{maxChars: 100, cursor: 1})
	assert.Equal(t, `- link "x"`, r.text)
}

func TestRenderFind(t *testing.T) {
	ref := func(n string) *refEntry { return &refEntry{ref: events.Ref(n)} }
	ls := []line{
		{role: "navigation", name: ""},
		{depth: 1, role: "link", name: "Cart", entry: ref("e1")},
		{depth: 1, role: "link", name: "Help", entry: ref("e2")},
		{role: "main"},
		{depth: 1, role: "heading", name: "Mugs", attrs: " [level=2]", entry: ref("e3")},
		{depth: 1, role: "list"},
		{depth: 2, role: "listitem"},
		{depth: 3, role: "link", name: "Blue mug", entry: ref("e4")},
		{depth: 3, role: "button", name: "Add to cart", entry: ref("e5")},
		{depth: 2, role: "listitem"},
		{depth: 3, role: "paragraph"},
		{depth: 4, text: "Out of stock: the red mug"},
		{depth: 1, role: "heading", name: "Cups", attrs: " [level=2]", entry: ref("e6")},
		{depth: 1, role: "textbox", name: "Note", value: "cart note", entry: ref("e7")},
		{role: "button", name: "cart outside", entry: ref("e8")},
	}
	cases := []struct {
		find, want string
		matches    int
	}{
		{"CART", "- navigation\n  - link \"Cart\" [ref=e1]\n" +
			"- heading \"Mugs\" [level=2] [ref=e3]\n  - button \"Add to cart\" [ref=e5]\n" +
			"- heading \"Cups\" [level=2] [ref=e6]\n  - textbox \"Note\" [ref=e7] value=\"cart note\"\n  - button \"cart outside\" [ref=e8]", 4},
		{"/^link (Blue|Help)/", "- navigation\n  - link \"Help\" [ref=e2]\n- heading \"Mugs\" [level=2] [ref=e3]\n  - link \"Blue mug\" [ref=e4]", 2},
		{"/red MUG/i", "- heading \"Mugs\" [level=2] [ref=e3]\n  - paragraph: Out of stock: the red mug", 1},
		{"mugs", "- heading \"Mugs\" [level=2] [ref=e3]", 1},
		{"nothing like it", "", 0},
	}
	for _, c := range cases {
		t.Run(c.find, func(t *testing.T) {
			m, err := parseFind(c.find)
			require.NoError(t, err)
			r := render(ls, view{find: m})
			assert.Equal(t, c.want, r.text)
			assert.Equal(t, c.matches, r.matches)
		})
	}
	for _, bad := range []string{"/(/", "   ", strings.Repeat("x", findMax+1)} {
		_, err := parseFind(bad)
		assert.Error(t, err, "%q", bad)
	}
}

func TestRefRanges(t *testing.T) {
	refs := []events.Ref{"e9", "e4", "e5", "e6", "e12", "e13", "e20"}
	s := refRanges(refs)
	assert.Equal(t, "e4-e6,e9,e12-e13,e20", s)
	assert.Equal(t, []string{"e4", "e5", "e6", "e9", "e12", "e13", "e20"}, expandRefs(s))
	line := `- navigation [ref=e3] [` + repeatNote(refs) + `]`
	assert.Equal(t, []string{"e3", "e4", "e5", "e6", "e9", "e12", "e13", "e20"}, refsOf(line))
	assert.Equal(t, "e1", refRanges([]events.Ref{"e1"}))
	assert.Empty(t, expandRefs("x1,e5-e2,e"))
}

func mustAtoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	require.NoError(t, err)
	return n
}
