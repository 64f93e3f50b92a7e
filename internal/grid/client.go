package grid

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// Client talks WebDriver to one Grid URL (hub, router or standalone). It is
// safe for concurrent use.
type Client struct {
	base   string
	header http.Header
	http   *http.Client
}

// New returns a client for the Grid at base (http://host:4444, with or
// without a trailing slash or /wd/hub). header is sent with every request,
// for Grids behind an authenticating proxy.
func New(base string, header http.Header) *Client {
	// A session makes three or four requests in its life: keeping idle
	// connections (and their goroutines) around buys nothing.
	tr := &http.Transport{Proxy: http.ProxyFromEnvironment, DisableKeepAlives: true}
	return &Client{base: strings.TrimRight(base, "/"), header: header, http: &http.Client{Transport: tr}}
}

// Session is a WebDriver session the Grid created.
type Session struct {
	ID string `json:"id"`
	// CDPURL is the se:cdp websocket URL, routed through the hub.
	CDPURL string `json:"cdp_url"`
	// Node is the URI of the node running the session, when /status says.
	Node string `json:"node,omitempty"`
	// BrowserVersion is what the node launched.
	BrowserVersion string `json:"browser_version,omitempty"`
}

// Capabilities builds the W3C capabilities for a Chrome session: browserName
// chrome, goog:chromeOptions with binary (when not empty) and args, and
// extra merged over them (extra's goog:chromeOptions is merged key by key).
func Capabilities(binary string, args []string, extra map[string]any) map[string]any {
	opts := map[string]any{"args": args}
	if binary != "" {
		opts["binary"] = binary
	}
	caps := map[string]any{"browserName": "chrome"}
	for k, v := range extra {
		if k == "goog:chromeOptions" {
			if m, ok := v.(map[string]any); ok {
				for ok2, ov := range m {
					opts[ok2] = ov
				}
				continue
			}
		}
		caps[k] = v
	}
	caps["goog:chromeOptions"] = opts
	return caps
}

// NewSession asks the Grid for a session with caps (see Capabilities). It
// checks /status first and fails with ErrNoFreeSlot when no node has a free
// slot for caps' browserName, because the Grid would otherwise queue the
// request for its session-request-timeout (300 s by default) and might
// start a session after we stopped waiting.
func (c *Client) NewSession(ctx context.Context, caps map[string]any) (Session, error) {
	st, err := c.Status(ctx)
	if err != nil {
		return Session{}, err
	}
	browser, _ := caps["browserName"].(string)
	if !st.HasFreeSlot(browser) {
		return Session{}, fmt.Errorf("%w for %s (%d nodes up, every %s slot busy)", ErrNoFreeSlot, browser, st.NodesUp(), browser)
	}
	body := map[string]any{"capabilities": map[string]any{"alwaysMatch": caps}}
	var reply struct {
		SessionID    string         `json:"sessionId"`
		Capabilities map[string]any `json:"capabilities"`
	}
	if err := c.do(ctx, http.MethodPost, "/session", body, &reply); err != nil {
		var ge *Error
		if errors.As(err, &ge) && (ge.Code == "session not created" || strings.Contains(ge.Message, "SessionNotCreated")) {
			if browserDied(ge.Message) {
				return Session{}, fmt.Errorf("%w: %w", ErrBrowserDidNotStart, err)
			}
			return Session{}, fmt.Errorf("%w: %w", ErrNoFreeSlot, err)
		}
		return Session{}, err
	}
	s := Session{ID: reply.SessionID}
	s.CDPURL, _ = reply.Capabilities["se:cdp"].(string)
	s.BrowserVersion, _ = reply.Capabilities["browserVersion"].(string)
	if s.CDPURL == "" {
		// Leave no session behind that we cannot use.
		_ = c.DeleteSession(context.WithoutCancel(ctx), s.ID)
		return Session{}, ErrNoCDP
	}
	if st, err := c.Status(ctx); err == nil {
		s.Node = st.NodeOf(s.ID)
	}
	return s, nil
}

// DeleteSession ends the session and frees its slot. A session the Grid no
// longer knows is reported as ErrUnknownSession.
func (c *Client) DeleteSession(ctx context.Context, id string) error {
	return c.do(ctx, http.MethodDelete, "/session/"+id, nil, nil)
}

// Status is the Grid's /status.
type Status struct {
	Ready   bool   `json:"ready"`
	Message string `json:"message"`
	Nodes   []Node `json:"nodes"`
}

// Node is one node in /status.
type Node struct {
	URI          string `json:"uri"`
	Availability string `json:"availability"`
	Slots        []Slot `json:"slots"`
}

