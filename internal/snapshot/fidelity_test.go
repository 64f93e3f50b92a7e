//go:build fidelity

package snapshot_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mafredri/cdp/protocol/accessibility"
	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// The fidelity harness (make fidelity) compares, ref by ref, the snapshot
// with Chrome's accessibility tree on real documentation pages found on
// this machine at run time (nothing of them is copied into the repo) and
// on the hard cases of testdata. See docs/snapshot-fidelity.md.
var (
	fidelityOut  = flag.String("fidelity.out", "", "write the per-page figures as JSON to this file")
	fidelityDiff = flag.Int("fidelity.diffs", 0, "print up to this many differences per page")
	fidelityRuns = flag.Int("fidelity.runs", 7, "warm captures timed per page (median reported)")
	fidelityDump = flag.String("fidelity.dump", "", "write each page's snapshot text (and the baseline's) to this directory")
	fidelityBase = flag.String("fidelity.baseline", "", "an older js/snapshot.js to time against, capture for capture")
	fidelityAria = flag.String("fidelity.aria", "", "a directory with bench/ariabytes.js and playwright-core installed (bench/): compare the snapshot's bytes with Playwright's ariaSnapshot's")
)

// corpusPage is one page of the corpus: a file under root, served from
// root so that its styles and scripts load.
type corpusPage struct {
	generator, root, file string
}

// findCorpus lists the real pages this machine has: documentation shipped
// with the installed toolchains and packages. Missing ones are skipped.
func findCorpus() []corpusPage {
	var out []corpusPage
	add := func(gen, root string, files ...string) {
		for _, f := range files {
			if st, err := os.Stat(filepath.Join(root, f)); err == nil && !st.IsDir() {
				out = append(out, corpusPage{gen, root, f})
			}
		}
	}
	home, _ := os.UserHomeDir()
	rust, _ := filepath.Glob(filepath.Join(home, ".rustup/toolchains/stable-*/share/doc/rust/html"))
	if len(rust) == 0 {
		rust, _ = filepath.Glob(filepath.Join(home, ".rustup/toolchains/*/share/doc/rust/html"))
	}
	if len(rust) > 0 {
		r := rust[0]
		add("rustdoc", r, "std/index.html", "std/fs/index.html", "std/option/enum.Option.html",
			"std/collections/struct.HashMap.html", "std/string/struct.String.html", "std/vec/struct.Vec.html")
		add("mdbook", r, "book/ch04-01-what-is-ownership.html", "book/ch08-02-strings.html",
			"cargo/reference/manifest.html")
	}
	goroot := "/usr/local/go"
	if out, err := os.ReadFile(filepath.Join(os.Getenv("GOROOT"), "VERSION")); err == nil && len(out) > 0 {
		goroot = os.Getenv("GOROOT")
	}
	add("go-doc", filepath.Join(goroot, "doc"), "go_spec.html", "go_mem.html")
	add("node-doc", "/usr/share/doc/nodejs/api", "path.html", "events.html", "fs.html")
	add("docbook", "/usr/share/doc/valgrind/html", "manual-core.html", "faq.html", "mc-manual.html")
	add("npm-doc", "/usr/lib/node_modules/npm/docs/output", "commands/npm-install.html")
	if py, _ := filepath.Glob(filepath.Join(home, ".pyenv/versions/3.*/lib/python3.*/idlelib/help.html")); len(py) > 0 {
		add("sphinx", filepath.Dir(py[0]), "help.html")
	}
	return out
}

// fidelityHardCases are testdata pages served alongside the corpus.
var fidelityHardCases = []string{"names", "names-blocks", "names-generated", "names-images",
	"names-labels", "names-long", "closed-shadow", "form", "buttons", "shadow", "hidden", "clickable", "iframe", "text-rules", "editor"}

// quirk is a difference from Chrome that the snapshot keeps on purpose.
// Matches are reported in their own column, never as agreement.
type quirk struct {
	id, reason string
	// probe is a function run on the element (in the snapshot's isolated
	// world) that must return true for the quirk to apply; "" for none.
	probe string
	match func(ours, chrome string, info snapshot.RefInfo) bool
}

