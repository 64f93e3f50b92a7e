package route

import (
	"context"
	"encoding/base64"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/mafredri/cdp/rpcc"
	"github.com/rs/zerolog"
	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/httpheader"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
)

// Name is the watchdog's name.
const Name = "route"

// The bounds of a session's routes, which the daemon holds in memory for
// as long as the session runs and lists whole (routes).
const (
	// MaxRoutes bounds the routes of a session.
	MaxRoutes = 100
	// MaxBodyBytes bounds a route's body (events.MaxRouteBodyBytes).
	MaxBodyBytes = events.MaxRouteBodyBytes
	// MaxHeaders bounds a route's headers.
	MaxHeaders = 100
	// MaxHeaderBytes bounds a route's headers' names and values in all.
	MaxHeaderBytes = 64 << 10
)

// Watchdog is the process-level RouteWatchdog. Its per-session state
// lives in the attachment Attach returns.
type Watchdog struct{}

// New builds the watchdog.
func New() *Watchdog { return &Watchdog{} }

// Name implements watchdogs.Watchdog.
func (*Watchdog) Name() string { return Name }

// fetchHost is what the watchdog needs beyond watchdogs.Host: a share of
// the session's request interception.
type fetchHost interface {
	AddFetchOwner(ctx context.Context, o session.FetchOwner) (remove func(context.Context))
}

var _ fetchHost = (*session.BrowserSession)(nil)

// Attach subscribes the session's route handlers. Interception starts with
// the first route.
func (*Watchdog) Attach(ctx context.Context, h watchdogs.Host) (watchdogs.Attachment, error) {
	fetch, err := watchdogs.HostAs[fetchHost](h, Name, "a browser session that can intercept requests")
	if err != nil {
		return nil, err
	}
	a := &attachment{fetch: fetch, log: h.Logger().With().Str("watchdog", Name).Logger()}
	b := h.Bus()
	a.subs.Add(bus.Handle(b, Name, a.route))
	a.subs.Add(bus.Handle(b, Name, a.unroute))
	a.subs.Add(bus.Handle(b, Name, a.routes))
	return watchdogs.Subscribed(ctx, a, a.subs.Err())
}

// rule is one route.
type rule struct {
	info events.RouteInfo
	re   *regexp.Regexp
	cdp  string
	// fulfill's body, and fail's CDP reason.
	body   []byte
	reason string
}

// attachment is the watchdog's per-session part.
type attachment struct {
	fetch fetchHost
	log   zerolog.Logger
	subs  bus.Subscriptions

	// mu guards rules and removeFetch; ownerMu serialises changes of the
	// session's interception, which call into the browser.
	mu          sync.Mutex
	rules       []*rule // oldest first
	ownerMu     sync.Mutex
	removeFetch func(context.Context)
}

// Detach unsubscribes and takes the routes out of the session's
// interception.
func (a *attachment) Detach(ctx context.Context) error {
	a.subs.Unsubscribe()
	a.ownerMu.Lock()
	defer a.ownerMu.Unlock()
	if a.removeFetch != nil {
		a.removeFetch(ctx)
		a.removeFetch = nil
	}
	return nil
}

// reasons maps the abort reasons an agent may give, lower case and
// without separators, to Chrome's network error reasons.
var reasons = func() map[string]string {
	m := map[string]string{}
	for _, r := range []string{"Failed", "Aborted", "TimedOut", "AccessDenied", "ConnectionClosed",
		"ConnectionReset", "ConnectionRefused", "ConnectionAborted", "ConnectionFailed",
		"NameNotResolved", "InternetDisconnected", "AddressUnreachable", "BlockedByClient", "BlockedByResponse"} {
		m[strings.ToLower(r)] = r
	}
	return m
}()

