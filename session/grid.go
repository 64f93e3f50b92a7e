package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
	"github.com/agentbrowser/agentbrowser/internal/grid"
	"github.com/agentbrowser/agentbrowser/internal/httpheader"
)

// GridFlags returns the Chrome flags a Grid node's browser gets by default
// (the flags a local launch uses that matter on a node): a new slice on
// every call, so that no caller changes another session's.
func GridFlags() []string {
	return []string{
		"--headless",
		"--no-sandbox",
		"--disable-gpu",
		"--disable-quic",
		"--no-first-run",
		"--disable-background-networking",
		"--disable-component-update",
		"--disable-sync",
		"--disable-dev-shm-usage",
		"--site-per-process",
		"--window-size=1280,800",
	}
}

// GridConfig makes a session ask a Selenium Grid 4 for its browser: the
// session creates a WebDriver session, connects to its se:cdp websocket, and
// deletes the WebDriver session when it closes.
type GridConfig struct {
	// URL is the hub, router or standalone server (http://host:4444).
	URL string
	// Binary is the browser on the node (goog:chromeOptions.binary); empty
	// lets the node's chromedriver find it.
	Binary string
	// Args replace GridFlags when not nil.
	Args []string
	// Capabilities, a JSON object, are merged over the Chrome capabilities
	// we build; goog:chromeOptions is merged key by key.
	Capabilities json.RawMessage
}

// GridInfo describes the Grid session behind a BrowserSession.
type GridInfo struct {
	URL       string `json:"grid"`
	SessionID string `json:"grid_session"`
	Node      string `json:"grid_node,omitempty"`
}

// Grid returns the Grid session behind s, if s was started on a Grid.
func (s *BrowserSession) Grid() (GridInfo, bool) {
	if s.grid == nil {
		return GridInfo{}, false
	}
	return GridInfo{URL: cdpmux.RedactURL(s.cfg.Grid.URL), SessionID: s.grid.sess.ID, Node: s.grid.sess.Node}, true
}

// gridSession is a WebDriver session the BrowserSession owns.
type gridSession struct {
	client *grid.Client
	sess   grid.Session
}

// startGrid creates the WebDriver session and returns its se:cdp URL.
func (s *BrowserSession) startGrid(ctx context.Context) (string, error) {
	cfg := s.cfg.Grid
	args := cfg.Args
	if args == nil {
		args = GridFlags()
	}
	var extra map[string]any
	if len(cfg.Capabilities) > 0 {
		if err := json.Unmarshal(cfg.Capabilities, &extra); err != nil || extra == nil {
			return "", events.Errorf(events.CodeInvalidArgument, "grid capabilities: want a JSON object such as {\"goog:chromeOptions\":{\"args\":[\"--lang=de\"]}}")
		}
	}
	c := grid.New(cfg.URL, s.cfg.Header)
	gs, err := c.NewSession(ctx, grid.Capabilities(cfg.Binary, args, extra))
	if err != nil {
		return "", gridConnectError(cfg.URL, err)
	}
	s.grid = &gridSession{client: c, sess: gs}
	s.log.Debug().Str("grid_session", gs.ID).Str("node", gs.Node).Msg("grid session created")
	return gs.CDPURL, nil
}

// stopGrid deletes the WebDriver session, so its slot is free at once. A
// session the Grid already dropped is not an error.
func (s *BrowserSession) stopGrid(ctx context.Context) error {
	if s.grid == nil {
		return nil
	}
	err := s.grid.client.DeleteSession(ctx, s.grid.sess.ID)
	if err != nil && !errors.Is(err, grid.ErrUnknownSession) {
		return fmt.Errorf("deleting grid session %s: %w", s.grid.sess.ID, err)
	}
	return nil
}

