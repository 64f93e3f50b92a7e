package snapshot

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
)

func TestFoldEchoesLines(t *testing.T) {
	ref := func(r string) *refEntry { return &refEntry{ref: events.Ref(r)} }
	text := func(lines []line) string {
		var b strings.Builder
		for _, s := range format(lines) {
			b.WriteString(strings.Repeat("  ", s.depth) + s.s + "\n")
		}
		return b.String()
	}
	for _, tc := range []struct {
		name string
		in   []line
		want string
	}{{
		name: "a wrapper's control moves up with what it holds",
		in: []line{
			{depth: 0, role: "clickable", name: "Search", entry: ref("e1")},
			{depth: 1, role: "combobox", name: "Search", entry: ref("e2")},
			{depth: 2, role: "listbox", entry: ref("e3")},
			{depth: 3, role: "option", name: "One", entry: ref("e4")},
			{depth: 0, role: "button", name: "Go", entry: ref("e5")},
		},
		want: "- combobox \"Search\" [ref=e2]:\n  - listbox [ref=e3]:\n    - option \"One\" [ref=e4]\n- button \"Go\" [ref=e5]\n",
	}, {
		name: "a cell with two things says both",
		in: []line{
			{depth: 0, role: "cell", name: "May 9", entry: ref("e1")},
			{depth: 1, role: "clickable", name: "May 9", entry: ref("e2")},
			{depth: 1, role: "clickable", name: "Meeting", entry: ref("e3")},
		},
		want: "- cell \"May 9\" [ref=e1]:\n  - clickable \"May 9\" [ref=e2]\n  - clickable \"Meeting\" [ref=e3]\n",
	}, {
		name: "a clickable with a state of its own stays",
		in: []line{
			{depth: 0, role: "cell", name: "May 9", entry: ref("e1")},
			{depth: 1, role: "clickable", name: "May 9", attrs: " [disabled]", entry: ref("e2")},
		},
		want: "- cell \"May 9\" [ref=e1]:\n  - clickable \"May 9\" [disabled] [ref=e2]\n",
	}, {
		name: "an unnamed clickable reading as its item folds",
		in: []line{
			{depth: 1, role: "listitem", name: "Release", entry: ref("e1")},
			{depth: 2, role: "clickable", entry: ref("e2")},
			{depth: 3, text: "Release"},
			{depth: 1, role: "listitem", name: "Other", entry: ref("e3")},
		},
		want: "  - listitem \"Release\" [ref=e1]\n  - listitem \"Other\" [ref=e3]\n",
	}, {
		name: "a wrapper around a control of another name stays",
		in: []line{
			{depth: 0, role: "clickable", name: "Card", entry: ref("e1")},
			{depth: 1, role: "button", name: "Buy", entry: ref("e2")},
		},
		want: "- clickable \"Card\" [ref=e1]:\n  - button \"Buy\" [ref=e2]\n",
	}, {
		name: "a tab's label beside its indicator is said once",
		in: []line{
			{depth: 0, role: "tab", name: "Profile", attrs: " [selected]", entry: ref("e1")},
			{depth: 1, text: "Profile"},
			{depth: 1, role: "clickable", entry: ref("e2")},
			{depth: 0, role: "tab", name: "Privacy", entry: ref("e3")},
			{depth: 1, text: "Privacy"},
		},
		want: "- tab \"Profile\" [selected] [ref=e1]:\n  - clickable [ref=e2]\n- tab \"Privacy\" [ref=e3]\n",
	}, {
		name: "text of another name, or not first, stays",
		in: []line{
			{depth: 0, role: "tab", name: "Profile", entry: ref("e1")},
			{depth: 1, text: "Your profile"},
			{depth: 0, role: "button", name: "Save", entry: ref("e2")},
			{depth: 1, role: "img", name: "disk"},
			{depth: 1, text: "Save"},
			{depth: 0, role: "heading", name: "Save"},
			{depth: 1, text: "Save"},
		},
		want: "- tab \"Profile\" [ref=e1]: Your profile\n- button \"Save\" [ref=e2]:\n  - img \"disk\"\n  - text: Save\n- heading \"Save\": Save\n",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			in := append([]line(nil), tc.in...)
			require.Equal(t, tc.want, text(foldEchoes(in)))
			require.Equal(t, tc.in, in, "the input lines are left as they were")
		})
	}
}
