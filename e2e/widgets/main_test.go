// Package widgets_test drives pages built on real widget libraries, pinned
// in package-lock.json and installed by scripts/deps.sh (npm ci), through
// agentbrowser's MCP server (the official MCP Go SDK's client over stdio,
// as an agent's host does) and through its CLI: take a snapshot, act by
// ref, check what the page shows.
package widgets_test

import (
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// bin is the agentbrowser binary the tests run.
var bin string

func TestMain(m *testing.M) {
	testutil.RunWithBinary(m, &bin, "../../cmd/agentbrowser", "agentbrowser-widgets-")
}

// cities is what the remote-search endpoint searches.
var cities = []string{"Amsterdam", "Athens", "Barcelona", "Berlin", "Bern", "Bratislava", "Brussels",
	"Bucharest", "Budapest", "Copenhagen", "Dublin", "Helsinki", "Lisbon", "London", "Madrid", "Oslo",
	"Paris", "Prague", "Rome", "Vienna"}

// site serves the host pages (testdata) and the widget libraries
// (node_modules, under /npm/), with the two endpoints the pages call: a
// remote search for the combobox and the pet API the console tries out.
func site(t *testing.T) *testutil.Servers {
	t.Helper()
	testutil.RequireChrome(t)
	if _, err := os.Stat("node_modules/tinymce/tinymce.min.js"); err != nil {
		t.Fatalf("the widget libraries are not installed (%v): run scripts/deps.sh, which runs npm ci in e2e/widgets", err)
	}
	mux := http.NewServeMux()
	mux.Handle("/npm/", http.StripPrefix("/npm/", http.FileServer(http.Dir("node_modules"))))
	mux.Handle("/", http.FileServer(http.Dir("testdata")))
	mux.HandleFunc("/search", func(w http.ResponseWriter, r *http.Request) {
		q := strings.ToLower(r.URL.Query().Get("q"))
		out := []map[string]string{}
		for _, c := range cities {
			if q != "" && strings.Contains(strings.ToLower(c), q) {
				out = append(out, map[string]string{"id": strings.ToLower(c), "name": c})
			}
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(out)
	})
	mux.HandleFunc("/api/pets/", func(w http.ResponseWriter, r *http.Request) {
		id := strings.TrimPrefix(r.URL.Path, "/api/pets/")
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]string{"id": id, "name": "Rex " + id, "tag": "dog"})
	})
	return testutil.Serve(t, mux)
}
