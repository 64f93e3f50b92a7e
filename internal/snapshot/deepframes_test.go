package snapshot_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// TestDeepFramesMarkedAndReachable nests ten cross-site frames, each in
// its own process: the snapshot inlines MaxFrameNesting of them, marks
// the next iframe with the way to see it and says it is truncated; a
// capture scoped to that iframe shows the rest.
func TestDeepFramesMarkedAndReachable(t *testing.T) {
	const levels = 10
	s := newServers(t)
	for k := 0; k <= levels; k++ {
		body := fmt.Sprintf(`<!doctype html><title>Level %d</title><h2>Level %d</h2>`, k, k)
		if k < levels {
			next := s.url(fmt.Sprintf("/deep%d.html", k+1))
			if k%2 == 0 {
				next = s.otherURL(fmt.Sprintf("/deep%d.html", k+1))
			}
			body += fmt.Sprintf(`<iframe title="Level %d" src=%q style="width:90%%;height:500px"></iframe>`, k+1, next)
		}
		s.add(fmt.Sprintf("/deep%d.html", k), body)
	}
	p := newPage(t)
	ctx := testContext(t)
	p.navigate(ctx, s.url("/deep0.html"))
	e := snapshot.New(p.client, "", newTestFrames(t))

	var res *snapshot.Result
	eventually(t, func() bool {
		var err error
		res, err = e.Capture(ctx, snapshot.Options{})
		require.NoError(t, err)
		return regexp.MustCompile(fmt.Sprintf(`heading "Level %d"`, snapshot.MaxFrameNesting)).MatchString(res.Text)
	})
	require.NotContains(t, res.Text, fmt.Sprintf(`heading "Level %d"`, snapshot.MaxFrameNesting+1))
	require.True(t, res.Truncated, "a cut frame makes the snapshot truncated:\n%s", res.Text)
	m := regexp.MustCompile(`(?m)^( *)- iframe "Level 9" \[ref=(e\d+)\]:\n( *)- \.\.\. frame content not shown: frames nest more than 8 deep here; see it with snapshot --scope (e\d+)$`).FindStringSubmatch(res.Text)
	require.NotNil(t, m, "a marker under the ninth iframe:\n%s", res.Text)
	require.Equal(t, m[2], m[4], "the marker names its iframe's ref")
	require.Equal(t, len(m[1])+2, len(m[3]), "the marker is indented under its iframe")

	var scoped *snapshot.Result
	eventually(t, func() bool {
		var err error
		scoped, err = e.Capture(ctx, snapshot.Options{Scope: events.Ref(m[2])})
		require.NoError(t, err)
		return regexp.MustCompile(`heading "Level 10"`).MatchString(scoped.Text)
	})
	require.Contains(t, scoped.Text, `heading "Level 9"`)
	require.False(t, scoped.Truncated, scoped.Text)
}