// Slot is one slot of a node; Session is nil when it is free.
type Slot struct {
	Session *struct {
		SessionID string `json:"sessionId"`
	} `json:"session"`
	Stereotype map[string]any `json:"stereotype"`
}

// HasFreeSlot reports whether an UP node has a free slot for browser ("" for
// any).
func (s Status) HasFreeSlot(browser string) bool {
	for _, n := range s.Nodes {
		if n.Availability != "" && n.Availability != "UP" {
			continue
		}
		for _, sl := range n.Slots {
			name, _ := sl.Stereotype["browserName"].(string)
			if sl.Session == nil && (browser == "" || strings.EqualFold(name, browser)) {
				return true
			}
		}
	}
	return false
}

// NodesUp counts the nodes whose availability is UP.
func (s Status) NodesUp() int {
	n := 0
	for _, nd := range s.Nodes {
		if nd.Availability == "" || nd.Availability == "UP" {
			n++
		}
	}
	return n
}

// NodeOf returns the URI of the node running session id, or "".
func (s Status) NodeOf(id string) string {
	for _, n := range s.Nodes {
		for _, sl := range n.Slots {
			if sl.Session != nil && sl.Session.SessionID == id {
				return n.URI
			}
		}
	}
	return ""
}

// Sessions lists the ids of the sessions running on the Grid.
func (s Status) Sessions() []string {
	var out []string
	for _, n := range s.Nodes {
		for _, sl := range n.Slots {
			if sl.Session != nil {
				out = append(out, sl.Session.SessionID)
			}
		}
	}
	return out
}

// Status reads /status. A URL that answers but is not a Grid gives
// ErrNotGrid; one that does not answer, ErrUnreachable.
func (c *Client) Status(ctx context.Context) (Status, error) {
	var st Status
	if err := c.do(ctx, http.MethodGet, "/status", nil, &st); err != nil {
		var ge *Error
		if errors.As(err, &ge) {
			return st, fmt.Errorf("%w: /status %w", ErrNotGrid, err)
		}
		return st, err
	}
	if st.Message == "" && st.Nodes == nil {
		return st, fmt.Errorf("%w: /status has no Grid fields", ErrNotGrid)
	}
	return st, nil
}

// do sends one WebDriver request and decodes the reply's "value" into out.
func (c *Client) do(ctx context.Context, method, path string, in, out any) error {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("encoding %s %s: %w", method, path, err)
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, body)
	if err != nil {
		return fmt.Errorf("building %s %s: %w", method, path, err)
	}
	for k, v := range c.header {
		req.Header[k] = v
	}
	if in != nil {
		// Grid refuses a body without the charset.
		req.Header.Set("Content-Type", "application/json; charset=utf-8")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("%s %s: %w", method, path, ctx.Err())
		}
		return fmt.Errorf("%w: %s %s: %v", ErrUnreachable, method, path, dialCause(err))
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return fmt.Errorf("%w: reading %s %s: %v", ErrUnreachable, method, path, err)
	}
	var env struct {
		Value json.RawMessage `json:"value"`
	}
	if resp.StatusCode != http.StatusOK {
		var we struct {
			Error   string `json:"error"`
			Message string `json:"message"`
		}
		if json.Unmarshal(raw, &env) == nil && len(env.Value) > 0 {
			_ = json.Unmarshal(env.Value, &we)
		}
		e := &Error{Status: resp.StatusCode, Code: we.Error, Message: we.Message}
		if e.Message == "" {
			e.Message = strings.TrimSpace(string(raw[:min(len(raw), 200)]))
		}
		if we.Error == "invalid session id" || strings.Contains(we.Message, "NoSuchSession") || strings.Contains(we.Message, "Unable to find session") {
			return fmt.Errorf("%w: %w", ErrUnknownSession, e)
		}
		return e
	}
	if err := json.Unmarshal(raw, &env); err != nil {
		return &Error{Status: resp.StatusCode, Message: "reply is not JSON: " + strings.TrimSpace(string(raw[:min(len(raw), 200)]))}
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(env.Value, out); err != nil {
		return &Error{Status: resp.StatusCode, Message: "decoding reply: " + err.Error()}
	}
	return nil
}

// dialCause strips the URL net/http puts in front of a transport error, so
// that a credential in the URL never reaches an error message.
func dialCause(err error) error {
	var ue interface{ Unwrap() error }
	if errors.As(err, &ue) {
		if inner := ue.Unwrap(); inner != nil {
			return inner
		}
	}
	return err
}
