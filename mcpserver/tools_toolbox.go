package mcpserver

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

type findArgs struct {
	Locator string `json:"locator" jsonschema:"what to find: role=button[name=\"Sign in\"] (role and accessible name as the snapshot shows them; [name=sign] unquoted matches a part, ignoring case; [nth=1] the second of that name), text=\"Exact text\" or text=part of it, label=Email, placeholder=Search, testid=ID, or css=SELECTOR"`
	Limit   int    `json:"limit,omitempty" jsonschema:"list at most this many matches (default 50); total counts them all"`
	pageArgs
}

type readArgs struct {
	Target string `json:"target,omitempty" jsonschema:"read only this element: its ref or a locator; default the whole page"`
	Ref    string `json:"ref,omitempty" jsonschema:"the same as target (give one of them)"`
	All    bool   `json:"all,omitempty" jsonschema:"keep the navigation, page header and footer and sidebars, which are left out by default"`
	pageArgs
}

type routeArgs struct {
	Pattern string            `json:"pattern" jsonschema:"the URLs to answer: a glob matched against the whole URL, ** for anything, * for anything but /, such as **/api/*"`
	Abort   string            `json:"abort,omitempty" jsonschema:"fail the requests with this network error: failed, aborted, timedout, accessdenied, connectionrefused, connectionreset, namenotresolved, internetdisconnected, addressunreachable, blockedbyclient, ..."`
	Status  int               `json:"status,omitempty" jsonschema:"fulfil the requests with this HTTP status (instead of abort)"`
	Body    string            `json:"body,omitempty" jsonschema:"the response body"`
	Headers map[string]string `json:"headers,omitempty" jsonschema:"response headers, such as {\"Content-Type\": \"application/json\"}"`
	pageArgs
}

type unrouteArgs struct {
	Pattern string `json:"pattern,omitempty" jsonschema:"the route's pattern; default every route"`
	pageArgs
}

type emulateArgs struct {
	Reset         bool                `json:"reset,omitempty" jsonschema:"drop every setting first"`
	Device        string              `json:"device,omitempty" jsonschema:"a built-in phone or tablet (viewport, pixel ratio, touch, user agent): iPhone 15, iPhone 15 Pro Max, iPhone SE, Pixel 8, Pixel 7, Galaxy S24, iPad, iPad Mini, iPad Pro 11, Galaxy Tab S9"`
	Viewport      *events.Viewport    `json:"viewport,omitempty" jsonschema:"the viewport: width and height in CSS pixels, dpr, mobile, touch"`
	Geolocation   *events.Geolocation `json:"geolocation,omitempty" jsonschema:"the position (latitude, longitude, accuracy in metres); grants the geolocation permission"`
	Offline       *bool               `json:"offline,omitempty" jsonschema:"cut the network (true) or restore it (false)"`
	ColorScheme   string              `json:"colorScheme,omitempty" jsonschema:"prefers-color-scheme"`
	ReducedMotion *bool               `json:"reducedMotion,omitempty" jsonschema:"prefers-reduced-motion: reduce"`
	UserAgent     string              `json:"userAgent,omitempty" jsonschema:"the user agent"`
	Headers       map[string]string   `json:"headers,omitempty" jsonschema:"extra headers sent with every request ({} clears them)"`
	Timezone      string              `json:"timezone,omitempty" jsonschema:"an IANA time zone, such as Europe/Paris"`
	Locale        string              `json:"locale,omitempty" jsonschema:"a language tag, such as fr-FR (also Accept-Language)"`
	throttleArgs
	pageArgs
}

