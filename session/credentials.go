package session

import (
	"context"
	"net/url"
	"strings"
	"sync"

	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/events"
)

// HTTPCredentials answer the HTTP authentication challenges (Basic,
// Digest, NTLM) of a site, as Playwright's httpCredentials do.
type HTTPCredentials struct {
	Username string
	Password string
	// Origin, when set (scheme://host[:port]), limits them to that
	// origin's challenges; others are answered as the browser would
	// (cancelled, in a browser with no one to ask).
	Origin string
}

// credentials is the session's HTTP credentials and the interception
// that answers challenges with them.
type credentials struct {
	mu     sync.Mutex
	c      *HTTPCredentials
	remove func(context.Context)
	// tried holds the requests already given the credentials: a second
	// challenge for one means they were refused, and it is cancelled so
	// that the page shows the server's 401 instead of asking forever.
	tried map[string]bool
}

// maxTried bounds the requests remembered as tried.
const maxTried = 4096

// SetHTTPCredentials makes the session answer HTTP authentication
// challenges with c, on every tab and frame, those opened later too; nil
// stops it. While credentials are set, every request of the session is
// paused once on its way out (Fetch), as Chrome answers challenges only
// for requests it intercepts.
func (s *BrowserSession) SetHTTPCredentials(ctx context.Context, c *HTTPCredentials) error {
	if c != nil {
		if c.Username == "" {
			return events.Errorf(events.CodeInvalidArgument, "HTTP credentials need a user name")
		}
		if c.Origin != "" {
			o, err := originOf(c.Origin)
			if err != nil {
				return err
			}
			cc := *c
			cc.Origin = o
			c = &cc
		}
	}
	s.creds.mu.Lock()
	old := s.creds.remove
	s.creds.c, s.creds.remove, s.creds.tried = c, nil, map[string]bool{}
	s.creds.mu.Unlock()
	if old != nil {
		old(ctx)
	}
	if c == nil {
		return nil
	}
	remove := s.AddFetchOwner(ctx, FetchOwner{
		Name: "http_credentials",
		// After every owner that answers requests: this one only needs
		// them paused, so that their challenges come to it.
		Last:     true,
		Patterns: []FetchPattern{{URLPattern: "*", RequestStage: "Request"}},
		Claims:   func(PausedRequest) bool { return false },
		Auth:     s.answerChallenge,
	})
	s.creds.mu.Lock()
	s.creds.remove = remove
	s.creds.mu.Unlock()
	return nil
}

// HTTPCredentialsSet reports the user name and origin of the session's
// credentials, if it has any (never the password).
func (s *BrowserSession) HTTPCredentialsSet() (user, origin string, ok bool) {
	s.creds.mu.Lock()
	defer s.creds.mu.Unlock()
	if s.creds.c == nil {
		return "", "", false
	}
	return s.creds.c.Username, s.creds.c.Origin, true
}

// answerChallenge answers one challenge: with the credentials when they
// are for its origin and not yet refused for this request.
func (s *BrowserSession) answerChallenge(ctx context.Context, t *Target, r AuthRequest) {
	s.creds.mu.Lock()
	c := s.creds.c
	answer := map[string]any{"response": "Default"}
	switch {
	case c == nil || r.AuthChallenge.Source == "Proxy":
	case c.Origin != "" && !sameOrigin(c.Origin, r.AuthChallenge.Origin):
	case s.creds.tried[r.RequestID]:
		answer = map[string]any{"response": "CancelAuth"}
		s.log.Info().Str("origin", r.AuthChallenge.Origin).Msg("the HTTP credentials were refused")
	default:
		if len(s.creds.tried) >= maxTried {
			s.creds.tried = map[string]bool{}
		}
		s.creds.tried[r.RequestID] = true
		answer = map[string]any{"response": "ProvideCredentials", "username": c.Username, "password": c.Password}
	}
	s.creds.mu.Unlock()
	_ = rpcc.Invoke(ctx, "Fetch.continueWithAuth", map[string]any{"requestId": r.RequestID, "authChallengeResponse": answer}, nil, t.Conn)
}

// originOf reads an origin (scheme://host[:port]) from a URL or origin.
func originOf(raw string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Scheme == "" || u.Host == "" {
		return "", events.Errorf(events.CodeInvalidArgument, "origin %q: want scheme://host[:port], such as https://intranet.example", raw)
	}
	return strings.ToLower(u.Scheme + "://" + u.Host), nil
}

// sameOrigin compares an origin with a challenge's, default ports
// included.
func sameOrigin(want, got string) bool {
	g, err := originOf(got)
	if err != nil {
		return false
	}
	norm := func(o string) string {
		if strings.HasPrefix(o, "https://") {
			return strings.TrimSuffix(o, ":443")
		}
		return strings.TrimSuffix(o, ":80")
	}
	return norm(want) == norm(g)
}