func reasonNames() string {
	names := make([]string, 0, len(reasons))
	for k := range reasons {
		names = append(names, k)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// newRule checks e and builds its rule; every problem is named.
func newRule(e events.RouteEvent) (*rule, error) {
	re, cdp, err := compile(e.Pattern)
	if err != nil {
		return nil, events.Errorf(events.CodeInvalidArgument, "route pattern: %s", err)
	}
	r := &rule{re: re, cdp: cdp, info: events.RouteInfo{Pattern: e.Pattern}}
	switch {
	case e.Abort != "" && (e.Status != 0 || len(e.Body) > 0 || len(e.Headers) > 0):
		return nil, events.Errorf(events.CodeInvalidArgument, "route %s: give abort or a status (with body and headers), not both", e.Pattern)
	case e.Abort != "":
		key := strings.ToLower(strings.NewReplacer("-", "", "_", "", " ", "").Replace(e.Abort))
		reason, ok := reasons[key]
		if !ok {
			return nil, events.Errorf(events.CodeInvalidArgument, "route %s: abort reason %q is not one of %s", e.Pattern, e.Abort, reasonNames())
		}
		r.reason = reason
		r.info.Action, r.info.Reason = "abort", key
	case e.Status == 0:
		return nil, events.Errorf(events.CodeInvalidArgument, "route %s: give abort (a network error) or a status to fulfil the requests with", e.Pattern)
	case e.Status < 100 || e.Status > 599:
		return nil, events.Errorf(events.CodeInvalidArgument, "route %s: status %d is not an HTTP status (100-599)", e.Pattern, e.Status)
	case len(e.Body) > MaxBodyBytes:
		return nil, events.Errorf(events.CodeInvalidArgument, "route %s: the body is %d bytes; a route's body is at most %d (10 MiB)", e.Pattern, len(e.Body), MaxBodyBytes)
	case len(e.Headers) > MaxHeaders:
		return nil, events.Errorf(events.CodeInvalidArgument, "route %s: %d headers; a route has at most %d", e.Pattern, len(e.Headers), MaxHeaders)
	default:
		size := 0
		for i, h := range e.Headers {
			// Checked as the browser checks them: a header it refuses
			// leaves every request the route claims unanswered.
			if err := httpheader.Check(h.Name, h.Value); err != nil {
				return nil, events.Errorf(events.CodeInvalidArgument, "route %s: header %d: %v", e.Pattern, i+1, err)
			}
			size += len(h.Name) + len(h.Value)
		}
		if size > MaxHeaderBytes {
			return nil, events.Errorf(events.CodeInvalidArgument, "route %s: the headers are %d bytes; a route's headers are at most %d (64 KiB) in all", e.Pattern, size, MaxHeaderBytes)
		}
		r.body = slices.Clone(e.Body)
		r.info.Action, r.info.Status = "fulfill", e.Status
		r.info.Headers = slices.Clone(e.Headers)
		r.info.BodyBytes = len(e.Body)
	}
	return r, nil
}

// route answers RouteEvent.
func (a *attachment) route(ctx context.Context, e events.RouteEvent) (events.RoutesResult, error) {
	r, err := newRule(e)
	if err != nil {
		return events.RoutesResult{}, err
	}
	a.ownerMu.Lock()
	defer a.ownerMu.Unlock()
	a.mu.Lock()
	a.rules = slices.DeleteFunc(a.rules, func(x *rule) bool { return x.info.Pattern == r.info.Pattern })
	if len(a.rules) >= MaxRoutes {
		a.mu.Unlock()
		return events.RoutesResult{}, events.Errorf(events.CodeInvalidArgument,
			"the session has %d routes, the most it keeps; remove some first (unroute PATTERN, or unroute for all); route %s was not added", MaxRoutes, e.Pattern)
	}
	a.rules = append(a.rules, r)
	a.mu.Unlock()
	a.refresh(ctx)
	return events.RoutesResult{Routes: a.list()}, nil
}

// unroute answers UnrouteEvent.
func (a *attachment) unroute(ctx context.Context, e events.UnrouteEvent) (events.RoutesResult, error) {
	a.ownerMu.Lock()
	defer a.ownerMu.Unlock()
	a.mu.Lock()
	n := len(a.rules)
	if e.Pattern == "" {
		a.rules = nil
	} else {
		a.rules = slices.DeleteFunc(a.rules, func(x *rule) bool { return x.info.Pattern == e.Pattern })
	}
	removed := n - len(a.rules)
	a.mu.Unlock()
	if removed == 0 && e.Pattern != "" {
		return events.RoutesResult{}, events.Errorf(events.CodeNotFound, "no route has the pattern %q: see routes", e.Pattern)
	}
	a.refresh(ctx)
	return events.RoutesResult{Routes: a.list(), Removed: removed}, nil
}

// routes answers RoutesEvent.
func (a *attachment) routes(context.Context, events.RoutesEvent) (events.RoutesResult, error) {
	return events.RoutesResult{Routes: a.list()}, nil
}

func (a *attachment) list() []events.RouteInfo {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := make([]events.RouteInfo, len(a.rules))
	for i, r := range a.rules {
		out[i] = r.info
	}
	return out
}

// refresh gives the session's interception the routes' patterns: a new
// owner is added before the old one goes, so that no request slips
// through in between. a.ownerMu must be held.
func (a *attachment) refresh(ctx context.Context) {
	a.mu.Lock()
	var pats []session.FetchPattern
	for _, r := range a.rules {
		p := session.FetchPattern{URLPattern: r.cdp, RequestStage: "Request"}
		if !slices.Contains(pats, p) {
			pats = append(pats, p)
		}
	}
	a.mu.Unlock()
	old := a.removeFetch
	a.removeFetch = nil
	if len(pats) > 0 {
		a.removeFetch = a.fetch.AddFetchOwner(ctx, session.FetchOwner{
			Name:     Name,
			Last:     true,
			Patterns: pats,
			Claims:   func(p session.PausedRequest) bool { return a.match(p.Request.URL) != nil },
			Handle:   a.answer,
		})
	}
	if old != nil {
		old(ctx)
	}
}

// match returns the newest route matching url, or nil.
func (a *attachment) match(url string) *rule {
	a.mu.Lock()
	defer a.mu.Unlock()
	for i := len(a.rules) - 1; i >= 0; i-- {
		if a.rules[i].re.MatchString(url) {
			return a.rules[i]
		}
	}
	return nil
}

// answer fails or fulfils a paused request as its route says.
func (a *attachment) answer(ctx context.Context, t *session.Target, p session.PausedRequest) {
	r := a.match(p.Request.URL)
	if r == nil {
		// Its route went away since it was claimed.
		_ = rpcc.Invoke(ctx, "Fetch.continueRequest", map[string]any{"requestId": p.RequestID}, nil, t.Conn)
		return
	}
	a.mu.Lock()
	r.info.Hits++
	a.mu.Unlock()
	var err error
	if r.reason != "" {
		err = rpcc.Invoke(ctx, "Fetch.failRequest", map[string]any{"requestId": p.RequestID, "errorReason": r.reason}, nil, t.Conn)
	} else {
		headers := make([]map[string]string, len(r.info.Headers))
		for i, h := range r.info.Headers {
			headers[i] = map[string]string{"name": h.Name, "value": h.Value}
		}
		err = rpcc.Invoke(ctx, "Fetch.fulfillRequest", map[string]any{
			"requestId":       p.RequestID,
			"responseCode":    r.info.Status,
			"responseHeaders": headers,
			"body":            base64.StdEncoding.EncodeToString(r.body),
		}, nil, t.Conn)
	}
	if err != nil {
		a.log.Debug().Err(err).Str("url", p.Request.URL).Str("pattern", r.info.Pattern).Msg("answering a routed request")
	}
}

// Module provides the watchdog in the watchdogs group.
var Module = fx.Module(Name, fx.Provide(watchdogs.As(New)))

var (
	_ watchdogs.Watchdog   = (*Watchdog)(nil)
	_ watchdogs.Attachment = (*attachment)(nil)
)

// Check reports what is wrong with e without a browser: its pattern, its
// abort reason, status and headers. The watchdog checks every RouteEvent
// the same way before it changes anything.
func Check(e events.RouteEvent) error {
	_, err := newRule(e)
	return err
}