// quirks is the documented table of kept differences (see
// docs/snapshot-fidelity.md, which explains each).
var quirks = []quirk{
	{
		id:     "clickable",
		reason: "an element clickable only by script is role clickable, named by its icons when it shows no text; Chrome has it generic and unnamed",
		match:  func(_, _ string, info snapshot.RefInfo) bool { return info.Role == "clickable" },
	},
	{
		id:     "wbr",
		reason: "Chrome turns <wbr> into a space inside names; the snapshot joins the word, as it is displayed",
		probe:  `function() { return !!this.querySelector('wbr'); }`,
		match: func(ours, chrome string, _ snapshot.RefInfo) bool {
			return len(chrome) > len(ours) && strings.ReplaceAll(chrome, " ", "") == strings.ReplaceAll(ours, " ", "")
		},
	},
	{
		id: "edge-space",
		reason: "Chrome keeps a space at the end of some names (collapsible white space at the end of a line), " +
			"or at the start next to an empty inline-block; the snapshot trims them (it keeps, as Chrome does, " +
			"the space after an aria-hidden element's text)",
		match: func(ours, chrome string, _ snapshot.RefInfo) bool {
			return ours != chrome && strings.Trim(chrome, " ") == ours
		},
	},
	{
		id:     "format-chars",
		reason: "Chrome keeps invisible format characters (zero-width space, soft hyphen, word joiner...) in names; the snapshot drops them, as the page shows them",
		match: func(ours, chrome string, _ snapshot.RefInfo) bool {
			return ours != chrome && formatChars.Replace(chrome) == ours
		},
	},
}

// chromeInteractive are the roles (after chromeRoles) of the AX nodes that
// interactive coverage counts.
var chromeInteractive = map[string]bool{"button": true, "link": true, "textbox": true, "searchbox": true,
	"checkbox": true, "radio": true, "combobox": true, "listbox": true, "option": true, "menuitem": true,
	"menuitemcheckbox": true, "menuitemradio": true, "slider": true, "spinbutton": true, "switch": true,
	"tab": true, "treeitem": true}

type pageFigures struct {
	Page, Generator                   string
	Refs, RoleAgree, NameAgree, Quirk int
	QuirkIDs                          map[string]int
	// ClickNamed counts the clickable refs whose names agree with
	// Chrome's (or differ by another quirk): their role is the clickable
	// quirk all the same, left out of role agreement.
	ClickNamed                  int
	Interactive, Covered, Bytes int
	// CaptureMS is the median warm capture; ColdMS the first capture.
	CaptureMS, ColdMS float64
	// BaseMS is the median warm capture with the baseline script, timed
	// alternately with CaptureMS; BaseBytes its snapshot's size.
	BaseMS    float64 `json:",omitempty"`
	BaseBytes int     `json:",omitempty"`
	// AriaBytes and AIBytes are the sizes of Playwright's ariaSnapshot of
	// the page, plain and in "ai" mode (-fidelity.aria).
	AriaBytes int      `json:",omitempty"`
	AIBytes   int      `json:",omitempty"`
	Diffs     []string `json:",omitempty"`
	url       string
}

