package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"time"

	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
	"github.com/agentbrowser/agentbrowser/internal/safefile"
	"github.com/agentbrowser/agentbrowser/session"
)

func init() {
	globalFlags = append(globalFlags,
		Flag{Name: "grid", Kind: String, Usage: "run the browser on a Selenium Grid 4 (hub or standalone URL, http://host:4444); the session creates and deletes its own WebDriver session"},
		Flag{Name: "grid-binary", Kind: String, Usage: "browser binary on the Grid node (goog:chromeOptions.binary), e.g. /usr/bin/chromium"},
		Flag{Name: "grid-capabilities", Kind: String, Usage: "JSON object merged over the Chrome capabilities sent to the Grid (goog:chromeOptions merged key by key)"},
		Flag{Name: "cdp-header", Kind: Multi, Usage: "'Name: value' header for the --cdp handshake and Grid requests (repeatable); values are never printed"},
	)
}

// remoteEnv carries the remote settings from a client to the daemon it
// spawns, so that header values (tokens) never appear on a command line.
const remoteEnv = "AGENTBROWSER_REMOTE"

// remoteFlags are the settings of a remote browser. They travel to the
// daemon in remoteEnv and are kept, owner-only, in the session's .remote
// file so that a daemon that replaces one whose remote browser died
// reconnects to the same remote endpoint instead of launching a local
// browser.
type remoteFlags struct {
	CDP          string          `json:"cdp,omitempty"`
	Grid         string          `json:"grid,omitempty"`
	GridBinary   string          `json:"grid_binary,omitempty"`
	Capabilities json.RawMessage `json:"grid_capabilities,omitempty"`
	Headers      []string        `json:"headers,omitempty"`
}

func (r *remoteFlags) set(name, v string) error {
	switch name {
	case "grid":
		if !strings.HasPrefix(v, "http://") && !strings.HasPrefix(v, "https://") {
			return usageErrorf("--grid %q: want the hub's http:// or https:// URL, such as http://127.0.0.1:4444", cdpmux.RedactURL(v))
		}
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
		lines := multiValues(v)
		if _, err := session.ParseHeaders(lines); err != nil {
			return usageErrorf("--cdp-header: %v", err)
		}
		r.Headers = lines
	}
	return nil
}

func (r remoteFlags) empty() bool { return r.CDP == "" && r.Grid == "" }

// remoteOf returns g's remote settings with the CDP URL filled in.
func remoteOf(g globals) remoteFlags {
	r := g.Remote
	r.CDP = g.CDP
	return r
}

// withRemote fills g's remote settings from r.
func withRemote(g globals, r remoteFlags) globals {
	g.CDP = r.CDP
	g.Remote = r
	g.Remote.CDP = ""
	return g
}

// remotePath is where a session's remote settings are kept.
func remotePath(p sessionPaths) string {
	return strings.TrimSuffix(p.Socket, ".sock") + ".remote"
}

// loadRemote reads the settings a previous daemon of the session kept.
func loadRemote(p sessionPaths) (remoteFlags, bool) {
	b, err := safefile.ReadFile(remotePath(p), 1<<20, safefile.Options{NoFollow: true})
	if err != nil {
		return remoteFlags{}, false
	}
	var r remoteFlags
	if json.Unmarshal(b, &r) != nil || r.empty() {
		return remoteFlags{}, false
	}
	return r, true
}

// saveRemote keeps r for a replacement daemon, readable by the owner only;
// nothing is kept for a launched browser.
func saveRemote(p sessionPaths, r remoteFlags) {
	if r.empty() {
		os.Remove(remotePath(p))
		return
	}
	b, _ := json.Marshal(r)
	_ = os.WriteFile(remotePath(p), b, 0o600)
}

// forgetRemote drops the kept settings: the user closed the session.
func forgetRemote(p sessionPaths) { os.Remove(remotePath(p)) }

// remoteFromEnv reads the settings a client passed to the daemon.
func remoteFromEnv() (remoteFlags, bool) {
	v := os.Getenv(remoteEnv)
	if v == "" {
		return remoteFlags{}, false
	}
	var r remoteFlags
	if json.Unmarshal([]byte(v), &r) != nil {
		return remoteFlags{}, false
	}
	return r, true
}

// sessionBase fills the remote parts of a session config from g.
func sessionBase(base session.Config, g globals) session.Config {
	h, _ := session.ParseHeaders(g.Remote.Headers)
	if len(h) > 0 {
		base.Header = h
	}
	base.Grid.Binary = g.Remote.GridBinary
	base.Grid.Capabilities = g.Remote.Capabilities
	return base
}

// endpointOf is the daemon's endpoint for the Registry.
func endpointOf(g globals) session.Endpoint {
	return session.Endpoint{CDPURL: g.CDP, GridURL: g.Remote.Grid}
}

// cancelOnRemoteLoss cancels a command on a remote session as soon as the
// session is lost (its liveness check failed or the socket dropped), so the
// command in flight fails within seconds instead of waiting out its budget
// on a connection nobody answers. Local sessions are left to the daemon's
// own handling of a browser's death.
func cancelOnRemoteLoss(ctx context.Context, s *session.BrowserSession) (context.Context, func()) {
	if s == nil || !s.Remote() {
		return ctx, func() {}
	}
	ctx, cancel := context.WithCancel(ctx)
	go func() {
		select {
		case <-s.Done():
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, cancel
}

// remoteLossError reports a command that failed because its remote session
// was lost as that loss (browser_crashed, naming the endpoint), not as the
// cancellation it caused.
func remoteLossError(err error, s *session.BrowserSession) error {
	if err == nil || s == nil || !s.Remote() {
		return err
	}
	if errors.Is(err, cdpmux.ErrDisconnected) || errors.Is(err, cdpmux.ErrClosed) {
		// A connection of the command's own (the evaluate engine's) can
		// drop before the session's notices the endpoint is gone: ask the
		// session's connection now (bounded by the liveness timeout).
		if perr := s.ProbeNow(context.Background()); perr != nil && !errors.Is(perr, session.ErrClosed) {
			// The session records the loss, with the endpoint's name,
			// as its watch sees the failed connection.
			wait, cancel := context.WithTimeout(context.Background(), time.Second)
			defer cancel()
			select {
			case <-s.Done():
			case <-wait.Done():
			}
			if s.Err() == nil {
				return perr
			}
		}
	}
	if serr := s.Err(); serr != nil && !errors.Is(serr, session.ErrClosed) {
		return serr
	}
	return err
}
