package session

import (
	"context"
	"fmt"

	"github.com/mafredri/cdp/rpcc"
)

// GrantPermissions grants the session's pages the browser permissions
// named (such as "geolocation"), on every origin, in the session's browser
// context when it has one of its own.
func (s *BrowserSession) GrantPermissions(ctx context.Context, perms ...string) error {
	params := map[string]any{"permissions": perms}
	s.mu.Lock()
	if s.browserContext != "" {
		params["browserContextId"] = s.browserContext
	}
	s.mu.Unlock()
	if err := rpcc.Invoke(ctx, "Browser.grantPermissions", params, nil, s.conn.Browser()); err != nil {
		return fmt.Errorf("granting permissions %v: %w", perms, err)
	}
	return nil
}
