package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
)

// connect launches a browser and opens its pipe, or dials the websocket of
// the endpoint the user gave.
func (s *BrowserSession) connect(ctx context.Context) (*cdpmux.Conn, error) {
	opts := cdpmux.Options{Logger: s.log, Header: s.cfg.Header}
	switch {
	case s.cfg.Grid.URL != "":
		ep, err := s.startGrid(ctx)
		if err != nil {
			return nil, err
		}
		s.endpoint = ep
		conn, err := cdpmux.Dial(ctx, ep, opts)
		if err != nil {
			return nil, gridCDPError(s.cfg.Grid.URL, ep, err)
		}
		return conn, nil
	case s.cfg.CDPURL == "":
		p, err := launchOnce(ctx, s.cfg.Launch)
		if err != nil {
			return nil, err
		}
		s.proc = p
		s.endpoint = p.Endpoint
		conn, err := cdpmux.NewPipe(p.fromBrowser, p.toBrowser, cdpmux.Options{Logger: s.log})
		if err != nil {
			return nil, fmt.Errorf("connecting to the browser's pipe: %w", err)
		}
		return conn, nil
	}
	ep, err := ResolveEndpoint(ctx, s.cfg.CDPURL, s.cfg.Header)
	if err != nil {
		return nil, connectError(s.cfg.CDPURL, err)
	}
	s.endpoint = ep
	conn, err := cdpmux.Dial(ctx, ep, opts)
	if err != nil {
		return nil, connectError(ep, err)
	}
	return conn, nil
}

// ResolveEndpoint turns what a user gives as a CDP URL into the browser's
// websocket URL: ws:// and wss:// URLs are returned as they are; http(s)://
// host:port is resolved through /json/version.
// header is sent with the /json/version request. Errors never quote raw's
// credentials.
func ResolveEndpoint(ctx context.Context, raw string, header http.Header) (string, error) {
	switch {
	case strings.HasPrefix(raw, "ws://"), strings.HasPrefix(raw, "wss://"), strings.HasPrefix(raw, "unix:/"):
		return raw, nil
	case strings.HasPrefix(raw, "http://"), strings.HasPrefix(raw, "https://"):
	default:
		return "", fmt.Errorf("cdp url %q: want ws://, wss://, http://, https:// or unix:/path", cdpmux.RedactURL(raw))
	}
	u := strings.TrimRight(raw, "/") + "/json/version"
	safe := cdpmux.RedactURL(raw)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return "", fmt.Errorf("resolving %s: %w", safe, err)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return "", fmt.Errorf("resolving %s: %w", safe, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("resolving %s: /json/version answered HTTP %s", safe, resp.Status)
	}
	var v struct {
		WebSocketDebuggerURL string `json:"webSocketDebuggerUrl"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		return "", fmt.Errorf("resolving %s: decoding /json/version: %w", safe, err)
	}
	if v.WebSocketDebuggerURL == "" {
		return "", fmt.Errorf("resolving %s: /json/version has no webSocketDebuggerUrl", safe)
	}
	return v.WebSocketDebuggerURL, nil
}
