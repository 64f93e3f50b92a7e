package mcpserver

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCapLongRuns(t *testing.T) {
	items := func(n int, indent string) string {
		var b []string
		for i := 1; i <= n; i++ {
			b = append(b, fmt.Sprintf(`%s- option "O%d" [ref=e%d]`, indent, i, 100+i))
		}
		return strings.Join(b, "\n")
	}
	list := "- listbox \"A [ref=e9]\" [ref=e5]:\n" + items(30, "  ") + "\n- button \"OK\" [ref=e6]"
	got := capLongRuns(list, wholeItemRoles)
	assert.Equal(t, "- listbox \"A [ref=e9]\" [ref=e5]:\n"+items(10, "  ")+
		"\n  - ... 20 more option lines: browser_snapshot with target e5 shows them all\n- button \"OK\" [ref=e6]", got)

	// 25 lines are shown whole; so are lines of other roles, and a run
	// broken by a line with lines under it.
	short := "- listbox [ref=e5]:\n" + items(25, "  ")
	assert.Equal(t, short, capLongRuns(short, wholeItemRoles))
	rows := strings.ReplaceAll(list, "option", "row")
	assert.Equal(t, rows, capLongRuns(rows, wholeItemRoles))
	assert.Contains(t, capLongRuns(rows, changedItemRoles), "- ... 20 more row lines")
	broken := "- listbox:\n" + items(15, "  ") + "\n  - option \"X\" [ref=e1]:\n    - text: x\n" + items(15, "  ")
	assert.Equal(t, broken, capLongRuns(broken, wholeItemRoles))

	// A parent without a ref of its own: a whole snapshot shows them.
	noRef := "- listbox: text [ref=e7]\n" + items(30, "  ")
	assert.True(t, strings.HasSuffix(capLongRuns(noRef, wholeItemRoles), "\n  - ... 20 more option lines: browser_snapshot shows them"))
}

func TestOwnRef(t *testing.T) {
	for line, want := range map[string]string{
		`- listbox "Countries" [ref=e5]:`:               "e5",
		`  - listbox "say \"[ref=e1]\"" [ref=e5]:`:      "e5",
		`- combobox [ref=e7] value="[ref=e9]"`:          "e7",
		`- paragraph: see [ref=e3]`:                     "",
		`- group:`:                                      "",
		`- clickable [hint="x"] [ref=e12] [nth=1]: a b`: "e12",
	} {
		assert.Equal(t, want, ownRef(line), line)
	}
}
