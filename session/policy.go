package session

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"slices"
	"strings"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
)

// URLPolicy limits where the agent may take the session's browser. The zero
// value is the default: agent navigations open only http, https and
// about:blank, and every origin loads. See docs/security.md.
type URLPolicy struct {
	// AllowSchemes adds URL schemes the agent may open beyond http, https
	// and about:blank ("file", "data", "chrome", "view-source", "about",
	// ...). javascript: is never opened, whatever this says.
	AllowSchemes []string
	// AllowedOrigins, when not empty, is the only set of origins any
	// document of the session may load from: the agent's navigations, links
	// the page follows itself, iframes and popups. An entry is
	// [scheme://]host[:port]; a host "*.example.com" matches example.com
	// and its subdomains; a missing scheme or port matches any.
	AllowedOrigins []string
	// BlockedOrigins are origins no document may load from, in the same
	// form; they win over AllowedOrigins.
	BlockedOrigins []string
}

// Validate reports what is wrong with p.
func (p URLPolicy) Validate() error {
	var errs []error
	for _, s := range p.AllowSchemes {
		if !validScheme(strings.ToLower(s)) {
			errs = append(errs, fmt.Errorf("scheme %q: want letters, digits, '+', '-' or '.', starting with a letter", s))
		}
	}
	for _, list := range [][]string{p.AllowedOrigins, p.BlockedOrigins} {
		for _, o := range list {
			if _, err := parseOrigin(o); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return errors.Join(errs...)
}

// HasOrigins reports whether the policy restricts origins, which costs a
// pause of every document request.
func (p URLPolicy) HasOrigins() bool {
	return len(p.AllowedOrigins) > 0 || len(p.BlockedOrigins) > 0
}

func validScheme(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

// NormalizeURL turns what an agent types into the URL that is loaded: a
// full URL as is, a host without a scheme as http. The URL policy checks
// the same string the navigation loads.
func NormalizeURL(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", events.Errorf(events.CodeInvalidArgument, "url is empty")
	}
	if !strings.Contains(raw, "://") && !hasOpaqueScheme(raw) {
		raw = "http://" + raw
	}
	if _, err := url.Parse(raw); err != nil {
		return "", events.Errorf(events.CodeInvalidArgument, "url %q: %v", raw, err)
	}
	return raw, nil
}

// knownSchemes are schemes never taken for a host, whatever follows them
// ("javascript:1" is not host javascript, port 1).
var knownSchemes = map[string]bool{
	"about": true, "blob": true, "chrome": true, "chrome-extension": true, "chrome-untrusted": true,
	"data": true, "devtools": true, "file": true, "filesystem": true, "javascript": true,
	"mailto": true, "tel": true, "view-source": true,
}

// hasOpaqueScheme tells "about:blank" or "javascript:x" (a scheme without
// "//") from "localhost:8080" (a host and port).
func hasOpaqueScheme(raw string) bool {
	scheme, rest, ok := strings.Cut(raw, ":")
	if !ok || !validScheme(strings.ToLower(scheme)) {
		return false
	}
	if rest == "" || knownSchemes[strings.ToLower(scheme)] {
		return true
	}
	port, _, _ := strings.Cut(rest, "/")
	for _, c := range port {
		if c < '0' || c > '9' {
			return true
		}
	}
	return port == ""
}

// URLScheme is the lowercase scheme of the URL an agent's raw URL loads,
// or "" when it does not parse.
func URLScheme(raw string) string {
	n, err := NormalizeURL(raw)
	if err != nil {
		return ""
	}
	u, err := url.Parse(n)
	if err != nil {
		return ""
	}
	return u.Scheme
}

// CheckNavigation decides whether the agent may open raw: its scheme and
// its origin. The error is url_not_allowed (invalid_argument for a URL
// that does not parse) and says which flag would allow it.
func (p URLPolicy) CheckNavigation(raw string) error {
	n, err := NormalizeURL(raw)
	if err != nil {
		return err
	}
	u, err := url.Parse(n)
	if err != nil {
		return events.Errorf(events.CodeInvalidArgument, "url %q: %v", n, err)
	}
	refuse := func(format string, args ...any) error {
		return events.Errorf(events.CodeURLNotAllowed, format, args...).WithDetails(events.ErrorDetails{URL: n, Scheme: u.Scheme})
	}
	switch {
	case u.Scheme == "javascript":
		return refuse("javascript: URLs are never opened: run script with eval (which obeys --evaluate-enabled); nothing was loaded")
	case u.Scheme == "http", u.Scheme == "https":
	case u.Scheme == "about" && u.Opaque == "blank":
	case slices.ContainsFunc(p.AllowSchemes, func(s string) bool { return strings.EqualFold(s, u.Scheme) }):
	default:
		return refuse("the %s: scheme is not allowed in this session (only http, https and about:blank open by default); nothing was loaded. Start the session with --allow-scheme %s to allow it (Go: URLPolicy.AllowSchemes)", u.Scheme, u.Scheme)
	}
	return p.CheckOrigin(n)
}

// CheckOrigin decides whether a document may load from raw's origin. URLs
// without a host (about:, data:, file:) are not subject to the origin
// lists.
func (p URLPolicy) CheckOrigin(raw string) error {
	if !p.HasOrigins() {
		return nil
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return nil
	}
	origin := u.Scheme + "://" + u.Host
	for _, o := range p.BlockedOrigins {
		if po, err := parseOrigin(o); err == nil && po.match(u) {
			return events.Errorf(events.CodeURLNotAllowed, "%s is blocked in this session (--blocked-origins %s); nothing was loaded", origin, o).
				WithDetails(events.ErrorDetails{URL: raw, Origin: origin})
		}
	}
	if len(p.AllowedOrigins) == 0 {
		return nil
	}
	for _, o := range p.AllowedOrigins {
		if po, err := parseOrigin(o); err == nil && po.match(u) {
			return nil
		}
	}
	return events.Errorf(events.CodeURLNotAllowed, "%s is not in this session's allowed origins (--allowed-origins %s); nothing was loaded", origin, strings.Join(p.AllowedOrigins, ",")).
		WithDetails(events.ErrorDetails{URL: raw, Origin: origin})
}

// originPattern is one parsed entry of an origin list.
type originPattern struct {
	scheme   string // "" matches any
	host     string
	wildcard bool   // host and its subdomains
	port     string // "" matches any
}

func parseOrigin(s string) (originPattern, error) {
	bad := func(why string) (originPattern, error) {
		return originPattern{}, fmt.Errorf("origin %q: %s (want [scheme://]host[:port], host may start with *.)", s, why)
	}
	var p originPattern
	rest := strings.TrimSpace(s)
	if scheme, r, ok := strings.Cut(rest, "://"); ok {
		p.scheme = strings.ToLower(scheme)
		if !validScheme(p.scheme) {
			return bad("bad scheme")
		}
		rest = r
	}
	rest = strings.TrimSuffix(rest, "/")
	if strings.ContainsAny(rest, "/?#@") {
		return bad("an origin has no path, query or user")
	}
	if after, ok := strings.CutPrefix(rest, "*."); ok {
		p.wildcard = true
		rest = after
	}
	host, port := rest, ""
	if h, pt, err := net.SplitHostPort(rest); err == nil {
		host, port = h, pt
	}
	host = strings.ToLower(strings.Trim(host, "[]"))
	if host == "" || strings.Contains(host, "*") {
		return bad("no host, or a wildcard elsewhere than at the start")
	}
	p.host, p.port = host, port
	return p, nil
}

func (p originPattern) match(u *url.URL) bool {
	if p.scheme != "" && p.scheme != u.Scheme {
		return false
	}
	h := strings.ToLower(u.Hostname())
	if h != p.host && !(p.wildcard && strings.HasSuffix(h, "."+p.host)) {
		return false
	}
	if p.port == "" {
		return true
	}
	port := u.Port()
	if port == "" {
		switch u.Scheme {
		case "http", "ws":
			port = "80"
		case "https", "wss":
			port = "443"
		}
	}
	return port == p.port
}

// PolicyGuardOrder is the order of the URL policy's guard among an event's
// guards: after the evaluate switch, before dialog_blocking.
const PolicyGuardOrder = 20

// installURLPolicy vetoes the agent's navigations that the policy refuses.
// Back and forward are not checked: they return to documents that were
// allowed when they loaded (and the origin lists still stop their loads).
func (s *BrowserSession) installURLPolicy() {
	p := s.cfg.Policy
	bus.Guard(s.bus, "url_policy", PolicyGuardOrder, func(ctx context.Context, e events.NavigateToURLEvent) error {
		return p.CheckNavigation(e.URL)
	})
	bus.Guard(s.bus, "url_policy", PolicyGuardOrder, func(ctx context.Context, e events.NewTabEvent) error {
		if e.URL == "" {
			return nil
		}
		return p.CheckNavigation(e.URL)
	})
}

// Policy is the session's URL policy.
func (s *BrowserSession) Policy() URLPolicy { return s.cfg.Policy }
