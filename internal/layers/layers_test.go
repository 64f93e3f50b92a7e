package layers_test

import (
	"os/exec"
	"strings"
	"testing"
)

const mod = "github.com/agentbrowser/agentbrowser"

// rank orders the layers; a package may import only packages of a lower or
// equal rank (equal only within its own layer's rules below).
func layer(pkg string) (string, int) {
	p := strings.TrimPrefix(pkg, mod+"/")
	switch {
	case p == "events" || strings.HasPrefix(p, "events/"):
		return "events", 0
	case p == "bus" || strings.HasPrefix(p, "bus/"):
		return "bus", 1
	case strings.HasPrefix(p, "internal/"):
		return p, 1 // helpers usable from session upwards; see rule below
	case p == "session" || strings.HasPrefix(p, "session/"):
		return "session", 2
	case p == "watchdogs":
		return "watchdogs", 3
	case p == "watchdogs/standard":
		return p, 4
	case strings.HasPrefix(p, "watchdogs/"):
		return p, 3
	case p == "actions" || strings.HasPrefix(p, "actions/"):
		return "actions", 5
	case p == "request":
		// The wire's types: imported by the thin client, so they sit
		// just above events (see wireRule).
		return "request", 0
	case p == "request/runner":
		return p, 6
	case p == "mcpserver":
		return "mcpserver", 7
	case strings.HasPrefix(p, "cmd/"):
		return p, 8
	}
	return p, -1
}

// violation says why from must not import to, or "".
func violation(from, to string) string {
	fl, fr := layer(from)
	tl, tr := layer(to)
	switch {
	case fr < 0 || tr < 0:
		return ""
	case strings.HasPrefix(tl, "cmd/"):
		return "nothing imports cmd"
	case fl == "events":
		return "events imports the standard library only"
	case fl == "request" && tl != "events":
		return "request holds the wire's types: it imports events only"
	case tl == "request":
		return "" // every layer above events may speak the wire
	case tl == "internal/testkit":
		return "internal/testkit is for tests only"
	case fl == "internal/testkit":
		return "" // the test kit wires the whole stack, for tests only
	case strings.HasPrefix(fl, "internal/") && tr >= 2:
		return "internal helpers must not import session, watchdogs, actions or cmd"
	case strings.HasPrefix(tl, "watchdogs/internal/") && strings.HasPrefix(fl, "watchdogs/"):
		return "" // the watchdogs' own shared helpers
	case strings.HasPrefix(fl, "watchdogs/") && fl != "watchdogs/standard" && strings.HasPrefix(tl, "watchdogs/"):
		return "watchdogs never import each other; talk through events"
	case tr > fr:
		return "a layer imports only the layers above it"
	}
	return ""
}

func TestImportDirection(t *testing.T) {
	out, err := exec.Command("go", "list", "-test", "-f", "{{.ImportPath}}|{{join .Imports \" \"}}|{{.ForTest}}", mod+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		parts := strings.SplitN(line, "|", 3)
		from, imports, forTest := parts[0], strings.Fields(parts[1]), parts[2]
		// Test packages may import anything (black-box tests wire the
		// whole stack); only production code is held to the rule.
		if forTest != "" || strings.HasSuffix(from, ".test") || strings.HasSuffix(from, "_test") {
			continue
		}
		for _, to := range imports {
			if to == from || !strings.HasPrefix(to, mod) {
				if layerName, _ := layer(from); layerName == "events" && strings.Contains(to, ".") {
					t.Errorf("%s imports %s: events imports the standard library only", from, to)
				}
				continue
			}
			checked++
			if why := violation(from, to); why != "" {
				t.Errorf("%s imports %s: %s", from, to, why)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no imports checked: go list output not understood")
	}
}

func TestViolationRules(t *testing.T) {
	for _, c := range []struct {
		from, to string
		bad      bool
	}{
		{"events", "bus", true},
		{"bus", "events", false},
		{"bus", "session", true},
		{"session", "bus", false},
		{"session", "watchdogs", true},
		{"watchdogs/dialog", "watchdogs/frame", true},
		{"watchdogs/dialog", "watchdogs", false},
		{"watchdogs/standard", "watchdogs/dialog", false},
		{"watchdogs/dialog", "actions", true},
		{"actions", "watchdogs/standard", false},
		{"actions", "cmd/agentbrowser", true},
		{"actions", "request/runner", true},
		{"request", "actions", true},
		{"request", "session", true},
		{"request", "events", false},
		{"request/runner", "actions", false},
		{"request/runner", "request", false},
		{"request", "mcpserver", true},
		{"mcpserver", "request", false},
		{"mcpserver", "request/runner", false},
		{"mcpserver", "cmd/agentbrowser", true},
		{"cmd/agentbrowser", "mcpserver", false},
		{"internal/snapshot", "events", false},
		{"internal/snapshot", "session", true},
		{"session", "internal/cdpmux", false},
	} {
		got := violation(mod+"/"+c.from, mod+"/"+c.to) != ""
		if got != c.bad {
			t.Errorf("%s -> %s: violation %v, want %v", c.from, c.to, got, c.bad)
		}
	}
}

// TestWireLinksNoRuntime holds the wire to what the thin client may link:
// the request types (request) and the CLI (internal/cli) reach neither
// the runtime's layers (bus, session, watchdogs, actions, request/runner)
// nor its libraries (fx, dig, zap, zerolog, the CDP client).
func TestWireLinksNoRuntime(t *testing.T) {
	for _, pkg := range []string{mod + "/request", mod + "/internal/cli"} {
		out, err := exec.Command("go", "list", "-deps", pkg).Output()
		if err != nil {
			t.Fatalf("go list: %v", err)
		}
		deps := strings.Fields(string(out))
		if len(deps) < 2 {
			t.Fatalf("%s: go list output not understood", pkg)
		}
		for _, d := range deps {
			p := strings.TrimPrefix(d, mod+"/")
			switch {
			case p == "bus", p == "session", p == "actions", p == "request/runner",
				p == "watchdogs" || strings.HasPrefix(p, "watchdogs/"),
				strings.HasPrefix(d, "go.uber.org/"), strings.HasPrefix(d, "github.com/rs/zerolog"),
				strings.HasPrefix(d, "github.com/mafredri/cdp"):
				t.Errorf("%s links %s", pkg, d)
			}
		}
	}
}
