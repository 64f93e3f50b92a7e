package main_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

func TestCLIFramesCDPAndConsole(t *testing.T) {
	testutil.RequireChrome(t)
	srv := testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/top":
			fmt.Fprint(w, `<title>top</title><script>console.error('top-broke')</script>
<iframe name=same src="/leaf"></iframe><iframe name=cross src="{{CROSS}}/leaf"></iframe>`)
		default:
			fmt.Fprint(w, `<title>leaf</title><p>leaf</p>`)
		}
	}))
	c := newSharedCLI(t)
	c.ok("open", srv.MainURL("/top"))

	var same, cross string
	deadline := time.Now().Add(10 * time.Second)
	for same == "" || cross == "" {
		require.True(t, time.Now().Before(deadline), "frames did not appear")
		fr := c.ok("frames")
		for _, f := range fr["frames"].([]any) {
			f := f.(map[string]any)
			switch {
			case f["name"] == "same" && f["url"] == srv.MainURL("/leaf"):
				same = f["frame_id"].(string)
			case f["name"] == "cross" && f["is_oopif"] == true && f["url"] == srv.CrossURL("/leaf"):
				cross = f["frame_id"].(string)
			}
		}
	}

	const title = `{"expression":"document.title + ' ' + location.origin","returnByValue":true}`
	r := c.ok("cdp", "Runtime.evaluate", title, "--frame", cross)
	require.Equal(t, "leaf "+srv.CrossURL(""), r["result"].(map[string]any)["result"].(map[string]any)["value"])
	r = c.ok("cdp", "Runtime.evaluate", title)
	require.Equal(t, "top "+srv.MainURL(""), r["result"].(map[string]any)["result"].(map[string]any)["value"])

	o := c.json("cdp", "Runtime.evaluate", title, "--frame", same)
	require.Equal(t, 1, o.Exit)
	require.Equal(t, "same_origin_frame", o.errCode())
	require.Contains(t, o.Body["error"].(map[string]any)["message"], "contentDocument")
	require.Equal(t, "frame_not_found", c.json("cdp", "Runtime.evaluate", title, "--frame", "NOPE").errCode())
	require.Equal(t, "invalid_argument", c.json("cdp", "Runtime.evaluate", "{nope").errCode())
	require.Equal(t, "cdp_error", c.json("cdp", "Page.nothing").errCode())
	// The session shares its browser in a context of its own
	// (--isolated-context): what reaches beyond it is not sent.
	o = c.json("cdp", "Target.getTargets")
	require.Equal(t, "cdp_not_allowed", o.errCode(), o.Stdout)
	require.Equal(t, 1, o.Exit)
	require.Equal(t, 2, c.json("cdp").Exit)

	msgs := c.ok("console")["messages"].([]any)
	require.Len(t, msgs, 1)
	m := msgs[0].(map[string]any)
	require.Equal(t, "top-broke", m["text"])
	require.Equal(t, "error", m["level"])
	require.NotEmpty(t, m["frame_id"])
	c.ok("console", "--clear")
	require.Empty(t, c.ok("console", "--all")["messages"])
}