// gridConnectError turns a Grid client error into a connect_failed error
// that says what to try.
func gridConnectError(rawURL string, err error) error {
	u := cdpmux.RedactURL(rawURL)
	var next string
	switch {
	case errors.Is(err, grid.ErrUnreachable):
		next = "check that the Grid runs and that the URL's host and port are right (java -jar selenium-server.jar standalone, or the hub's URL)"
	case errors.Is(err, grid.ErrNotGrid):
		next = "the URL answered but is not a Selenium Grid 4; give the hub or standalone URL (http://host:4444), or use --cdp for a plain CDP endpoint"
	case errors.Is(err, grid.ErrNoFreeSlot):
		next = "every Chrome slot is busy; close another session, add a node, or raise the node's --max-sessions, then retry"
	case errors.Is(err, grid.ErrBrowserDidNotStart):
		next = "the node's Chrome exited while it started, twice; check the node's log (the Chrome binary and --grid-binary, its flags, the node's memory and /dev/shm), then retry"
	case errors.Is(err, grid.ErrNoCDP):
		next = "the node's browser gave no CDP endpoint; use Chrome or Chromium nodes on Grid 4"
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		next = "the Grid did not create a session in time; check the node logs and free slots"
	default:
		next = "check the Grid's log; the capabilities may not match any node (--grid-capabilities)"
	}
	return events.Errorf(events.CodeConnectFailed, "creating a browser on grid %s: %w; %s", u, redactErr(err, rawURL), next)
}

// gridCDPError explains a se:cdp URL that cannot be dialled: most often the
// nodes were not told the hub's address, so the URL names a host we cannot
// reach.
func gridCDPError(gridURL, cdpURL string, err error) error {
	next := "the hub did not complete the websocket handshake; check its log and load, then retry"
	g, gerr := url.Parse(gridURL)
	c, cerr := url.Parse(cdpURL)
	if gerr == nil && cerr == nil && g.Host != c.Host {
		next = "the Grid builds this URL from the address its nodes were given: start the nodes with --grid-url set to the hub's URL as agentbrowser reaches it (SE_NODE_GRID_URL in docker-selenium)"
	}
	return events.Errorf(events.CodeConnectFailed, "connecting to the se:cdp url %s that grid %s returned: %w; %s",
		cdpmux.RedactURL(cdpURL), cdpmux.RedactURL(gridURL), redactErr(err, cdpURL), next)
}

// connectError wraps a failure to reach a CDP endpoint.
func connectError(rawURL string, err error) error {
	u := cdpmux.RedactURL(rawURL)
	rerr := redactErr(err, rawURL)
	msg := rerr.Error()
	next := "check that the browser runs with --remote-debugging-port and that the host and port are right"
	switch {
	case strings.Contains(rawURL, "/se/cdp") && (strings.Contains(msg, "HTTP 404") || strings.Contains(msg, "HTTP 400") || strings.Contains(msg, "HTTP 500")):
		next = "the Grid does not know this session (it ended, idled out or was deleted); give --grid with the hub's URL so that agentbrowser creates and keeps its own sessions"
	case strings.Contains(msg, "HTTP 404"), strings.Contains(msg, "/json/version"):
		next = "this endpoint has no /json/version: give the websocket URL (ws://host:port/devtools/browser/ID, or the se:cdp URL of a Grid session), or use --grid for a Selenium Grid"
	case strings.Contains(msg, "HTTP 401"), strings.Contains(msg, "HTTP 403"):
		next = "the endpoint refused the handshake: check the token (--cdp-header 'Authorization: Bearer ...')"
	case errors.Is(err, context.DeadlineExceeded):
		next = "the endpoint did not answer in time; check the host, port and firewall"
	}
	return events.Errorf(events.CodeConnectFailed, "connecting to %s: %w; %s", u, rerr, next)
}

// redactErr wraps err so that its text never shows raw, in case a layer
// below quoted the URL with its secrets; errors.Is still sees err.
func redactErr(err error, raw string) error {
	msg := err.Error()
	if raw != "" {
		msg = strings.ReplaceAll(msg, raw, cdpmux.RedactURL(raw))
	}
	return &redacted{err: err, msg: msg}
}

type redacted struct {
	err error
	msg string
}

func (r *redacted) Error() string { return r.msg }
func (r *redacted) Unwrap() error { return r.err }

// ParseHeaders turns "Name: value" lines into a header, as --cdp-header
// gives them.
func ParseHeaders(lines []string) (http.Header, error) {
	h := http.Header{}
	for _, l := range lines {
		name, val, err := httpheader.SplitLine(l)
		if err != nil {
			return nil, err
		}
		h.Add(name, val)
	}
	return h, nil
}

// gridDeleteTimeout bounds deleting a Grid session on Close.
const gridDeleteTimeout = 5 * time.Second