// ariaBytes measures Playwright's ariaSnapshot of the real pages of all
// with bench/ariabytes.js, in a browser of its own.
func ariaBytes(t *testing.T, all []pageFigures) {
	t.Helper()
	args := []string{"ariabytes.js"}
	for _, f := range all {
		args = append(args, f.url)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", args...)
	cmd.Dir = *fidelityAria
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	require.NoError(t, err, "running node ariabytes.js in %s (npm ci there first)", *fidelityAria)
	var bytes map[string][2]int
	require.NoError(t, json.Unmarshal(out, &bytes))
	for i := range all {
		b := bytes[all[i].url]
		all[i].AriaBytes, all[i].AIBytes = b[0], b[1]
	}
}

func TestFidelity(t *testing.T) {
	corpus := findCorpus()
	require.NotEmpty(t, corpus, "no documentation pages found on this machine")
	var all []pageFigures
	roots := map[string]*httptest.Server{}
	for _, c := range corpus {
		srv := roots[c.root]
		if srv == nil {
			srv = httptest.NewServer(http.FileServer(http.Dir(c.root)))
			t.Cleanup(srv.Close)
			roots[c.root] = srv
		}
		f := measurePage(t, srv.URL+"/"+c.file)
		f.Page, f.Generator, f.url = c.file, c.generator, srv.URL+"/"+c.file
		all = append(all, f)
	}
	if *fidelityAria != "" {
		ariaBytes(t, all)
	}
	s := newServers(t)
	for _, name := range fidelityHardCases {
		if _, err := os.Stat(filepath.Join("testdata", name+".html")); err != nil {
			continue
		}
		f := measurePage(t, s.url("/"+name+".html"))
		f.Page, f.Generator = name+".html", "testdata"
		all = append(all, f)
	}
	printFigures(t, all)
	if *fidelityOut != "" {
		b, _ := json.MarshalIndent(all, "", "  ")
		require.NoError(t, os.WriteFile(*fidelityOut, b, 0o600))
	}
}

func measurePage(t *testing.T, url string) pageFigures {
	t.Helper()
	var f pageFigures
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	p := newPage(t)
	p.navigate(ctx, url)
	var base *snapshot.Engine
	if *fidelityBase != "" {
		js, err := os.ReadFile(*fidelityBase)
		require.NoError(t, err)
		restore := snapshot.SetScriptForTest(string(js))
		base = snapshot.New(p.client, "", nil)
		res, err := base.Capture(ctx, snapshot.Options{})
		restore()
		require.NoError(t, err, url)
		f.BaseBytes = len(res.Text)
		dump(url, "base", res.Text)
	}
	e := snapshot.New(p.client, "", nil)
	start := time.Now()
	_, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err, url)
	f.ColdMS = ms(time.Since(start))
	// Under load, only captures timed alternately compare fairly.
	var times, baseTimes []float64
	for range *fidelityRuns {
		if base != nil {
			start := time.Now()
			_, err := base.Capture(ctx, snapshot.Options{})
			require.NoError(t, err, url)
			baseTimes = append(baseTimes, ms(time.Since(start)))
		}
		start := time.Now()
		_, err := e.Capture(ctx, snapshot.Options{})
		require.NoError(t, err, url)
		times = append(times, ms(time.Since(start)))
	}
	f.CaptureMS = median(times)
	f.BaseMS = median(baseTimes)
	// One more capture with every backend id looked up.
	restore := snapshot.SetEagerBudgetForTest(1 << 30)
	res, err := e.Capture(ctx, snapshot.Options{})
	restore()
	require.NoError(t, err, url)
	f.Bytes = len(res.Text)
	dump(url, "new", res.Text)
	frames := map[events.FrameID]bool{}
	for _, info := range res.Refs {
		frames[info.FrameID] = true
	}
	ax := fullAX(ctx, t, p, frames)
	byBackend := map[int64]bool{}
	f.QuirkIDs = map[string]int{}
	refs := make([]events.Ref, 0, len(res.Refs))
	for ref := range res.Refs {
		refs = append(refs, ref)
	}
	sort.Slice(refs, func(i, j int) bool { return refNum(refs[i]) < refNum(refs[j]) })
	for _, ref := range refs {
		info := res.Refs[ref]
		if info.BackendNodeID == 0 {
			r, err := e.Resolve(ctx, ref)
			require.NoError(t, err, "resolving %s on %s", ref, url)
			info.BackendNodeID = r.Info.BackendNodeID
			_ = r.Release(ctx)
		}
		byBackend[info.BackendNodeID] = true
		f.Refs++
		a, ok := ax[info.BackendNodeID]
		role := a.role
		if m, ok := chromeRoles[role]; ok {
			role = m
		}
		if info.Role == "textbox" && role == "generic" {
			role = "textbox" // contenteditable root
		}
		if !ok || a.ignored {
			if info.Role == "clickable" {
				f.Quirk++
				f.QuirkIDs["clickable"]++
				f.addDiff(fmt.Sprintf("quirk clickable: %s %q", ref, info.Name))
				continue
			}
			f.addDiff(fmt.Sprintf("%s %s %q: not in the AX tree", ref, info.Role, info.Name))
			continue
		}
		if role == info.Role {
			f.RoleAgree++
		} else if info.Role != "clickable" {
			f.addDiff(fmt.Sprintf("%s role %s, chrome %s (%q)", ref, info.Role, a.role, a.name))
		}
		if a.name == info.Name {
			f.NameAgree++
			if info.Role == "clickable" {
				f.ClickNamed++
			}
		} else if q := matchQuirk(ctx, e, ref, info.Name, a.name, info); q != "" {
			f.Quirk++
			f.QuirkIDs[q]++
			if info.Role == "clickable" && q != "clickable" {
				f.ClickNamed++
			}
			f.addDiff(fmt.Sprintf("quirk %s: %s %s name %q, chrome %q", q, ref, info.Role, info.Name, a.name))
		} else {
			f.addDiff(fmt.Sprintf("%s %s name %q, chrome %q", ref, info.Role, info.Name, a.name))
		}
	}
	for id, a := range ax {
		role := a.role
		if m, ok := chromeRoles[role]; ok {
			role = m
		}
		if a.ignored || !chromeInteractive[role] {
			continue
		}
		f.Interactive++
		if byBackend[id] {
			f.Covered++
		} else {
			f.addDiff(fmt.Sprintf("no ref for interactive %s %q (backend %d)", a.role, a.name, id))
		}
	}
	return f
}

