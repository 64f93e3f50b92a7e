package snapshot

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
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
			r := render(c.lines, 0)
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
	full := render(ls, 0)
	assert.Equal(t, 50, full.nodes)
	for _, limit := range []int{100, 150, 500, 1000, len(full.text) - 1} {
		r := render(ls, limit)
		assert.LessOrEqual(t, len(r.text), limit, "limit %d", limit)
		assert.True(t, r.truncated)
		assert.Equal(t, 50, r.nodes)
		got := strings.Split(r.text, "\n")
		assert.Equal(t, 50-r.omitted, len(got)-1)
		assert.Equal(t, cutLine(r.omitted), got[len(got)-1])
	}
	r := render(ls, len(full.text))
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
