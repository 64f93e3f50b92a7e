package snapshot_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// Elements a page keeps for the keyboard and screen readers, or that the
// pointer goes through, get no line of their own whatever handlers the
// page set on them: a focus proxy clipped to nothing (clip or clip-path)
// with no name and no text; the span of a select box's shown value, which
// lets the pointer through to its button, so that the button's line reads
// the value. A skip link hidden the same way keeps its line (it has text),
// and so does a pass-through wrapper whose child takes the pointer. A live
// region with nothing to announce yet has no line; one that says
// something keeps it.
func TestProxiesAndPassThrough(t *testing.T) {
	p, e, _ := openPage(t, "proxies")
	ctx := testContext(t)
	eventually(t, func() bool { return p.eval(ctx, "document.title") == `"Proxies (loaded)"` })
	res, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	t.Log("\n" + res.Text)
	assert.NotRegexp(t, `clickable( \[hint=[^\]]*\])? \[ref=e\d+\]\n`, res.Text, "a focus proxy clipped to nothing")
	assert.Regexp(t, `combobox "Theme" \[ref=e\d+\]: Light\n`, res.Text, "the shown value is the combobox's text")
	assert.NotRegexp(t, `clickable \[ref=e\d+\]: Light`, res.Text)
	assert.Contains(t, res.Text, `link "Skip to content"`)
	assert.NotRegexp(t, `- (status|log|alert)\n`, res.Text+"\n", "an empty live region")
	assert.Contains(t, res.Text, "- status: 3 results")
	assert.Regexp(t, `clickable \[ref=e\d+\]: Reset`, res.Text, "a wrapper whose child takes the pointer keeps its evidence")
}
