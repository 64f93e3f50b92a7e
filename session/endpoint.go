package session

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// ResolveEndpoint turns what a user gives as a CDP URL into the browser's
// websocket URL: ws:// and wss:// URLs are returned as they are; http(s)://
// host:port is resolved through /json/version.
func ResolveEndpoint(ctx context.Context, raw string) (string, error) {
	switch {
	case strings.HasPrefix(raw, "ws://"), strings.HasPrefix(raw, "wss://"):
		return raw, nil
	case strings.HasPrefix(raw, "http://"), strings.HasPrefix(raw, "https://"):
	default:
		return "", fmt.Errorf("cdp url %q: want ws://, wss://, http:// or https://", raw)
	}
	u := strings.TrimRight(raw, "/") + "/json/version"
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return "", fmt.Errorf("resolving %s: %w", raw, err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", fmt.Errorf("resolving %s: %w", raw, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("resolving %s: %s answered %s", raw, u, resp.Status)
	}
	var v struct {
		WebSocketDebuggerURL string `json:"webSocketDebuggerUrl"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		return "", fmt.Errorf("resolving %s: decoding /json/version: %w", raw, err)
	}
	if v.WebSocketDebuggerURL == "" {
		return "", fmt.Errorf("resolving %s: /json/version has no webSocketDebuggerUrl", raw)
	}
	return v.WebSocketDebuggerURL, nil
}
