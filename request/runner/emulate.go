package runner

import (
	"context"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
	"github.com/agentbrowser/agentbrowser/watchdogs/emulation"
	"github.com/agentbrowser/agentbrowser/watchdogs/route"
)

// set changes the session's emulation (EmulateEvent), or reads it
// (EmulationEvent) when it asks for no change.
func set(ctx context.Context, b *Browser, q request.Set) (events.Emulation, error) {
	if emptySet(q) {
		return actions.Do(ctx, b.s, events.EmulationEvent{})
	}
	return actions.Emulate(ctx, b.s, emulateEvent(q))
}

func emptySet(q request.Set) bool {
	return !q.Reset && q.Viewport == nil && q.Device == "" && q.Geolocation == nil && q.Offline == nil &&
		q.ColorScheme == "" && q.ReducedMotion == nil && q.UserAgent == "" && q.Headers == nil && q.Timezone == "" && q.Locale == "" &&
		q.Network == nil && q.CPU == nil && q.ForcedColors == "" && q.Contrast == ""
}

func emulateEvent(q request.Set) events.EmulateEvent {
	return events.EmulateEvent{Reset: q.Reset, Viewport: q.Viewport, Device: q.Device, Geolocation: q.Geolocation,
		Offline: q.Offline, ColorScheme: q.ColorScheme, ReducedMotion: q.ReducedMotion, UserAgent: q.UserAgent,
		Headers: q.Headers, Timezone: q.Timezone, Locale: q.Locale,
		Network: q.Network, CPU: q.CPU, ForcedColors: q.ForcedColors, Contrast: q.Contrast}
}

// checkSet is the EmulationWatchdog's check: a device it knows, values in
// range, headers the browser takes.
func checkSet(q request.Set) error { return emulation.Check(emulateEvent(q)) }

func routeEvent(q request.Route) events.RouteEvent {
	return events.RouteEvent{Pattern: q.Pattern, Abort: q.Abort, Status: q.Status, Body: q.Body, Headers: q.Headers}
}

func addRoute(ctx context.Context, b *Browser, q request.Route) (events.RoutesResult, error) {
	r, err := actions.Route(ctx, b.s, routeEvent(q))
	return pageRoutes(r, 0, b.capBytes()), err
}

// checkRoute is the RouteWatchdog's check of a route: its pattern, its
// abort reason or status, its headers and body.
func checkRoute(q request.Route) error { return route.Check(routeEvent(q)) }

func unroute(ctx context.Context, b *Browser, q request.Unroute) (events.RoutesResult, error) {
	r, err := actions.Unroute(ctx, b.s, q.Pattern)
	return pageRoutes(r, 0, b.capBytes()), err
}

func routes(ctx context.Context, b *Browser, q request.Routes) (events.RoutesResult, error) {
	r, err := actions.Routes(ctx, b.s)
	return pageRoutes(r, q.Offset, b.capBytes()), err
}

// pageRoutes cuts a listing to the page at offset that fits in capBytes.
func pageRoutes(r events.RoutesResult, offset, capBytes int) events.RoutesResult {
	all := len(r.Routes)
	r.Routes, r.NextOffset = pageOf(r.Routes, offset, capBytes-pageReserve)
	if offset > 0 || r.NextOffset > 0 {
		r.Total = all
	}
	return r
}
