// Package apps_test is the generality suite: real applications and widgets
// installed from npm at pinned versions (package-lock.json, npm ci by
// scripts/deps.sh), which no code of agentbrowser was written for. A
// scripted agent (driver/, on the official TypeScript MCP client) reads
// each snapshot, finds elements by role and name and acts only through
// tools (MCP) or commands (CLI); every task is then checked by the app's
// own state, read in one evaluate at the end. The pages are served offline
// from node_modules by a loopback server this test starts.
package apps_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// bin is the agentbrowser binary the driver runs.
var bin string

func TestMain(m *testing.M) {
	testutil.QuickRaceExit()
	testutil.RunWithBinary(m, &bin, "../../cmd/agentbrowser", "agentbrowser-apps-")
}

// result is one task's outcome as the driver writes it, one JSON line each.
type result struct {
	Driver string   `json:"driver"`
	Task   string   `json:"task"`
	App    string   `json:"app"`
	OK     bool     `json:"ok"`
	Error  string   `json:"error"`
	Ms     float64  `json:"ms"`
	Log    []string `json:"log"`
}

// TestApps runs every task of the driver through MCP and through the CLI
// and reports each as a subtest (TestApps/mcp/codemirror6-type...). Set
// AB_TASKS to a comma-separated list of task names (or app names) to run a
// part of the suite.
func TestApps(t *testing.T) {
	testutil.RequireChrome(t)
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("node is not installed: the generality suite runs its agent on Node.js (install nodejs and npm; scripts/deps.sh then runs npm ci in e2e/apps)")
	}
	if _, err := os.Stat("node_modules/@modelcontextprotocol/sdk/package.json"); err != nil {
		t.Fatalf("the apps are not installed (%v): run scripts/deps.sh, which runs npm ci in e2e/apps", err)
	}
	srv := site(t, node)
	// AB_RESULTS_DIR keeps the results (one JSON line a task, with the
	// calls and answers) where a person can read them after the run.
	dir := os.Getenv("AB_RESULTS_DIR")
	if dir == "" {
		dir = t.TempDir()
	}
	out := filepath.Join(dir, "results.jsonl")

	// The two drivers run at once, each with its own browser. AB_DRIVERS
	// picks others by hand: "playwright" runs the same agent on Playwright
	// MCP (PW_MCP names its cli.js), to tell a task the product cannot do
	// from one nobody can; it is never part of make test.
	drivers := []string{"mcp", "cli"}
	if d := os.Getenv("AB_DRIVERS"); d != "" {
		drivers = strings.Split(d, ",")
	}
	var wg sync.WaitGroup
	logs := make([]bytes.Buffer, len(drivers))
	errs := make([]error, len(drivers))
	for i, d := range drivers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.CommandContext(t.Context(), node, "driver/run.mjs")
			cmd.Env = append(os.Environ(), "AB_BIN="+bin, "AB_SITE="+srv.MainURL(""), "AB_DRIVER="+d,
				"AB_RESULTS="+out+"."+d, "AGENTBROWSER_HOME="+t.TempDir())
			cmd.Stdout, cmd.Stderr = &logs[i], &logs[i]
			errs[i] = cmd.Run()
		}()
	}
	wg.Wait()
	for i, d := range drivers {
		t.Run(d, func(t *testing.T) {
			results := readResults(t, out+"."+d)
			if errs[i] != nil || len(results) == 0 {
				t.Fatalf("the %s driver failed (%v):\n%s", d, errs[i], logs[i].String())
			}
			t.Logf("%s driver:\n%s", d, logs[i].String())
			for _, r := range results {
				t.Run(r.Task, func(t *testing.T) {
					if !r.OK {
						// The last calls and answers; AB_RESULTS_DIR keeps them all.
						log := r.Log
						if len(log) > 12 {
							log = log[len(log)-12:]
						}
						t.Errorf("%s (%s, %.0f ms): %s\nlast calls:\n%s", r.Task, r.App, r.Ms, r.Error, strings.Join(log, "\n"))
					}
				})
			}
		})
	}
}

func readResults(t *testing.T, path string) []result {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	var rs []result
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var r result
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("a result line is not JSON: %v: %s", err, sc.Text())
		}
		rs = append(rs, r)
	}
	return rs
}

// site serves the host pages (testdata), the installed packages
// (node_modules, under /npm/), the apps written as modules and bundled for
// this run (testdata/*.jsx, under /build/; driver/build.mjs), the shop's
// API (shop_test.go) and the htmx app's (htmx_test.go).
func site(t *testing.T, node string) *testutil.Servers {
	t.Helper()
	built := t.TempDir()
	if out, err := exec.CommandContext(t.Context(), node, "driver/build.mjs", built).CombinedOutput(); err != nil {
		t.Fatalf("bundling the apps written as modules (node driver/build.mjs) failed: %v\n%s", err, out)
	}
	mux := http.NewServeMux()
	mux.Handle("/build/", http.StripPrefix("/build/", http.FileServer(http.Dir(built))))
	mux.Handle("/npm/", http.StripPrefix("/npm/", http.FileServer(http.Dir("node_modules"))))
	mux.Handle("/", http.FileServer(http.Dir("testdata")))
	shopAPI(mux)
	htmxAPI(mux)
	return testutil.Serve(t, mux)
}
