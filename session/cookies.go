package session

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/events"
)

// cdpCookie is a cookie as the Storage and Network domains report it.
type cdpCookie struct {
	Name         string  `json:"name"`
	Value        string  `json:"value"`
	Domain       string  `json:"domain"`
	Path         string  `json:"path"`
	Expires      float64 `json:"expires"`
	HTTPOnly     bool    `json:"httpOnly"`
	Secure       bool    `json:"secure"`
	Session      bool    `json:"session"`
	SameSite     string  `json:"sameSite,omitempty"`
	PartitionKey *struct {
		TopLevelSite         string `json:"topLevelSite"`
		HasCrossSiteAncestor bool   `json:"hasCrossSiteAncestor"`
	} `json:"partitionKey,omitempty"`
}

// public turns a browser cookie into Playwright's form: a session cookie
// expires at -1, and a cookie without SameSite is Lax, which is how
// Chromium treats it.
func (c cdpCookie) public() events.Cookie {
	out := events.Cookie{
		Name: c.Name, Value: c.Value, Domain: c.Domain, Path: c.Path,
		Expires: c.Expires, HTTPOnly: c.HTTPOnly, Secure: c.Secure, SameSite: c.SameSite,
	}
	if c.Session || out.Expires <= 0 {
		out.Expires = -1
	}
	if out.SameSite == "" {
		out.SameSite = "Lax"
	}
	if c.PartitionKey != nil {
		out.PartitionKey = c.PartitionKey.TopLevelSite
	}
	return out
}

// cookieParam is the Network.CookieParam a cookie is set with.
func cookieParam(c events.Cookie, u string) map[string]any {
	p := map[string]any{"name": c.Name, "value": c.Value}
	if u != "" {
		p["url"] = u
	}
	if c.Domain != "" {
		p["domain"] = c.Domain
	}
	// Without a path a cookie is the whole site's, with a URL too (the
	// browser would otherwise take the URL's directory).
	p["path"] = c.Path
	if c.Path == "" {
		p["path"] = "/"
	}
	if c.Secure {
		p["secure"] = true
	}
	if c.HTTPOnly {
		p["httpOnly"] = true
	}
	if c.SameSite != "" {
		p["sameSite"] = c.SameSite
	}
	if c.Expires > 0 {
		p["expires"] = c.Expires
	}
	if c.PartitionKey != "" {
		p["partitionKey"] = map[string]any{"topLevelSite": c.PartitionKey, "hasCrossSiteAncestor": false}
	}
	return p
}

// withContext adds the session's browser context to a Storage command's
// parameters, when it has one of its own.
func (s *BrowserSession) withContext(params map[string]any) map[string]any {
	s.mu.Lock()
	bc := s.browserContext
	s.mu.Unlock()
	if bc != "" {
		params["browserContextId"] = bc
	}
	return params
}

// allCookies reads every cookie of the session's browser context.
func (s *BrowserSession) allCookies(ctx context.Context) ([]cdpCookie, error) {
	var r struct {
		Cookies []cdpCookie `json:"cookies"`
	}
	if err := rpcc.Invoke(ctx, "Storage.getCookies", s.withContext(map[string]any{}), &r, s.conn.Browser()); err != nil {
		return nil, fmt.Errorf("reading cookies: %w", err)
	}
	return r.Cookies, nil
}

// setCookies sets cookies in the session's browser context. The browser
// checks them all before it sets any.
func (s *BrowserSession) setCookies(ctx context.Context, params []map[string]any) error {
	if len(params) == 0 {
		return nil
	}
	if err := rpcc.Invoke(ctx, "Storage.setCookies", s.withContext(map[string]any{"cookies": params}), nil, s.conn.Browser()); err != nil {
		return fmt.Errorf("setting cookies: %w", err)
	}
	return nil
}

// clearAllCookies deletes every cookie of the session's browser context.
func (s *BrowserSession) clearAllCookies(ctx context.Context) error {
	if err := rpcc.Invoke(ctx, "Storage.clearCookies", s.withContext(map[string]any{}), nil, s.conn.Browser()); err != nil {
		return fmt.Errorf("clearing cookies: %w", err)
	}
	return nil
}

// restoreCookies makes the context's cookies exactly before again.
func (s *BrowserSession) restoreCookies(ctx context.Context, before []cdpCookie) error {
	if err := s.clearAllCookies(ctx); err != nil {
		return err
	}
	params := make([]map[string]any, 0, len(before))
	for _, c := range before {
		pc := c.public()
		if c.Session {
			pc.Expires = -1
		}
		if c.SameSite == "" {
			pc.SameSite = ""
		}
		params = append(params, cookieParam(pc, ""))
	}
	return s.setCookies(ctx, params)
}

// Cookies lists the cookies of the session's browser context, HttpOnly
// ones included: all, or those a request to any of urls would send.
func (s *BrowserSession) Cookies(ctx context.Context, urls []string) ([]events.Cookie, error) {
	var parsed []*url.URL
	for _, raw := range urls {
		u, err := cookieURL(raw)
		if err != nil {
			return nil, err
		}
		parsed = append(parsed, u)
	}
	all, err := s.allCookies(ctx)
	if err != nil {
		return nil, err
	}
	out := []events.Cookie{}
	for _, c := range all {
		if len(parsed) == 0 || matchesAny(c, parsed) {
			out = append(out, c.public())
		}
	}
	return out, nil
}

