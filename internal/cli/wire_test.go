package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/termtext"
	"github.com/agentbrowser/agentbrowser/request"
)

// The hand-written request reads back as encoding/json reads its own
// encoding of it, whatever its strings hold.
func FuzzWireRequestJSON(f *testing.F) {
	for _, s := range []string{"eval", "", "a\"b\\c\n\x01\té😀\u2028</script>&", "\xff\xfe", "\u2029x"} {
		f.Add(s, s, 5)
	}
	f.Fuzz(func(t *testing.T, cmd, tab string, ms int) {
		w := WireRequest{Command: cmd, Request: json.RawMessage(`{"expression":"1"}`), TimeoutMS: ms, Tab: tab, Build: tab, Exe: cmd}
		var got, want WireRequest
		require.NoError(t, json.Unmarshal(w.AppendJSON(nil), &got), "%s", w.AppendJSON(nil))
		b, err := json.Marshal(w)
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(b, &want))
		require.Equal(t, want, got)
	})
}

// A reply reads its fault and trim note when it has them, and leaves
// them nil when it does not.
func TestReplyReadsWhatItHas(t *testing.T) {
	var r Reply
	require.NoError(t, json.Unmarshal([]byte(`{"exit":0,"response":{"value":1}}`), &r))
	require.Equal(t, Reply{Response: json.RawMessage(`{"value":1}`)}, r)
	require.NoError(t, json.Unmarshal([]byte(`{"exit":1,"fault":{"code":"stale_ref","message":"m","next":"take a new snapshot"},"trimmed":null}`), &r))
	require.Equal(t, Reply{Exit: 1, Fault: &request.Fault{Code: events.CodeStaleRef, Message: "m", Next: events.StepSnapshot}}, r)
	require.NoError(t, json.Unmarshal([]byte(`{"exit":0,"response":{},"trimmed":{"fields":["a"],"size":9,"cap":8,"message":"x"},"replace":true}`), &r))
	require.Equal(t, &Trimmed{Fields: []string{"a"}, Size: 9, Cap: 8, Message: "x"}, r.Trimmed)
	require.True(t, r.Replace)
	require.Error(t, json.Unmarshal([]byte(`{"exit":"x"}`), &r))
	// Encoded by the daemon with encoding/json, read back the same.
	in := Reply{Exit: 1, Fault: &request.Fault{Code: events.CodeTimeout, Message: "late"}, Replace: true}
	b, err := json.Marshal(in)
	require.NoError(t, err)
	var back Reply
	require.NoError(t, json.Unmarshal(b, &back))
	require.Equal(t, in, back)
}

