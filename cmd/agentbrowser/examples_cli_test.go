package main_test

import (
	"fmt"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// examplesHTML is the page the documented examples run on. Its elements
// come in the order the examples' refs assume: e4 a checkbox, e5 the
// "Sign in" button, e7 a text field, e9 a select with Blue, e12 a link,
// e30 a button; then what the waits and reads look for.
func examplesHTML() string {
	var pages strings.Builder
	for i := 1; i <= 17; i++ {
		fmt.Fprintf(&pages, `<a href="/done?p=%d">Page %d</a> `, i, i)
	}
	return `<!doctype html><title>Examples</title>
<a href="/done">Home</a>
<input aria-label="Search"> <button type=button>Find</button>
<label><input type=checkbox> Remember me</label>
<button type=button onclick="document.title='signed in'">Sign in</button>
<input aria-label="Name"> <input aria-label="Email" value="a@b.c">
<button type=button id=ask onclick="prompt('Coupon?')">Coupon</button>
<select aria-label="Color"><option>Red</option><option>Blue</option></select>
<a href="/prices">Price list</a>
` + pages.String() + `
<button type=button>Details</button>
<p>Order placed</p>
<ul><li>one</li><li>two</li></ul>
<div role=dialog aria-label="Cart">Cart <span class=ready>ready</span></div>
<a href="/report.csv" id=dl>Report</a>
<a href="/more">More</a>
<iframe src="{{CROSS}}/inner" width=200 height=60></iframe>`
}

// exampleSetup runs before an example that needs the page in a state:
// a dialog to answer, a second tab, a download under way, a frame's id.
var exampleSetup = map[string][][]string{
	"agentbrowser dialog accept":    {{"click", "#ask"}},
	"agentbrowser dialog dismiss":   {{"click", "#ask"}},
	"agentbrowser tab switch 2":     {{"tab", "new", "{{URL}}"}},
	"agentbrowser downloads --wait": {{"click", "#dl"}},
	"agentbrowser console get c-3":  {{"eval", "console.error('an example error')"}},
	// The page takes an HTML5 drag of the "Sign in" button onto the
	// "Home" link, and drops of files and text on the "Coupon" button.
	"agentbrowser drag e5 e1": {{"eval", `(() => {
		const b = [...document.querySelectorAll('button')].find(x => x.textContent === 'Sign in');
		const a = document.querySelector('a[href="/done"]');
		b.draggable = true;
		b.addEventListener('dragstart', e => e.dataTransfer.setData('text/plain', 'sign-in'));
		a.addEventListener('dragover', e => e.preventDefault());
		a.addEventListener('drop', e => { e.preventDefault(); a.dataset.got = e.dataTransfer.getData('text/plain'); });
	})()`}},
	"agentbrowser drop e8 report.pdf --data text/plain=hi": {{"eval", `(() => {
		const b = document.getElementById('ask');
		b.addEventListener('dragover', e => e.preventDefault());
		b.addEventListener('drop', e => { e.preventDefault(); b.dataset.got = e.dataTransfer.files.length + ' ' + e.dataTransfer.getData('text/plain'); });
	})()`}},
}

// exampleTeardown puts the session back for the examples that follow.
var exampleTeardown = map[string][][]string{
	"agentbrowser set offline on":            {{"set", "offline", "off"}},
	"agentbrowser tab switch 2":              {{"tab", "close", "2"}},
	"agentbrowser set device \"iPhone 15\"":  {{"set", "reset"}},
	"agentbrowser set credentials USER PASS": {{"set", "credentials", "off"}},
}

// logID is the id of the first entry of the network or console log, for
// an example that names one (network get ID, console get c-3).
func logID(t *testing.T, c *cli, log string) string {
	t.Helper()
	body := c.ok(log)
	key := map[string]string{"network": "requests", "console": "messages"}[log]
	items, _ := body[key].([]any)
	require.NotEmpty(t, items, "the %s log has an entry for the example", log)
	return items[0].(map[string]any)["id"].(string)
}

// codeSpan and fence find what a Markdown page shows as code.
var (
	codeSpan = regexp.MustCompile("`([^`]+)`")
	fence    = regexp.MustCompile("(?s)```[a-z]*\n(.*?)```")
)

// docExamples extracts the command lines a Markdown page shows: code spans
// that start with "agentbrowser " (a line break inside a span is a space,
// as Markdown reads it) and lines of code blocks that run agentbrowser,
// in order.
func docExamples(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	text := string(b)
	var out []string
	for _, m := range fence.FindAllStringSubmatch(text, -1) {
		for _, line := range strings.Split(m[1], "\n") {
			line = strings.TrimSpace(line)
			if strings.HasPrefix(line, "agentbrowser ") || strings.Contains(line, "| agentbrowser ") {
				out = append(out, line)
			}
		}
	}
	for _, m := range codeSpan.FindAllStringSubmatch(fence.ReplaceAllString(text, ""), -1) {
		s := strings.Join(strings.Fields(m[1]), " ")
		if strings.HasPrefix(s, "agentbrowser ") {
			out = append(out, s)
		}
	}
	return out
}

// shellWords splits a command line as a POSIX shell does for the quoting
// the docs use: single quotes, double quotes with \" and \\, white space.
func shellWords(t *testing.T, line string) []string {
	t.Helper()
	var words []string
	var cur strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case quote == '"':
			switch {
			case c == '"':
				quote = 0
			case c == '\\' && i+1 < len(line) && (line[i+1] == '"' || line[i+1] == '\\'):
				i++
				cur.WriteByte(line[i])
			default:
				cur.WriteByte(c)
			}
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ' || c == '\t':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	require.Zero(t, quote, "unclosed quote in %q", line)
	if in {
		words = append(words, cur.String())
	}
	return words
}

// Every command line that the agent guide (agentbrowser skill) and
// docs/cli.md show runs as written on a local page, in the order they
// show them: an example that is wrong fails here.
func TestDocExamplesRun(t *testing.T) {
	testutil.RequireChrome(t)
	srv := testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/inner":
			fmt.Fprint(w, "<title>inner</title><p>framed</p>")
		case "/report.csv":
			w.Header().Set("Content-Disposition", "attachment; filename=report.csv")
			fmt.Fprint(w, "a,b\n")
		case "/more":
			fmt.Fprint(w, "<title>More</title><p>More to read.</p>")
		default:
			fmt.Fprint(w, examplesHTML())
		}
	}))
	page := srv.MainURL("/done")
	guide := docExamples(t, "skill.md")
	cli := docExamples(t, "../../docs/cli.md")
	c := newSharedCLI(t)
	// Files the examples write (auth.json, receipt.pdf) go here, and the
	// one they drop.
	t.Chdir(t.TempDir())
	require.NoError(t, os.WriteFile("report.pdf", []byte("%PDF-1.4"), 0o600))
	require.Greater(t, len(guide), 40, "the guide's examples are found")
	frameID := ""
	for _, ex := range append(guide, cli...) {
		if strings.Contains(ex, "[global flags]") {
			continue // the synopsis, not a command line
		}
		stdin := ""
		line := ex
		if before, after, ok := strings.Cut(ex, "| agentbrowser "); ok {
			w := shellWords(t, strings.TrimSpace(before))
			require.Equal(t, "echo", w[0], "a pipe into agentbrowser from echo: %s", ex)
			stdin, line = w[1], "agentbrowser "+after
		}
		args := shellWords(t, line)[1:]
		for i, a := range args {
			a = strings.ReplaceAll(a, "https://example.com", page)
			a = strings.ReplaceAll(a, "https://shop.example", page)
			if a == "COMMAND" {
				a = "click"
			}
			if a == "ID" && i > 0 && args[i-1] == "--frame" {
				if frameID == "" {
					fr := c.ok("frames")
					frameID = fr["frames"].([]any)[0].(map[string]any)["frame_id"].(string)
				}
				a = frameID
			}
			args[i] = a
		}
		stdin = strings.ReplaceAll(stdin, "https://example.com", page)
		if args[0] == "batch" && stdin == "" {
			stdin = `[["get","title"]]`
		}
		for _, s := range exampleSetup[ex] {
			for i := range s {
				s[i] = strings.ReplaceAll(s[i], "{{URL}}", page)
			}
			c.ok(s...)
		}
		if len(args) > 2 && args[1] == "get" && (args[0] == "network" || args[0] == "console") {
			args[2] = logID(t, c, args[0])
		}
		cmd := c.command(args...)
		cmd.Stdin = strings.NewReader(stdin)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("the documented example %q failed:\n%s", ex, out)
			continue
		}
		for _, s := range exampleTeardown[ex] {
			c.ok(s...)
		}
		if args[0] == "close" {
			c.ok("open", page)
		}
	}
}