func matchesAny(c cdpCookie, us []*url.URL) bool {
	for _, u := range us {
		if cookieMatches(c.Domain, c.Path, c.Secure, u) {
			return true
		}
	}
	return false
}

// cookieURL checks a URL cookies are listed, set or cleared for.
func cookieURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, events.Errorf(events.CodeInvalidArgument, "url %q: want an http or https URL such as https://example.com/", raw)
	}
	return u, nil
}

// cookieMatches reports whether a request to u sends a cookie of domain,
// path and secure (RFC 6265 domain and path matching; secure cookies go to
// https and to the local host, as Chromium sends them).
func cookieMatches(domain, path string, secure bool, u *url.URL) bool {
	host := strings.ToLower(u.Hostname())
	d := strings.ToLower(domain)
	if after, ok := strings.CutPrefix(d, "."); ok {
		if host != after && !strings.HasSuffix(host, d) {
			return false
		}
	} else if host != d {
		return false
	}
	rp := u.EscapedPath()
	if rp == "" {
		rp = "/"
	}
	if path == "" {
		path = "/"
	}
	if rp != path && !(strings.HasPrefix(rp, path) && (strings.HasSuffix(path, "/") || rp[len(path)] == '/')) {
		return false
	}
	if secure && u.Scheme != "https" && host != "localhost" && host != "127.0.0.1" && host != "::1" && !strings.HasSuffix(host, ".localhost") {
		return false
	}
	return true
}

// SetCookie sets one cookie in the session's browser context, scoped by
// rawURL or by c.Domain, and returns it as the browser stored it.
func (s *BrowserSession) SetCookie(ctx context.Context, c events.Cookie, rawURL string) ([]events.Cookie, error) {
	if rawURL == "" && c.Domain == "" {
		return nil, events.Errorf(events.CodeInvalidArgument, "a cookie needs a URL or a domain to belong to (--url or --domain)")
	}
	check := c
	if rawURL != "" {
		u, err := cookieURL(rawURL)
		if err != nil {
			return nil, err
		}
		if check.Domain == "" {
			check.Domain = u.Hostname()
		}
		if check.Path == "" {
			check.Path = "/"
		}
	}
	if check.Path == "" {
		check.Path = "/"
	}
	if check.Expires == 0 {
		check.Expires = -1
	}
	if err := ValidateStorageState(events.StorageState{Cookies: []events.Cookie{check}}); err != nil {
		return nil, events.Errorf(events.CodeInvalidArgument, "cookie %q: %s", c.Name, strings.TrimSuffix(strings.TrimPrefix(err.Error(), "cookies[0]"), "; nothing was loaded"))
	}
	if err := s.setCookies(ctx, []map[string]any{cookieParam(c, rawURL)}); err != nil {
		return nil, events.NewError(events.CodeInvalidArgument, err,
			"the browser refused cookie %q (a Secure cookie needs an https URL, SameSite=None needs Secure, a domain must be the URL's host or a parent of it): %s", c.Name, innerCDP(err))
	}
	all, err := s.allCookies(ctx)
	if err != nil {
		return nil, err
	}
	out := []events.Cookie{}
	for _, have := range all {
		if have.Name == c.Name && strings.TrimPrefix(strings.ToLower(have.Domain), ".") == strings.TrimPrefix(strings.ToLower(check.Domain), ".") && have.Path == check.Path {
			out = append(out, have.public())
		}
	}
	return out, nil
}

// ClearCookies deletes the cookies of the session's browser context: all,
// or those a request to rawURL would send. It returns what it deleted.
func (s *BrowserSession) ClearCookies(ctx context.Context, rawURL string) ([]events.Cookie, error) {
	var u *url.URL
	if rawURL != "" {
		var err error
		if u, err = cookieURL(rawURL); err != nil {
			return nil, err
		}
	}
	all, err := s.allCookies(ctx)
	if err != nil {
		return nil, err
	}
	gone := []events.Cookie{}
	if u == nil {
		if err := s.clearAllCookies(ctx); err != nil {
			return nil, err
		}
		for _, c := range all {
			gone = append(gone, c.public())
		}
		return gone, nil
	}
	// The Storage domain deletes only everything; Network.deleteCookies,
	// on any tab of the context, deletes by name, domain and path.
	tab, err := s.ActiveTab()
	if err != nil {
		return nil, err
	}
	for _, c := range all {
		if !cookieMatches(c.Domain, c.Path, c.Secure, u) {
			continue
		}
		args := map[string]any{"name": c.Name, "domain": c.Domain, "path": c.Path}
		if c.PartitionKey != nil {
			args["partitionKey"] = c.PartitionKey
		}
		if err := rpcc.Invoke(ctx, "Network.deleteCookies", args, nil, tab.Conn); err != nil {
			return gone, fmt.Errorf("deleting cookie %q: %w", c.Name, err)
		}
		gone = append(gone, c.public())
	}
	return gone, nil
}

// innerCDP is the browser's own words in a CDP error.
func innerCDP(err error) string {
	var re *rpcc.ResponseError
	if errors.As(err, &re) {
		return re.Message
	}
	return err.Error()
}