// Every line of the parser's fuzz seeds and corpus, and lines of every
// argument kind, send their request as request.Marshal writes it.
func TestWireRequestIsMarshal(t *testing.T) {
	lines := append([]string{}, parseArgsSeeds...)
	corpus, err := filepath.Glob("testdata/fuzz/FuzzParseArgs/*")
	require.NoError(t, err)
	for _, file := range corpus {
		b, err := os.ReadFile(file)
		require.NoError(t, err)
		_, arg, ok := strings.Cut(string(b), "\nstring(")
		require.True(t, ok, file)
		s, err := strconv.Unquote(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(arg), ")")))
		require.NoError(t, err, file)
		lines = append(lines, s)
	}
	for _, l := range [][]string{
		{"eval", "1+1"}, {"eval", "el => el.value", "--ref", `role=button[name="Save <&>"]`}, {"eval", "x", "--frame", "F1"},
		{"click", "e5"}, {"click", "@e5", "--double", "--button", "right", "--modifiers", "Shift,Alt"}, {"click", "--xy", "1.5,2e-7"},
		{"click", "text=\"a\u2028b\""}, {"click", "css=#a >> role=button[nth=2][checked=mixed][level=3]"},
		{"type", "e1", "a\"b\\c\n\x01\té😀\u2028</script>&\b\f\x7f\xff", "--clear", "--submit"},
		{"fill", "label=Email", "x@y"}, {"press", "Enter", "--ref", "e2"}, {"scroll", "e3", "--dx", "-5", "--dy", "7"},
		{"select", "e4", "a", "b"}, {"upload", "e8", "/tmp/a", "/tmp/b"}, {"drag", "e1", "e2", "--after"},
		{"drop", "e3", "/tmp/a", "--data", "text/plain=hi"}, {"resize", "10", "20"},
		{"mouse", "drag", "1", "2", "3", "4"}, {"mouse", "wheel", "-1", "5"}, {"mouse", "click", "1", "2", "--count", "2"},
		{"snapshot", "-i", "-d", "3", "-s", "e1", "--find", "/buy/i", "--max-chars", "500", "--cursor", "12", "--full", "--diff"},
		{"screenshot", "/tmp/x.png", "--full", "--format", "jpeg", "--quality", "5"}, {"wait", "--text", "t"},
		{"cdp", "Page.navigate", `{"url": "http://x/?a=1&b=<2>", "n": 1e21}`}, {"cdp", "Runtime.evaluate", ` [1, 2] `},
		{"route", "*/api/*", "--status", "200", "--body", "<b>hi</b>", "--header", "X-A: 1"}, {"route", "*", "--abort"},
		{"unroute"}, {"routes", "--offset", "3"}, {"find", "role=link", "--limit", "2"}, {"read", "e1", "--all"},
		{"is", "visible", "e1"}, {"get", "text", "e1"}, {"open", "http://x/?q=<a>&b"}, {"tab", "new", "http://x"},
		{"tab", "switch", "2"}, {"tab", "close"}, {"cookies", "set", "a", "b", "--url", "http://x/"},
		{"dialog", "accept", "--prompt-text", "txt"}, {"set", "network", "1", "2", "3"}, {"set", "cpu", "2.5"},
		{"pdf", "/tmp/x.pdf", "--landscape"}, {"console", "--all"}, {"network", "get", "7"},
		{"set", "headers", `{"b": "2", "a": "<1>"}`}, {"set", "viewport", "800", "600"}, {"set", "offline", "on"},
		{"set", "geolocation", "1.5", "2.5", "--accuracy", "3"}, {"set", "media", "dark"},
	} {
		lines = append(lines, strings.Join(l, "\x00"))
	}
	checked := 0
	for _, line := range lines {
		_, cmd, in, err := parseArgs(strings.Split(line, "\x00"))
		if err != nil || cmd.Local {
			continue
		}
		requireWireAsMarshal(t, cmd, in)
		checked++
	}
	require.Greater(t, checked, 40)
}

// ErrRequestTooLarge, written out, names the limit the daemon reads.
func TestErrRequestTooLargeNamesTheLimit(t *testing.T) {
	require.EqualError(t, ErrRequestTooLarge, Usagef("the request is larger than %d bytes (16 MiB), the most a daemon reads; nothing was run: send less (a shorter text or script)", MaxRequestBytes).Error())
	var ue *UsageError
	require.ErrorAs(t, ErrRequestTooLarge, &ue)
}

// A failure prints its code and message as they read back from the
// error's JSON form, details or not, whatever bytes they hold.
func TestEmitErrorBodyAsItsJSON(t *testing.T) {
	n := 3
	for _, e := range []events.ErrorBody{
		{Code: events.CodeStaleRef, Message: "ref e1 is stale; take a new snapshot", Details: events.ErrorDetails{Ref: "e1"}},
		{Code: events.CodeAmbiguousLocator, Message: "two\xffmatches \xe2\x80 <&> \u2028 \x01\x7f", Details: events.ErrorDetails{
			Locator: "text=x", Total: 2, Documents: &n, Matches: []events.LocatorMatch{{Ref: "e2", Role: "button"}},
			Extra: map[string]json.RawMessage{"plugin": json.RawMessage(`{"a":[1,2]}`)}}},
		{Code: events.Code("odd\xc3"), Message: ""},
	} {
		b, err := request.Marshal(e)
		require.NoError(t, err)
		var eb struct{ Code, Message string }
		require.NoError(t, json.Unmarshal(b, &eb))
		var out, errOut strings.Builder
		emit(&out, &errOut, false, map[string]any{"ok": false, "error": e})
		require.Empty(t, out.String())
		require.Equal(t, termtext.Escape(fmt.Sprintf("error [%s]: %s\n", eb.Code, eb.Message)), errOut.String())
	}
}
