package cli

import (
	"encoding/json"

	"github.com/agentbrowser/agentbrowser/internal/httpheader"
)

// Remote are the settings of a remote browser. They travel to the daemon
// a client starts in its environment, and are kept, owner-only, in the
// session's .remote file so that a daemon that replaces one whose remote
// browser died reconnects to the same remote endpoint instead of
// launching a local browser.
type Remote struct {
	CDP          string          `json:"cdp,omitempty"`
	Grid         string          `json:"grid,omitempty"`
	GridBinary   string          `json:"grid_binary,omitempty"`
	Capabilities json.RawMessage `json:"grid_capabilities,omitempty"`
	Headers      []string        `json:"headers,omitempty"`
}

// Set reads the remote flag name (without its dashes) with value v.
func (r *Remote) Set(name, v string) error {
	switch name {
	case "grid":
		// Its form is checked with the settings (Env.Start): saying what
		// is wrong shows it redacted, which takes a URL parser the thin
		// client does without.
		r.Grid = v
	case "grid-binary":
		r.GridBinary = v
	case "grid-capabilities":
		var m map[string]any
		if err := json.Unmarshal([]byte(v), &m); err != nil || m == nil {
			return usageErrorf("--grid-capabilities: want a JSON object such as '{\"goog:chromeOptions\":{\"args\":[\"--lang=de\"]}}'")
		}
		r.Capabilities = json.RawMessage(v)
	case "cdp-header":
		lines := MultiValues(v)
		for _, l := range lines {
			if _, _, err := httpheader.SplitLine(l); err != nil {
				return usageErrorf("--cdp-header: %v", err)
			}
		}
		r.Headers = lines
	}
	return nil
}

// Empty reports whether r names no remote browser.
func (r Remote) Empty() bool { return r.CDP == "" && r.Grid == "" }

// RemoteOf returns g's remote settings with the CDP URL filled in.
func RemoteOf(g Globals) Remote {
	r := g.Remote
	r.CDP = g.CDP
	return r
}

// WithRemote fills g's remote settings from r.
func WithRemote(g Globals, r Remote) Globals {
	g.CDP = r.CDP
	g.Remote = r
	g.Remote.CDP = ""
	return g
}
