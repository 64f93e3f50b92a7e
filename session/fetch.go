package session

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
)

// FetchPattern is one pattern of Fetch.enable: the requests to pause.
type FetchPattern struct {
	URLPattern   string `json:"urlPattern,omitempty"`
	ResourceType string `json:"resourceType,omitempty"`
	RequestStage string `json:"requestStage,omitempty"`
}

// PausedRequest is a Fetch.requestPaused event.
type PausedRequest struct {
	RequestID string `json:"requestId"`
	Request   struct {
		URL    string `json:"url"`
		Method string `json:"method"`
	} `json:"request"`
	FrameID      string `json:"frameId"`
	ResourceType string `json:"resourceType"`
}

// FetchOwner is one user of request interception on every target of a
// session. Chrome keeps one set of Fetch patterns per target session (a
// second Fetch.enable replaces the first), so the session owns
// interception: it merges every owner's patterns into one Fetch.enable per
// target, sent before the target runs, and gives each paused request to
// the first owner whose Claims accepts it. A request nobody claims is
// continued.
type FetchOwner struct {
	// Name is for logs.
	Name string
	// First puts the owner before those added earlier, so that its Claims
	// is asked first: for an owner that answers requests of its own making
	// (the session's storage page), which another owner (the origin
	// policy) would otherwise take.
	First bool
	// Last keeps the owner after every owner that is not Last, so that its
	// Claims is asked after theirs: for an owner whose patterns reach
	// everyone's requests (the agent's network routes), which must not
	// take the dialog bridge's requests or the documents the origin
	// policy blocks.
	Last bool
	// Patterns are the requests the owner wants paused.
	Patterns []FetchPattern
	// Claims tells the owner's requests from others'. It must be quick and
	// must not block.
	Claims func(r PausedRequest) bool
	// Handle answers a claimed request (Fetch.continueRequest,
	// failRequest, fulfillRequest). It runs on the target's reader and
	// should return promptly. When Handle is nil, the owner reads the
	// target's Fetch.requestPaused events itself (to keep them in order
	// with its other streams) and answers the requests it claims; the
	// session leaves them alone.
	Handle func(ctx context.Context, t *Target, r PausedRequest)
	// Auth, when set, asks the targets to pause requests that meet an
	// authentication challenge (handleAuthRequests) and answers them
	// (Fetch.continueWithAuth): for the requests the owner's patterns
	// pause. The first owner with Auth answers every challenge.
	Auth func(ctx context.Context, t *Target, r AuthRequest)
}

// AuthRequest is a Fetch.authRequired event: a paused request that met
// an HTTP authentication challenge.
type AuthRequest struct {
	RequestID string `json:"requestId"`
	Request   struct {
		URL string `json:"url"`
	} `json:"request"`
	FrameID       string `json:"frameId"`
	AuthChallenge struct {
		Source string `json:"source"`
		Origin string `json:"origin"`
		Scheme string `json:"scheme"`
		Realm  string `json:"realm"`
	} `json:"authChallenge"`
}

// fetchCoordinator is the session's request interception.
type fetchCoordinator struct {
	mu      sync.Mutex
	owners  []*FetchOwner
	readers map[events.SessionID]bool
	blocked []events.BlockedLoad
}

// maxBlocked is how many blocked loads a session remembers.
const maxBlocked = 50

// fetchTimeout bounds answering one paused request.
const fetchTimeout = 10 * time.Second

// AddFetchOwner adds o to the session's interception. Targets attached from
// now on pause o's requests before they run; for targets already attached,
// the merged patterns are sent at once. The returned function removes o.
func (s *BrowserSession) AddFetchOwner(ctx context.Context, o FetchOwner) (remove func(context.Context)) {
	s.fetch.mu.Lock()
	owner := &o
	switch {
	case o.First:
		s.fetch.owners = slices.Insert(s.fetch.owners, 0, owner)
	default:
		at := len(s.fetch.owners)
		if !o.Last {
			for at > 0 && s.fetch.owners[at-1].Last {
				at--
			}
		}
		s.fetch.owners = slices.Insert(s.fetch.owners, at, owner)
	}
	s.fetch.mu.Unlock()
	s.refreshFetch(ctx)
	return func(ctx context.Context) {
		s.fetch.mu.Lock()
		s.fetch.owners = slices.DeleteFunc(s.fetch.owners, func(x *FetchOwner) bool { return x == owner })
		s.fetch.mu.Unlock()
		s.refreshFetch(ctx)
	}
}

