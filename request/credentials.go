package request

import (
	"context"

	"github.com/agentbrowser/agentbrowser/session"
)

// SetCredentials gives the session HTTP credentials (Basic, Digest,
// NTLM) for the authentication challenges of its pages, on every tab and
// frame, those opened later too: of every origin, or of Origin alone.
// Clear removes them.
type SetCredentials struct {
	Returns[CredentialsResult]
	Username string `json:"username,omitempty"`
	Password string `json:"password,omitempty"`
	Origin   string `json:"origin,omitempty"`
	Clear    bool   `json:"clear,omitempty"`
}

// CredentialsResult says which credentials the session has now; the
// password is never echoed.
type CredentialsResult struct {
	Set      bool   `json:"set"`
	Username string `json:"username,omitempty"`
	Origin   string `json:"origin,omitempty"`
}

func (SetCredentials) Command() string { return "set_credentials" }

// Validate implements Validator.
func (q SetCredentials) Validate() error {
	switch {
	case q.Clear && (q.Username != "" || q.Password != "" || q.Origin != ""):
		return invalid("clearing the credentials takes nothing else")
	case !q.Clear && q.Username == "":
		return invalid("credentials need a user name")
	}
	return nil
}

func init() {
	Handle(func(ctx context.Context, b *Browser, q SetCredentials) (CredentialsResult, error) {
		var c *session.HTTPCredentials
		if !q.Clear {
			c = &session.HTTPCredentials{Username: q.Username, Password: q.Password, Origin: q.Origin}
		}
		if err := b.s.SetHTTPCredentials(ctx, c); err != nil {
			return CredentialsResult{}, err
		}
		user, origin, ok := b.s.HTTPCredentialsSet()
		return CredentialsResult{Set: ok, Username: user, Origin: origin}, nil
	})
}
