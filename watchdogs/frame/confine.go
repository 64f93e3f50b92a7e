package frame

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// A session in a browser context of its own on a shared browser (the MCP
// server's --isolation context, the CLI's --isolated-context) shares that
// browser with other sessions. Its raw CDP calls go to its own targets'
// sessions, yet some methods sent there reach the whole browser: the
// Target domain lists, attaches to and closes every target, Browser and
// SystemInfo act on the browser process, Storage's cookie methods read
// and write the default context. ConfineGuardOrder's guard lets through
// only the domains whose methods act on the target they are sent to, and
// checks where Page.navigate goes.

// ConfineGuardOrder is the order of the guard that confines the raw CDP
// calls of an isolated session: after cdp_disabled's.
const ConfineGuardOrder = 16

// targetDomains are the CDP domains whose methods act only on the target
// the call is sent to (its documents, script, network, input and storage
// partition), so that an isolated session may use them freely. Every other
// domain is refused: Target, Browser, SystemInfo, Storage, Security,
// Tracing, Memory, ServiceWorker, Tethering, Extensions, PWA, Cast and
// those Chrome adds later.
var targetDomains = map[string]bool{
	"Accessibility": true, "Animation": true, "Audits": true, "Autofill": true,
	"CSS": true, "CacheStorage": true, "Console": true, "DOM": true, "DOMDebugger": true,
	"DOMSnapshot": true, "DOMStorage": true, "Debugger": true, "DeviceOrientation": true,
	"Emulation": true, "EventBreakpoints": true, "FedCm": true, "Fetch": true,
	"FileSystem": true, "HeadlessExperimental": true, "HeapProfiler": true, "IO": true,
	"IndexedDB": true, "Input": true, "Inspector": true, "LayerTree": true, "Log": true,
	"Media": true, "Network": true, "Overlay": true, "Page": true, "Performance": true,
	"PerformanceTimeline": true, "Preload": true, "Profiler": true, "Runtime": true,
	"Schema": true, "WebAudio": true, "WebAuthn": true,
}

// refusedMethods are methods of allowed domains that still act beyond the
// target: where downloads of the whole context go.
var refusedMethods = map[string]string{
	"Page.setDownloadBehavior": "it sets where the browser saves downloads",
}

// browserSchemes are URL schemes of the browser's own pages, some of which
// (chrome://inspect) list every target of the browser.
var browserSchemes = map[string]bool{
	"chrome": true, "chrome-untrusted": true, "devtools": true, "chrome-devtools": true,
	"chrome-extension": true, "chrome-search": true,
}

// contextHost is a host that may have a browser context of its own on a
// shared browser (a BrowserSession opens it after its extensions start).
type contextHost interface{ BrowserContext() string }

// policyHost is a host that has a URL policy (a BrowserSession).
type policyHost interface{ Policy() session.URLPolicy }

// confineCDP returns the guard of the raw CDP calls of a session, which
// confines them once the session has a browser context of its own.
func (a *attachment) confineCDP(h contextHost) func(ctx context.Context, e events.CDPCallEvent) error {
	var policy *session.URLPolicy
	if ph, ok := a.s.(policyHost); ok {
		p := ph.Policy()
		policy = &p
	}
	return func(ctx context.Context, e events.CDPCallEvent) error {
		if h.BrowserContext() == "" {
			return nil
		}
		return Confine(e.Method, e.Params, policy)
	}
}

// Confine decides whether a session in a browser context of its own on a
// shared browser may send method with params on one of its targets'
// sessions: nil, or a cdp_not_allowed error that says why and what to do
// instead (url_not_allowed for a Page.navigate the session's policy, when
// given, refuses).
func Confine(method string, params json.RawMessage, policy *session.URLPolicy) error {
	domain, _, _ := strings.Cut(method, ".")
	if !targetDomains[domain] {
		why := "the " + domain + " domain acts on the whole browser, not only on this session's targets"
		switch domain {
		case "Target":
			why = "the Target domain lists, opens, attaches to and closes targets of every context of the browser"
		case "Storage":
			why = "the Storage domain's cookie methods act on the browser's default context; use Network.getCookies, Network.setCookie and Network.deleteCookies, which act on this session's own"
		}
		return notAllowed(method, why)
	}
	if why, ok := refusedMethods[method]; ok {
		return notAllowed(method, why)
	}
	if method == "Page.navigate" {
		var p struct {
			URL string `json:"url"`
		}
		if json.Unmarshal(params, &p) != nil {
			return nil // the browser refuses malformed params itself
		}
		if u, err := url.Parse(strings.TrimSpace(p.URL)); err == nil && browserSchemes[strings.ToLower(u.Scheme)] {
			return notAllowed(method, "the browser's own pages ("+u.Scheme+":) can see every context of the browser")
		}
		if policy != nil {
			return policy.CheckNavigation(p.URL)
		}
	}
	return nil
}

func notAllowed(method, why string) error {
	return events.Errorf(events.CodeCDPNotAllowed,
		"%s was not sent: this session shares its browser with other clients, each in a browser context of its own (agentbrowser mcp --isolation context, or --isolated-context), and %s. "+
			"Methods of the domains that act on this session's own targets (Page, Runtime, DOM, Network, Input, Emulation, ...) work; "+
			"for unrestricted raw CDP give each client a browser of its own (agentbrowser mcp --isolation browser)", method, why).
		WithDetails(events.ErrorDetails{Method: method})
}