// fetchEnable is the Fetch.enable (or Fetch.disable) a target needs now, ""
// when no owner wants anything.
func (s *BrowserSession) fetchEnable() (method string, params any) {
	s.fetch.mu.Lock()
	defer s.fetch.mu.Unlock()
	var pats []FetchPattern
	auth := false
	for _, o := range s.fetch.owners {
		for _, p := range o.Patterns {
			if !slices.Contains(pats, p) {
				pats = append(pats, p)
			}
		}
		auth = auth || o.Auth != nil
	}
	if len(pats) == 0 {
		return "", nil
	}
	params = map[string]any{"patterns": pats}
	if auth {
		params.(map[string]any)["handleAuthRequests"] = true
	}
	return "Fetch.enable", params
}

// refreshFetch sends the merged patterns to every attached target.
func (s *BrowserSession) refreshFetch(ctx context.Context) {
	select {
	case <-s.closing:
		// Owners leaving a closing session: its targets go with it.
		return
	default:
	}
	method, params := s.fetchEnable()
	for _, t := range s.attachedTargets() {
		if method == "" {
			_ = rpcc.Invoke(ctx, "Fetch.disable", nil, nil, t.Conn)
			continue
		}
		s.startFetchReader(t)
		_ = rpcc.Invoke(ctx, method, params, nil, t.Conn)
	}
}

func (s *BrowserSession) attachedTargets() []*Target {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*Target, 0, len(s.targets))
	for _, t := range s.targets {
		out = append(out, t)
	}
	return out
}

// startFetchReader opens t's Fetch.requestPaused stream, once, before the
// first Fetch.enable, and reads it on its own goroutine.
func (s *BrowserSession) startFetchReader(t *Target) {
	s.fetch.mu.Lock()
	if s.fetch.readers == nil {
		s.fetch.readers = map[events.SessionID]bool{}
	}
	if s.fetch.readers[t.SessionID] {
		s.fetch.mu.Unlock()
		return
	}
	s.fetch.readers[t.SessionID] = true
	s.fetch.mu.Unlock()
	ctx, cancel := context.WithCancel(context.Background())
	stream, err := rpcc.NewStream(ctx, "Fetch.requestPaused", t.Conn)
	if err != nil {
		cancel()
		return
	}
	auths, err := rpcc.NewStream(ctx, "Fetch.authRequired", t.Conn)
	if err != nil {
		stream.Close()
		cancel()
		return
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer auths.Close()
		for {
			var r AuthRequest
			if err := auths.RecvMsg(&r); err != nil {
				return
			}
			s.routeAuth(t, r)
		}
	}()
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer cancel()
		defer stream.Close()
		defer func() {
			s.fetch.mu.Lock()
			delete(s.fetch.readers, t.SessionID)
			s.fetch.mu.Unlock()
		}()
		for {
			select {
			case <-stream.Ready():
			case <-t.Done():
				return
			case <-s.closing:
				return
			}
			var r PausedRequest
			if err := stream.RecvMsg(&r); err != nil {
				return
			}
			s.routePaused(t, r)
		}
	}()
}

// routePaused gives r to its owner, or continues it.
func (s *BrowserSession) routePaused(t *Target, r PausedRequest) {
	s.fetch.mu.Lock()
	var owner *FetchOwner
	for _, o := range s.fetch.owners {
		if o.Claims != nil && o.Claims(r) {
			owner = o
			break
		}
	}
	s.fetch.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), fetchTimeout)
	defer cancel()
	switch {
	case owner == nil:
		_ = rpcc.Invoke(ctx, "Fetch.continueRequest", map[string]any{"requestId": r.RequestID}, nil, t.Conn)
	case owner.Handle != nil:
		owner.Handle(ctx, t, r)
	}
}

