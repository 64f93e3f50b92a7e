package mcpserver_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/mcpserver"
	"github.com/agentbrowser/agentbrowser/request/runner"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// shopChrome is the banner, navigation and footer every page of the test
// shop repeats.
const shopChrome = `<header><a href="/">Shop</a><nav aria-label="Account"><a href="/account">Account</a> <a href="/cart">Cart</a></nav></header>
<nav aria-label="Categories"><ul><li><a href="/c/1">Kitchen</a></li><li><a href="/c/2">Garden</a></li><li><a href="/c/3">Bath</a></li><li><a href="/c/4">Office</a></li></ul></nav>`

const shopFooter = `<footer><ul><li><a href="/help">Help</a></li><li><a href="/terms">Terms</a></li><li><a href="/privacy">Privacy</a></li></ul></footer>`

// shop serves pages that share their site chrome: /, /checkout (a prompt,
// a form, a list long enough to cut) and /widgets (a drag source and
// target, a slider).
func shop(t *testing.T) *httptest.Server {
	testkit.Endpoint(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		page := func(title, main string) {
			fmt.Fprintf(w, "<!doctype html><title>%s</title>%s<main>%s</main>%s", title, shopChrome, main, shopFooter)
		}
		switch r.URL.Path {
		case "/":
			page("Home", `<h1>Welcome</h1><p>Everything for your home.</p><a href="/checkout">Checkout</a>`)
		case "/checkout":
			var items strings.Builder
			for i := range 60 {
				fmt.Fprintf(&items, "<li>Item number %d in the basket</li>", i)
			}
			page("Checkout", `<h1>Checkout</h1>
<label>Full name <input id=name></label>
<label><input type=checkbox id=gift> Gift wrap</label>
<label>Country <select id=country><option value="">Choose</option><option value=fr>France</option></select></label>
<label>Stars <input type=range id=stars min=0 max=10 value=2></label>
<button id=coupon>Apply coupon</button> <span id=out></span>
<button onclick="this.textContent='clicked ' + document.getElementById('name').value">Send</button>
<h2>Basket</h2><ul>`+items.String()+`</ul>
<script>document.getElementById('coupon').onclick = () => { const c = prompt('Coupon code?'); if (c) out.textContent = 'Coupon ' + c + ' applied'; };
document.getElementById('stars').oninput = (e) => { out.textContent = 'stars ' + e.target.value; };</script>`)
		case "/widgets":
			page("Widgets", `<div id=src draggable=true role=button aria-label=source style="width:80px;height:40px;background:#faa">drag me</div>
<div id=dst role=button aria-label=target style="width:80px;height:40px;background:#aaf">drop here</div><p id=out>none</p>
<script>src.addEventListener('dragstart', e => e.dataTransfer.setData('text', 'x'));
dst.addEventListener('dragover', e => e.preventDefault());
dst.addEventListener('drop', e => { e.preventDefault(); out.textContent = 'dropped' });</script>`)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// client is an MCP client of a server on a session of its own.
type client struct {
	t  *testing.T
	cs *mcp.ClientSession
}

func connect(t *testing.T, mode mcpserver.SnapshotMode) *client {
	t.Helper()
	return connectWith(t, mcpserver.Options{SnapshotMode: mode})
}

// connectWith is connect with the server's options (Open is set here).
func connectWith(t *testing.T, opts mcpserver.Options) *client {
	t.Helper()
	m, err := standard.NewManager()
	require.NoError(t, err)
	s := testkit.Session(t, session.Config{Extensions: []session.Extension{m}})
	opts.Open = mcpserver.Shared(runner.NewBrowser(s))
	server, err := mcpserver.New(opts)
	require.NoError(t, err)
	ct, st := mcp.NewInMemoryTransports()
	ss, err := server.SDK().Connect(t.Context(), st, nil)
	require.NoError(t, err)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(t.Context(), ct, nil)
	require.NoError(t, err)
	t.Cleanup(func() {
		cs.Close()
		ss.Wait()
		server.Wait()
	})
	return &client{t: t, cs: cs}
}

// call runs a tool that must succeed and returns its text and structured
// content.
func (c *client) call(name string, args map[string]any) (string, map[string]any) {
	c.t.Helper()
	res, err := c.cs.CallTool(c.t.Context(), &mcp.CallToolParams{Name: name, Arguments: args})
	require.NoError(c.t, err)
	require.False(c.t, res.IsError, "%s: %s", name, text(res))
	return text(res), structuredOf(c.t, res)
}

// fail runs a tool that must fail and returns its error code and text.
func (c *client) fail(name string, args map[string]any) (string, string) {
	c.t.Helper()
	res, err := c.cs.CallTool(c.t.Context(), &mcp.CallToolParams{Name: name, Arguments: args})
	require.NoError(c.t, err)
	require.True(c.t, res.IsError, "%s should fail: %s", name, text(res))
	e, _ := structuredOf(c.t, res)["error"].(map[string]any)
	code, _ := e["code"].(string)
	return code, text(res)
}

func structuredOf(t *testing.T, res *mcp.CallToolResult) map[string]any {
	t.Helper()
	b, err := json.Marshal(res.StructuredContent)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	return m
}

// refOf finds the ref on the line with this role and name.
func refOf(t *testing.T, text, role, name string) string {
	t.Helper()
	m := regexp.MustCompile(regexp.QuoteMeta(role+` "`+name+`"`) + `[^\n]*\[ref=(e\d+)\]`).FindStringSubmatch(text)
	require.NotNil(t, m, "no %s %q in:\n%s", role, name, text)
	return m[1]
}

// records are what a model's text never holds: timestamps, tab and frame
// ids, JSON objects.
var records = regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:|[0-9A-F]{32}|\{"\w+":`)

// A dialog answer is one line, and the page state after it is only what
// the answer changed; ids and timestamps are in structuredContent only.
func TestDialogAnswerSaysWhatChanged(t *testing.T) {
	srv := shop(t)
	c := connect(t, mcpserver.Incremental)
	out, _ := c.call("browser_navigate", map[string]any{"url": srv.URL + "/checkout"})
	coupon := refOf(t, out, "button", "Apply coupon")

	out, sc := c.call("browser_click", map[string]any{"target": coupon})
	assert.Contains(t, out, `prompt dialog: "Coupon code?": answer it with browser_handle_dialog`)
	assert.NotContains(t, out, "Page Title", "a blocked page's title is not the page's")
	assert.NotContains(t, out, "blocked by", "the modal state says it once")
	assert.NotRegexp(t, records, out)
	opened := sc["dialog_opened"].(map[string]any)
	assert.Equal(t, "Coupon code?", opened["message"])
	assert.NotEmpty(t, opened["opened_at"])

	out, sc = c.call("browser_handle_dialog", map[string]any{"accept": true, "promptText": "SAVE10"})
	lines := strings.Split(out, "\n")
	assert.Equal(t, `Accepted the prompt "Coupon code?" with "SAVE10"`, lines[0])
	assert.Contains(t, out, "### Snapshot changes\n")
	assert.Contains(t, out, "Coupon SAVE10 applied")
	assert.NotContains(t, out, "Item number", "only what the answer changed")
	assert.NotContains(t, out, "Page URL", "the url did not change")
	assert.NotRegexp(t, records, out)
	assert.Less(t, len(out), 300, out)
	d := sc["dialog"].(map[string]any)
	assert.Equal(t, "SAVE10", d["prompt_text"])
	assert.NotEmpty(t, d["closed_at"])
	assert.NotEmpty(t, d["tab_id"])
	page := sc["page"].(map[string]any)
	assert.Equal(t, false, page["full"])
	assert.EqualValues(t, 1, page["changed_lines"])
}

// Every action's text says what changed and nothing else: no url when it
// stayed, refs removed by a navigation as ranges, no action records; the
// structured content keeps what docs/mcp.md lists.
func TestActionTextSaysWhatChanged(t *testing.T) {
	srv := shop(t)
	c := connect(t, mcpserver.Incremental)
	out, sc := c.call("browser_navigate", map[string]any{"url": srv.URL + "/"})
	assert.Contains(t, out, "- Page URL: "+srv.URL+"/\n- Page Title: Home")
	assert.Equal(t, srv.URL+"/", sc["url"])
	assert.Equal(t, "Home", sc["title"])
	assert.Contains(t, sc, "page")
	home := out
	checkout := refOf(t, out, "link", "Checkout")

	out, sc = c.call("browser_click", map[string]any{"target": checkout})
	assert.Contains(t, out, "- Page Title: Checkout")
	assert.NotContains(t, out, "Kitchen", "the site chrome is said once")
	assert.NotRegexp(t, records, out)
	assert.NotContains(t, sc, "tab_id", "the page state names the tab")
	page := sc["page"].(map[string]any)
	for _, k := range []string{"url", "title", "tab_id", "mode", "full", "changed_lines", "changed_refs", "removed_refs", "pending_dialogs", "console_errors", "navigated"} {
		assert.Contains(t, page, k)
	}
	assert.Contains(t, sc, "details", "where the click landed")

	name := refOf(t, out, "textbox", "Full name")
	out, sc = c.call("browser_type", map[string]any{"target": name, "text": "Ada"})
	assert.Equal(t, "Done: Type text\n### Snapshot changes", strings.Join(strings.Split(out, "\n")[:2], "\n"), out)
	assert.Contains(t, out, `textbox "Full name" [ref=`+name+`] value="Ada"`)
	assert.NotContains(t, out, "Page URL")
	assert.Equal(t, "Ada", sc["details"].(map[string]any)["value"])

	out, _ = c.call("browser_click", map[string]any{"target": refOf(t, out, "textbox", "Full name")})
	assert.Contains(t, out, "### Snapshot: no change")

	// Back home by the banner's link, whose ref the collapsed banner
	// listed: the checkout's refs are gone, said as a range.
	out, _ = c.call("browser_click", map[string]any{"target": refOf(t, home, "link", "Shop")})
	assert.Contains(t, out, "- Page Title: Home")
	assert.Regexp(t, `\n- Removed refs: e\d+-e\d+`, out)
}

// The read tools' text lists what they found one item a line, without
// records.
func TestReadToolsText(t *testing.T) {
	srv := shop(t)
	c := connect(t, mcpserver.Incremental)
	out, _ := c.call("browser_navigate", map[string]any{"url": srv.URL + "/checkout"})
	c.call("browser_evaluate", map[string]any{"function": "() => { console.error('boom'); fetch('/nothing-here'); return 1 }"})
	c.call("browser_click", map[string]any{"target": refOf(t, out, "button", "Apply coupon")})
	c.call("browser_handle_dialog", map[string]any{"accept": false})

	for _, tc := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"browser_console_messages", nil, "- [error] boom"},
		{"browser_network_requests", nil, "GET " + srv.URL + "/nothing-here => 404"},
		{"browser_dialogs", nil, `Dismissed the prompt "Coupon code?"`},
		{"browser_frames", nil, "Frames (1):\n- "},
		{"browser_tabs", map[string]any{"action": "list"}, `- 1: [active] "`},
		{"browser_resize", map[string]any{"width": 600, "height": 500}, "Viewport: 600x500"},
	} {
		if tc.args == nil {
			tc.args = map[string]any{}
		}
		out, sc := c.call(tc.tool, tc.args)
		assert.Contains(t, out, tc.want, tc.tool)
		assert.NotRegexp(t, regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:|\{"\w+":`), out, tc.tool)
		assert.NotEmpty(t, sc, tc.tool)
	}
	// The frame and tab ids the tools take are there: in the frames'
	// lines and structured content.
	_, sc := c.call("browser_frames", map[string]any{})
	assert.NotEmpty(t, sc["top"].(map[string]any)["frame_id"])
}

// Playwright MCP 0.0.83's arguments: target (and ref) wherever an element
// is named, startTarget and endTarget for drag, fill_form fields with type
// and element and JSON booleans.
func TestPlaywrightArguments(t *testing.T) {
	srv := shop(t)
	c := connect(t, mcpserver.Incremental)

	tools, err := c.cs.ListTools(t.Context(), nil)
	require.NoError(t, err)
	schemas := map[string]map[string]any{}
	for _, tl := range tools.Tools {
		b, _ := json.Marshal(tl.InputSchema)
		var m map[string]any
		require.NoError(t, json.Unmarshal(b, &m))
		schemas[tl.Name] = m
	}
	for _, tool := range []string{"browser_click", "browser_type", "browser_hover", "browser_select_option", "browser_check", "browser_file_upload",
		"browser_scroll", "browser_take_screenshot", "browser_evaluate", "browser_wait_for", "browser_snapshot"} {
		props := schemas[tool]["properties"].(map[string]any)
		assert.Contains(t, props, "target", tool)
		if tool != "browser_snapshot" {
			assert.Contains(t, props, "ref", tool)
			assert.Contains(t, props["ref"].(map[string]any)["description"], "target", tool)
		}
	}
	drag := schemas["browser_drag"]["properties"].(map[string]any)
	for _, p := range []string{"startTarget", "endTarget", "startRef", "endRef"} {
		assert.Contains(t, drag, p)
	}
	field := schemas["browser_fill_form"]["properties"].(map[string]any)["fields"].(map[string]any)["items"].(map[string]any)["properties"].(map[string]any)
	assert.Equal(t, []any{"string", "boolean", "number"}, field["value"].(map[string]any)["type"])
	assert.Contains(t, field["type"].(map[string]any)["enum"], "checkbox")
	assert.Contains(t, field, "element")
	assert.Contains(t, field, "target")

	out, _ := c.call("browser_navigate", map[string]any{"url": srv.URL + "/checkout"})
	name, gift, country, stars := refOf(t, out, "textbox", "Full name"), refOf(t, out, "checkbox", "Gift wrap"),
		refOf(t, out, "combobox", "Country"), refOf(t, out, "slider", "Stars")
	out, _ = c.call("browser_fill_form", map[string]any{"fields": []map[string]any{
		{"target": name, "name": "Full name", "type": "textbox", "value": "Ada"},
		{"target": gift, "element": "Gift wrap", "type": "checkbox", "value": true},
		{"ref": country, "name": "Country", "type": "combobox", "value": "France"},
		{"target": stars, "name": "Stars", "type": "slider", "value": "7"},
	}})
	assert.Contains(t, out, `value="Ada"`)
	assert.Contains(t, out, `checkbox "Gift wrap" [checked]`)
	assert.Contains(t, out, "stars 7")
	out, _ = c.call("browser_fill_form", map[string]any{"fields": []map[string]any{{"target": gift, "name": "Gift wrap", "value": false}}})
	assert.Contains(t, out, `checkbox "Gift wrap" [ref=`+gift+`]`)
	out, _ = c.call("browser_fill_form", map[string]any{"fields": []map[string]any{{"target": gift, "name": "Gift wrap", "type": "checkbox", "value": "true"}}})
	assert.Contains(t, out, `checkbox "Gift wrap" [checked]`)

	// ref, the older name, still works; the two together must agree.
	out, _ = c.call("browser_snapshot", map[string]any{})
	send := refOf(t, out, "button", "Send")
	out, _ = c.call("browser_click", map[string]any{"ref": send})
	assert.Contains(t, out, "clicked Ada")
	code, msg := c.fail("browser_click", map[string]any{"ref": send, "target": name, "element": "send button"})
	assert.Equal(t, "invalid_argument", code)
	assert.Contains(t, msg, "send button: target")
	// The schema asks for one of them, so the call is refused before it runs.
	_, msg = c.fail("browser_click", map[string]any{})
	assert.Contains(t, msg, `missing properties: ["target"]`)
	assert.Contains(t, msg, `missing properties: ["ref"]`)
	_, msg = c.fail("browser_fill_form", map[string]any{"fields": []map[string]any{{"target": name, "name": "x", "value": map[string]any{"a": 1}}}})
	assert.Contains(t, msg, "value", "an object is neither a string, a boolean nor a number")

	out, _ = c.call("browser_navigate", map[string]any{"url": srv.URL + "/widgets"})
	out, _ = c.call("browser_drag", map[string]any{"startTarget": refOf(t, out, "button", "source"), "endTarget": refOf(t, out, "button", "target")})
	assert.Contains(t, out, "dropped")
}

// browser_snapshot shows a part of the page (target, depth, find), cuts
// at max_bytes with a cursor for the rest, and shows collapsed site chrome
// whole by its landmark's ref; a server in the full mode shows it always.
func TestSnapshotControls(t *testing.T) {
	srv := shop(t)
	c := connect(t, mcpserver.Incremental)
	c.call("browser_navigate", map[string]any{"url": srv.URL + "/"})
	out, _ := c.call("browser_navigate", map[string]any{"url": srv.URL + "/checkout"})
	assert.NotContains(t, out, "Kitchen")

	snap, sc := c.call("browser_snapshot", map[string]any{})
	m := regexp.MustCompile(`navigation "Categories" \[ref=(e\d+)\] \[same as on an earlier page: 4 refs e\d+-e\d+\]`).FindStringSubmatch(snap)
	require.NotNil(t, m, snap)
	assert.EqualValues(t, false, sc["truncated"])
	whole, _ := c.call("browser_snapshot", map[string]any{"target": m[1]})
	assert.Contains(t, whole, `link "Kitchen"`)
	assert.NotContains(t, whole, "Full name")

	top, _ := c.call("browser_snapshot", map[string]any{"depth": 1})
	assert.Contains(t, top, "- main")
	assert.NotContains(t, top, "heading")

	found, sc := c.call("browser_snapshot", map[string]any{"find": "/number 5\\d/"})
	assert.EqualValues(t, 10, sc["matches"])
	assert.Contains(t, found, "Item number 59")
	assert.NotContains(t, found, "Item number 49")
	assert.Contains(t, found, "- Matching lines: 10")

	cut, sc := c.call("browser_snapshot", map[string]any{"max_bytes": 600})
	cursor, _ := sc["next_cursor"].(string)
	require.NotEmpty(t, cursor, cut)
	assert.EqualValues(t, true, sc["truncated"])
	assert.Contains(t, cut, "cursor")
	assert.NotContains(t, cut, "Item number 59")
	rest, _ := c.call("browser_snapshot", map[string]any{"max_bytes": 600, "cursor": cursor})
	assert.NotEqual(t, cut, rest)

	code, _ := c.fail("browser_snapshot", map[string]any{"find": "/[/"})
	assert.Equal(t, "invalid_argument", code)

	// A partial snapshot is no baseline: the next action's changes are
	// against the whole tree.
	out, _ = c.call("browser_type", map[string]any{"target": refOf(t, snap, "textbox", "Full name"), "text": "Ada"})
	assert.Contains(t, out, "### Snapshot changes")
	assert.NotContains(t, out, "Item number")

	full := connect(t, mcpserver.Full)
	full.call("browser_navigate", map[string]any{"url": srv.URL + "/"})
	out, sc = full.call("browser_navigate", map[string]any{"url": srv.URL + "/checkout"})
	assert.Contains(t, out, `link "Kitchen"`, "the full mode shows site chrome whole")
	assert.NotContains(t, out, "same as on an earlier page")
	assert.Equal(t, "full", sc["page"].(map[string]any)["mode"])
}
