package main

import "strings"

// playwrightCaps are the capabilities Playwright MCP's --caps names whose
// tools agentbrowser lists always (or has none of): accepted, so that a
// configuration written for it starts, and change nothing.
var playwrightCaps = map[string]bool{"pdf": true, "devtools": true, "network": true, "storage": true, "config": true, "testing": true, "core": true, "tabs": true}

// parseCaps reads mcp's --caps: a comma-separated list in which vision
// lists the coordinate tools.
func parseCaps(cfg *mcpConfig, caps string) error {
	for _, c := range strings.Split(caps, ",") {
		switch c = strings.ToLower(strings.TrimSpace(c)); {
		case c == "":
		case c == "vision":
			cfg.vision = true
		case playwrightCaps[c]:
		default:
			return usageErrorf("--caps %q: unknown capability %q; vision lists the browser_mouse_* coordinate tools (the other tools are always listed)", caps, c)
		}
	}
	return nil
}