// routeAuth gives a challenge to the first owner that answers them, or
// lets the browser answer it as it would (Default).
func (s *BrowserSession) routeAuth(t *Target, r AuthRequest) {
	s.fetch.mu.Lock()
	var owner *FetchOwner
	for _, o := range s.fetch.owners {
		if o.Auth != nil {
			owner = o
			break
		}
	}
	s.fetch.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), fetchTimeout)
	defer cancel()
	if owner == nil {
		_ = rpcc.Invoke(ctx, "Fetch.continueWithAuth", map[string]any{"requestId": r.RequestID,
			"authChallengeResponse": map[string]any{"response": "Default"}}, nil, t.Conn)
		return
	}
	owner.Auth(ctx, t, r)
}

// fetchSetup is the Fetch.enable a new target gets before it runs, with
// its reader started; method is "" when no owner wants interception.
func (s *BrowserSession) fetchSetup(t *Target) (method string, params any) {
	method, params = s.fetchEnable()
	if method != "" {
		s.startFetchReader(t)
	}
	return method, params
}

// recordBlocked remembers a load the session's policy stopped.
func (s *BrowserSession) recordBlocked(b events.BlockedLoad) {
	s.fetch.mu.Lock()
	defer s.fetch.mu.Unlock()
	s.fetch.blocked = append(s.fetch.blocked, b)
	if n := len(s.fetch.blocked); n > maxBlocked {
		s.fetch.blocked = slices.Delete(s.fetch.blocked, 0, n-maxBlocked)
	}
}

// BlockedLoads lists the loads the origin policy stopped in tab (every tab
// when empty) at or after since, oldest first.
func (s *BrowserSession) BlockedLoads(tab events.TargetID, since time.Time) []events.BlockedLoad {
	s.fetch.mu.Lock()
	defer s.fetch.mu.Unlock()
	var out []events.BlockedLoad
	for _, b := range s.fetch.blocked {
		if (tab == "" || b.TabID == tab) && !b.At.Before(since) {
			out = append(out, b)
		}
	}
	return out
}

// installOriginPolicy stops every document load outside the policy's
// origins, on every target, before any byte is fetched: document requests
// only are paused, so other requests pay nothing.
func (s *BrowserSession) installOriginPolicy(ctx context.Context) error {
	p := s.cfg.Policy
	if !p.HasOrigins() {
		return nil
	}
	if _, err := bus.Contribute(s.bus, "origin_policy", func(ctx context.Context, e events.BrowserStateRequestEvent) (events.StatePart, error) {
		// Every tab's: a popup's blocked load shows from its opener too.
		return events.BlockedLoads(s.BlockedLoads("", time.Time{})), nil
	}); err != nil {
		return err
	}
	s.AddFetchOwner(ctx, FetchOwner{
		Name:     "origin_policy",
		Patterns: []FetchPattern{{URLPattern: "*", ResourceType: "Document", RequestStage: "Request"}},
		// Only the documents it blocks: the others go on to the owners
		// after it (a route may answer them), or continue.
		Claims: func(r PausedRequest) bool { return r.ResourceType == "Document" && p.CheckOrigin(r.Request.URL) != nil },
		Handle: func(ctx context.Context, t *Target, r PausedRequest) {
			err := p.CheckOrigin(r.Request.URL)
			if err == nil {
				_ = rpcc.Invoke(ctx, "Fetch.continueRequest", map[string]any{"requestId": r.RequestID}, nil, t.Conn)
				return
			}
			frame := events.FrameID(r.FrameID)
			if frame == "" {
				frame = events.FrameID(t.ID)
			}
			s.recordBlocked(events.BlockedLoad{
				URL: r.Request.URL, Code: events.CodeURLNotAllowed, Message: err.Error(),
				TabID: t.TabID, FrameID: frame, At: time.Now(),
			})
			s.log.Info().Str("target", string(t.ID)).Str("url", r.Request.URL).Msg("document load blocked by the origin policy")
			_ = rpcc.Invoke(ctx, "Fetch.failRequest", map[string]any{"requestId": r.RequestID, "errorReason": "BlockedByClient"}, nil, t.Conn)
		},
	})
	return nil
}

// Intercepting reports whether any owner wants requests paused, that is
// whether targets get a Fetch.enable.
func (s *BrowserSession) Intercepting() bool {
	method, _ := s.fetchEnable()
	return method != ""
}
