package snapshot_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestEchoesFold checks that a cell, an item or a wrapper that only
// repeats the one element it holds is one line, and that what is left
// over still says everything: the page's own text, the controls, and a
// wrapper whose content is no control.
func TestEchoesFold(t *testing.T) {
	res := captureGolden(t, "echoes")
	for _, l := range []string{
		`- cell "May 1" [ref=`,   // a link kept 1 px wide for screen readers
		`- cell "May 2" [ref=`,   // a clickable that reads as its cell
		`- listitem "Standup" [`, // an item holding one clickable of its name
		`- slider "Volume" [ref=`,
	} {
		require.Contains(t, res.Text, l)
	}
	// What says something of its own stays: a clickable that reads
	// otherwise than its cell, and a wrapper around an image.
	require.Contains(t, res.Text, `- clickable [ref=`)
	require.Contains(t, res.Text, `the third`)
	require.Contains(t, res.Text, `- img "Close" [ref=`)
	require.NotContains(t, res.Text, `clickable "May 1"`)
	require.NotContains(t, res.Text, `clickable "Volume"`)
	// An unnamed wrapper of one control (and of the text its name says)
	// is the control; one of two controls, or of other text, stays.
	require.Contains(t, res.Text, "\n- textbox \"Display name\" [ref=")
	require.Contains(t, res.Text, "\n- button \"Delete account\" [ref=")
	require.NotContains(t, res.Text, "text: Display name")
	require.Contains(t, res.Text, "- clickable [ref=e17]:\n  - button \"One\"")
	require.Contains(t, res.Text, "  - text: Nickname\n  - textbox \"Alias\"")
	// A part of a control that script listens on but that shows and names
	// nothing is the control's; one with a name of its own is a thing to
	// act on.
	require.Regexp(t, `\n  - tab "Profile" \[selected\] \[ref=e\d+\]\n`, res.Text)
	require.Regexp(t, `\n- button "Send" \[ref=e\d+\]\n`, res.Text)
	require.Regexp(t, `\n- button "Tag one Remove Tag one" \[ref=e\d+\]:\n  - clickable "Remove Tag one" \[ref=`, res.Text)
	// Empty lines that only group say nothing: a status region, a table
	// whose row shows nothing, a paragraph.
	require.NotRegexp(t, `(?m)^- (status|table|paragraph)$`, res.Text)
	// A column header's label beside its resize grip: the header and the
	// grip.
	require.Regexp(t, `\n    - columnheader "Qty" \[ref=e\d+\]:\n      - clickable \[hint="qgrip"\] \[ref=e\d+\]\n  - row:`, res.Text)
	// A cell named only by the controls in it says no name of its own
	// (nor the nth of that name); one with words of its own keeps them.
	require.Regexp(t, `\n    - cell \[ref=e\d+\]:\n      - checkbox "Select Ann" \[ref=e\d+\]\n`, res.Text)
	require.Regexp(t, `\n    - cell \[ref=e\d+\]:\n      - button "Edit" \[ref=e\d+\] \[nth=1\]\n      - button "Delete" \[ref=e\d+\] \[nth=1\]\n`, res.Text)
	require.Regexp(t, `\n    - cell "Ben's Edit" \[ref=e\d+\]:\n      - button "Edit"`, res.Text)
	// A wrapper that holds controls is told by them, not by a hint: one
	// around a field is the field.
	require.Regexp(t, `\n- textbox "Full name" \[ref=e\d+\]\n- clickable \[ref=e\d+\]:\n  - button "Left"`, res.Text)
	require.NotContains(t, res.Text, "wrap")
	// A label drawn before its control says the control's name: the
	// control's line says it.
	require.Regexp(t, `\n- form:\n  - group "Skills" \[ref=e\d+\]:\n`, res.Text)
	require.NotContains(t, res.Text, "text: Skills")
}