func (f *pageFigures) addDiff(s string) {
	if len(f.Diffs) < *fidelityDiff {
		f.Diffs = append(f.Diffs, s)
	}
}

// matchQuirk returns the id of the kept quirk that explains a difference,
// checked on the element itself where the quirk says how.
func matchQuirk(ctx context.Context, e *snapshot.Engine, ref events.Ref, ours, chrome string, info snapshot.RefInfo) string {
	for _, q := range quirks {
		if !q.match(ours, chrome, info) {
			continue
		}
		if q.probe == "" {
			return q.id
		}
		r, err := e.Resolve(ctx, ref)
		if err != nil {
			continue
		}
		reply, err := r.Client.Runtime.CallFunctionOn(ctx, runtime.NewCallFunctionOnArgs(q.probe).
			SetObjectID(r.ObjectID).SetReturnByValue(true))
		_ = r.Release(ctx)
		if err == nil && reply.ExceptionDetails == nil && string(reply.Result.Value) == "true" {
			return q.id
		}
	}
	return ""
}

func refNum(r events.Ref) int {
	n := 0
	fmt.Sscanf(string(r), "e%d", &n)
	return n
}

// dump writes a snapshot text under -fidelity.dump.
func dump(url, kind, text string) {
	if *fidelityDump == "" {
		return
	}
	name := strings.NewReplacer("/", "_", ":", "_").Replace(url[strings.LastIndex(url[:strings.LastIndex(url, "/")], "/")+1:])
	_ = os.MkdirAll(*fidelityDump, 0o700)
	_ = os.WriteFile(filepath.Join(*fidelityDump, name+"."+kind+".txt"), []byte(text), 0o600)
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	sort.Float64s(v)
	return v[len(v)/2]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// fullAX is axTree with the harness's own context.
func fullAX(ctx context.Context, t *testing.T, p *testPage, frames map[events.FrameID]bool) map[int64]axNode {
	t.Helper()
	out := map[int64]axNode{}
	for fid := range frames {
		args := accessibility.NewGetFullAXTreeArgs()
		if fid != "" {
			args.SetFrameID(page.FrameID(fid))
		}
		reply, err := p.client.Accessibility.GetFullAXTree(ctx, args)
		require.NoError(t, err)
		for _, n := range reply.Nodes {
			if n.BackendDOMNodeID == nil {
				continue
			}
			var a axNode
			a.ignored = n.Ignored
			if n.Role != nil {
				_ = json.Unmarshal(n.Role.Value, &a.role)
			}
			if n.Name != nil {
				_ = json.Unmarshal(n.Name.Value, &a.name)
			}
			out[int64(*n.BackendDOMNodeID)] = a
		}
	}
	return out
}

func pct(a, b int) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f%%", 100*float64(a)/float64(b))
}