func registerToolboxTools(s *Server) {
	find := toolSpec{name: "browser_find", title: "Find elements",
		desc:     "List the elements a locator matches, each with its ref, role, name and nth, without a snapshot. Every tool that takes a ref takes a locator too; a locator that matches several elements fails there, listing them.",
		readOnly: true, idempotent: true, openWorld: true,
		out: map[string]*jsonschema.Schema{"matches": {Type: "array", Description: "the matches: ref, role, name, nth (and hidden, frame_id)"}, "total": intProp("how many elements match")},
	}
	addTool(s, find, func(ctx context.Context, c *conn, req *mcp.CallToolRequest, in findArgs) (*toolOut, error) {
		r, _, err := do(ctx, c, request.Find{Locator: in.Locator, Limit: in.Limit}, in.options())
		if err != nil {
			return nil, err
		}
		f, err := fieldsOf(r)
		if err != nil {
			return nil, err
		}
		return &toolOut{text: matchesText(in.Locator, r), fields: f}, nil
	})

	read := toolSpec{name: "browser_read", title: "Read the page",
		desc:     "The page's readable content (or one element's) as compact Markdown: headings, paragraphs, lists, tables; each link as [text][e12] with its ref to act on. Navigation chrome is left out unless all. For reading articles and results without the tree.",
		readOnly: true, idempotent: true, openWorld: true,
		out: map[string]*jsonschema.Schema{"markdown": strProp("the content"), "url": strProp("the tab's URL"), "title": strProp("the page title"), "tab_id": strProp("the tab")},
	}
	addTool(s, read, func(ctx context.Context, c *conn, req *mcp.CallToolRequest, in readArgs) (*toolOut, error) {
		el, err := parseTarget("target", in.Target, "ref", in.Ref, false)
		if err != nil {
			return nil, err
		}
		q := request.Read{Ref: el, All: in.All}
		r, _, err := do(ctx, c, q, in.options())
		if err != nil {
			return nil, err
		}
		f, err := fieldsOf(r)
		if err != nil {
			return nil, err
		}
		text := fmt.Sprintf("# %s\nURL: %s\n\n%s", r.Title, r.URL, r.Markdown)
		return &toolOut{text: text, fields: f}, nil
	})

	routes := toolSpec{name: "browser_route", title: "Route requests",
		desc:      "Answer the session's requests whose URL matches a glob (every tab, those opened later, every kind of request: documents, scripts, images, XHR, fetch): fail them (abort) or fulfil them (status, body, headers). A route for the same pattern replaces the earlier one; the route added last answers a request several match.",
		openWorld: true, idempotent: true,
		out: map[string]*jsonschema.Schema{"routes": {Type: "array", Description: "the routes afterwards"}},
	}
	plainTool(s, routes, func(in routeArgs) (request.Request, pageArgs, error) {
		q := request.Route{Pattern: in.Pattern, Abort: in.Abort, Status: in.Status}
		if in.Body != "" {
			q.Body = []byte(in.Body)
		}
		names := make([]string, 0, len(in.Headers))
		for n := range in.Headers {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			q.Headers = append(q.Headers, events.Header{Name: n, Value: in.Headers[n]})
		}
		return q, in.pageArgs, nil
	})
	un := toolSpec{name: "browser_unroute", title: "Remove routes", desc: "Remove the route for a pattern, or every route.", openWorld: true, idempotent: true, destructive: true,
		out: map[string]*jsonschema.Schema{"routes": {Type: "array", Description: "the routes left"}, "removed": intProp("how many were removed")}}
	plainTool(s, un, func(in unrouteArgs) (request.Request, pageArgs, error) {
		return request.Unroute{Pattern: in.Pattern}, in.pageArgs, nil
	})
	list := toolSpec{name: "browser_routes", title: "Routes", desc: "List the session's routes, with how many requests each answered.", readOnly: true, idempotent: true, openWorld: true,
		out: map[string]*jsonschema.Schema{"routes": {Type: "array", Description: "pattern, action (abort or fulfill), reason or status, headers, body_bytes, hits"}}}
	plainTool(s, list, func(in snapshotArgs) (request.Request, pageArgs, error) { return request.Routes{}, in.pageArgs, nil })

	emu := toolSpec{name: "browser_emulate", title: "Emulate a device or environment",
		desc:      "Change how the browser presents itself, for every tab and frame of the session and those opened later: a device, the viewport, geolocation, offline, network throttling, CPU slowdown, color scheme, reduced motion, forced colors, contrast, user agent, extra headers, time zone, locale. Fields left out keep their setting; with none, the settings are returned as they are.",
		openWorld: true, idempotent: true,
	}
	emu.enums = map[string][]any{"colorScheme": {events.ColorSchemeDark, events.ColorSchemeLight, events.ColorSchemeNoPreference},
		"network":      {events.NetworkSlow3G, events.NetworkFast3G, events.NetworkOffline, events.NetworkOff},
		"forcedColors": {"active", "none", "reset"}, "contrast": {"more", "less", "no-preference", "custom", "reset"}}
	plainTool(s, emu, func(in emulateArgs) (request.Request, pageArgs, error) {
		return request.Set{Reset: in.Reset, Device: in.Device, Viewport: in.Viewport, Geolocation: in.Geolocation, Offline: in.Offline,
			ColorScheme: in.ColorScheme, ReducedMotion: in.ReducedMotion, UserAgent: in.UserAgent, Headers: in.Headers,
			Timezone: in.Timezone, Locale: in.Locale,
			Network: in.network(), CPU: in.CPU, ForcedColors: in.ForcedColors, Contrast: in.Contrast}, in.pageArgs, nil
	})
}

// matchesText lists a locator's matches for the model, one a line.
func matchesText(locator string, r events.LocateResult) string {
	var b strings.Builder
	switch r.Total {
	case 0:
		fmt.Fprintf(&b, "No element matches %s.", locator)
		return b.String()
	case 1:
		fmt.Fprintf(&b, "1 element matches %s:", locator)
	default:
		fmt.Fprintf(&b, "%d elements match %s:", r.Total, locator)
	}
	for _, m := range r.Matches {
		fmt.Fprintf(&b, "\n- %s %q [ref=%s]", m.Role, m.Name, m.Ref)
		if m.Nth > 0 {
			fmt.Fprintf(&b, " [nth=%d]", m.Nth)
		}
		if m.Hidden {
			b.WriteString(" (hidden)")
		}
	}
	if r.Total > len(r.Matches) {
		fmt.Fprintf(&b, "\n- ... %d more", r.Total-len(r.Matches))
	}
	return b.String()
}
