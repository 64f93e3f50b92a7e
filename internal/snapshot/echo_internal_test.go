package snapshot

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
)

func TestFoldEchoesLines(t *testing.T) {
	ref, text := lineRef, linesText
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

func TestQuietCellsAndNamedWrappers(t *testing.T) {
	ref, text := lineRef, linesText
	for _, tc := range []struct {
		name string
		in   []line
		want string
	}{{
		name: "a cell named by its controls leaves its name out, and its nth",
		in: []line{
			{depth: 0, role: "cell", name: "Edit Delete", entry: ref("e1"), nth: 2},
			{depth: 1, role: "button", name: "Edit", entry: ref("e2")},
			{depth: 1, role: "button", name: "Delete", entry: ref("e3")},
		},
		want: "- cell [ref=e1]:\n  - button \"Edit\" [ref=e2]\n  - button \"Delete\" [ref=e3]\n",
	}, {
		name: "a cell of its own words, of text, or a header keeps its name",
		in: []line{
			{depth: 0, role: "cell", name: "Ben's Edit", entry: ref("e1")},
			{depth: 1, role: "button", name: "Edit", entry: ref("e2")},
			{depth: 0, role: "cell", name: "Total 4", entry: ref("e3")},
			{depth: 1, text: "Total"},
			{depth: 1, role: "button", name: "4", entry: ref("e4")},
			{depth: 0, role: "columnheader", name: "Qty", entry: ref("e5")},
			{depth: 1, role: "button", name: "Qty", entry: ref("e6")},
			{depth: 0, role: "cell", name: "May 9", entry: ref("e7")},
			{depth: 1, role: "clickable", name: "May 9", entry: ref("e8")},
			{depth: 1, role: "clickable", name: "x", entry: ref("e9")},
		},
		want: "- cell \"Ben's Edit\" [ref=e1]:\n  - button \"Edit\" [ref=e2]\n" +
			"- cell \"Total 4\" [ref=e3]:\n  - text: Total\n  - button \"4\" [ref=e4]\n" +
			"- columnheader \"Qty\" [ref=e5]:\n  - button \"Qty\" [ref=e6]\n" +
			"- cell \"May 9\" [ref=e7]:\n  - clickable \"May 9\" [ref=e8]\n  - clickable \"x\" [ref=e9]\n",
	}, {
		name: "a clickable named by all it holds leaves its name out",
		in: []line{
			{depth: 0, role: "clickable", name: "Select all Item  Qty", entry: ref("e1")},
			{depth: 1, role: "row"},
			{depth: 2, role: "gridcell", name: "Select all", entry: ref("e2")},
			{depth: 2, role: "columnheader", name: "Item", entry: ref("e3")},
			{depth: 2, text: "Qty"},
			{depth: 0, role: "clickable", name: "Design review Launch", entry: ref("e4")},
			{depth: 1, role: "clickable", name: "Design review", entry: ref("e5")},
			{depth: 0, role: "clickable", name: "Card Buy", entry: ref("e6")},
			{depth: 1, role: "button", name: "Buy", entry: ref("e7")},
			{depth: 0, role: "clickable", name: "Close", entry: ref("e8")},
			{depth: 1, role: "img", name: "Close", entry: ref("e9")},
		},
		want: "- clickable [ref=e1]:\n  - row:\n    - gridcell \"Select all\" [ref=e2]\n    - columnheader \"Item\" [ref=e3]\n    - text: Qty\n" +
			"- clickable \"Design review Launch\" [ref=e4]:\n  - clickable \"Design review\" [ref=e5]\n" +
			"- clickable \"Card Buy\" [ref=e6]:\n  - button \"Buy\" [ref=e7]\n" +
			"- clickable \"Close\" [ref=e8]:\n  - img \"Close\" [ref=e9]\n",
	}, {
		name: "a wrapper of no ref named as the control it holds goes",
		in: []line{
			{depth: 0, role: "cell", name: "Select row", entry: ref("e1")},
			{depth: 1, role: "generic", name: "Select row"},
			{depth: 2, role: "checkbox", name: "Select row", attrs: " [checked]", entry: ref("e2")},
			{depth: 0, role: "generic", name: "Pick"},
			{depth: 1, role: "checkbox", name: "Pick", entry: ref("e3")},
			{depth: 1, role: "checkbox", name: "Other", entry: ref("e4")},
			{depth: 0, role: "group", name: "Size"},
			{depth: 1, role: "radio", name: "Size", entry: ref("e5")},
		},
		want: "- cell [ref=e1]:\n  - checkbox \"Select row\" [checked] [ref=e2]\n" +
			"- generic \"Pick\":\n  - checkbox \"Pick\" [ref=e3]\n  - checkbox \"Other\" [ref=e4]\n" +
			"- group \"Size\":\n  - radio \"Size\" [ref=e5]\n",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			in := append([]line(nil), tc.in...)
			require.Equal(t, tc.want, text(quietCells(liftNamedWrappers(in))))
			require.Equal(t, tc.in, in, "the input lines are left as they were")
		})
	}
}

func TestDropEchoLines(t *testing.T) {
	ref, text := lineRef, linesText
	in := []line{
		{depth: 0, role: "form"},
		{depth: 1, role: "clickable", entry: ref("e1")},
		{depth: 2, role: "clickable", entry: ref("e2")},
		{depth: 3, role: "textbox", name: "Office", entry: ref("e3")},
		{depth: 3, role: "clickable", attrs: ` [hint="icon"]`, entry: ref("e4")},
		{depth: 1, text: "Skills"},
		{depth: 1, role: "group", name: "Skills", entry: ref("e5")},
		{depth: 2, role: "checkbox", name: "Go", entry: ref("e6")},
		{depth: 1, text: "Seniority level"},
		{depth: 1, role: "slider", name: "Seniority", entry: ref("e7")},
		{depth: 1, role: "clickable", entry: ref("e8")},
		{depth: 2, role: "clickable", entry: ref("e9")},
		{depth: 2, role: "button", name: "Go", entry: ref("e10")},
		{depth: 1, text: "Note"},
		{depth: 2, role: "textbox", name: "Note", entry: ref("e11")},
	}
	want := "- form:\n" +
		"  - clickable [ref=e2]:\n    - textbox \"Office\" [ref=e3]\n    - clickable [hint=\"icon\"] [ref=e4]\n" +
		"  - group \"Skills\" [ref=e5]:\n    - checkbox \"Go\" [ref=e6]\n" +
		"  - text: Seniority level\n  - slider \"Seniority\" [ref=e7]\n" +
		"  - clickable [ref=e8]:\n    - clickable [ref=e9]\n    - button \"Go\" [ref=e10]\n" +
		"  - text: Note\n    - textbox \"Note\" [ref=e11]\n"
	orig := append([]line(nil), in...)
	require.Equal(t, want, text(dropEchoLines(in)))
	require.Equal(t, orig, in, "the input lines are left as they were")
}

// lineRef is a ref entry for a test line.
func lineRef(r string) *refEntry { return &refEntry{ref: events.Ref(r)} }

// linesText prints lines as the snapshot does, two spaces a level.
func linesText(lines []line) string {
	var b strings.Builder
	for _, s := range format(lines) {
		b.WriteString(strings.Repeat("  ", s.depth) + s.s + "\n")
	}
	return b.String()
}