func printFigures(t *testing.T, all []pageFigures) {
	var b strings.Builder
	fmt.Fprintf(&b, "\n%-44s %-9s %6s %8s %8s %6s %9s %8s %9s %8s %8s %9s\n", "page", "generator", "refs", "roles", "names",
		"quirks", "interact", "bytes", "warm ms", "cold ms", "base B", "base ms")
	var tot pageFigures
	var real pageFigures
	var ours, aria, ai, under, underAI int
	gens := map[string]bool{}
	quirkTot := map[string]int{}
	realPages := 0
	for _, f := range all {
		fmt.Fprintf(&b, "%-44s %-9s %6d %8s %8s %6d %9s %8d %9.1f %8.1f %8d %9.1f\n", f.Page, f.Generator, f.Refs,
			pct(f.RoleAgree, f.Refs-f.QuirkIDs["clickable"]-f.ClickNamed), pct(f.NameAgree, f.Refs-f.Quirk), f.Quirk,
			pct(f.Covered, f.Interactive), f.Bytes, f.CaptureMS, f.ColdMS, f.BaseBytes, f.BaseMS)
		if f.AriaBytes > 0 && f.AIBytes > 0 {
			r, rai := float64(f.Bytes)/float64(f.AriaBytes), float64(f.Bytes)/float64(f.AIBytes)
			fmt.Fprintf(&b, "    Playwright ariaSnapshot %d B (ours %.2fx), in ai mode %d B (ours %.2fx)\n", f.AriaBytes, r, f.AIBytes, rai)
			ours += f.Bytes
			aria += f.AriaBytes
			ai += f.AIBytes
			if r <= 0.55 {
				under++
			}
			if rai <= 0.55 {
				underAI++
			}
		}
		for _, d := range f.Diffs {
			fmt.Fprintf(&b, "    %s\n", d)
		}
		for _, sum := range []*pageFigures{&tot, &real} {
			if sum == &real && f.Generator == "testdata" {
				continue
			}
			sum.Refs += f.Refs
			sum.RoleAgree += f.RoleAgree
			sum.ClickNamed += f.ClickNamed
			sum.NameAgree += f.NameAgree
			sum.Quirk += f.Quirk
			sum.Interactive += f.Interactive
			sum.Covered += f.Covered
			sum.Bytes += f.Bytes
			sum.CaptureMS += f.CaptureMS
			sum.ColdMS += f.ColdMS
			sum.BaseMS += f.BaseMS
			if sum.QuirkIDs == nil {
				sum.QuirkIDs = map[string]int{}
			}
			for q, n := range f.QuirkIDs {
				sum.QuirkIDs[q] += n
			}
			sum.BaseBytes += f.BaseBytes
		}
		if f.Generator != "testdata" {
			gens[f.Generator] = true
			realPages++
		}
		for q, n := range f.QuirkIDs {
			quirkTot[q] += n
		}
	}
	for _, row := range []struct {
		label string
		f     pageFigures
	}{{fmt.Sprintf("REAL PAGES (%d pages, %d generators)", realPages, len(gens)), real}, {"ALL", tot}} {
		f := row.f
		fmt.Fprintf(&b, "%-54s %6d %8s %8s %6d %9s %8d %9.1f %8.1f %8d %9.1f\n", row.label, f.Refs,
			pct(f.RoleAgree, f.Refs-f.QuirkIDs["clickable"]-f.ClickNamed), pct(f.NameAgree, f.Refs-f.Quirk), f.Quirk,
			pct(f.Covered, f.Interactive), f.Bytes, f.CaptureMS, f.ColdMS, f.BaseBytes, f.BaseMS)
		fmt.Fprintf(&b, "%-54s names agree on %s of all refs, kept quirks included\n", "", pct(f.NameAgree, f.Refs))
	}
	if aria > 0 {
		fmt.Fprintf(&b, "bytes against Playwright's ariaSnapshot over the real pages: plain %d / %d = %.2fx (%d pages at 0.55x or less); ai mode %d / %d = %.2fx (%d pages at 0.55x or less)\n",
			ours, aria, float64(ours)/float64(aria), under, ours, ai, float64(ours)/float64(ai), underAI)
	}
	ids := make([]string, 0, len(quirkTot))
	for q := range quirkTot {
		ids = append(ids, q)
	}
	sort.Strings(ids)
	b.WriteString("kept quirks (not counted as agreement):")
	for _, q := range ids {
		fmt.Fprintf(&b, " %s=%d", q, quirkTot[q])
	}
	b.WriteString("\n")
	fmt.Print(b.String())
	_ = t
}
