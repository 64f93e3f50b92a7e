package emulation

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/mafredri/cdp/rpcc"
	"golang.org/x/text/language"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/httpheader"
	"github.com/agentbrowser/agentbrowser/session"
)

// group is a set of settings sent to a target together.
type group uint

const (
	gTimezone group = 1 << iota
	gLocale
	gViewport
	gUserAgent
	gGeolocation
	gMedia
	gOffline
	gHeaders
	gCPU
)

// otherTargetWait bounds applying a change to a target other than the
// active tab (a page held by a dialog does not answer): the change stands,
// and the target is told again when it next attaches.
const otherTargetWait = 2 * time.Second

var localeRE = regexp.MustCompile(`^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*$`)

func clone(e events.Emulation) events.Emulation {
	if e.Viewport != nil {
		v := *e.Viewport
		e.Viewport = &v
	}
	if e.Geolocation != nil {
		g := *e.Geolocation
		e.Geolocation = &g
	}
	if e.Network != nil {
		c := *e.Network
		e.Network = &c
	}
	e.Headers = maps.Clone(e.Headers)
	return e
}

func invalid(format string, args ...any) error {
	return events.Errorf(events.CodeInvalidArgument, format, args...)
}

// next is the settings e makes of cur, or an invalid_argument error
// naming every part of e that is wrong.
func next(cur events.Emulation, e events.EmulateEvent) (events.Emulation, error) {
	n := clone(cur)
	if e.Reset {
		n = events.Emulation{}
	}
	var errs []error
	if e.Device != "" {
		d, ok := LookupDevice(e.Device)
		if !ok {
			names := DeviceNames()
			return cur, events.Errorf(events.CodeInvalidArgument, "unknown device %q: the known devices are %s", e.Device, strings.Join(names, ", ")).
				WithDetails(events.ErrorDetails{Known: names})
		}
		v := d.Viewport
		n.Device, n.Viewport, n.UserAgent = d.Name, &v, d.UserAgent
	}
	if v := e.Viewport; v != nil {
		if v.Width < 1 || v.Width > 10000 || v.Height < 1 || v.Height > 10000 {
			errs = append(errs, invalid("viewport %dx%d: width and height must be 1 to 10000 CSS pixels", v.Width, v.Height))
		}
		if !(v.DPR >= 0 && v.DPR <= 10) {
			// Written so that NaN fails too.
			errs = append(errs, invalid("viewport dpr %g: want a device pixel ratio above 0 and at most 10 (leave it out for the browser's)", v.DPR))
		} else if v.DPR > 0 && (float64(v.Width)*v.DPR < 1 || float64(v.Height)*v.DPR < 1) {
			// Less than a device pixel: Chromium renders nothing (every
			// screenshot times out), or takes a tiny ratio as 1.
			errs = append(errs, invalid("viewport %dx%d at dpr %g is less than one device pixel wide or high: give a larger dpr (at least %g)", v.Width, v.Height, v.DPR, 1/float64(min(v.Width, v.Height))))
		}
		vv := *v
		n.Viewport = &vv
		if e.Device == "" {
			n.Device = ""
		}
	}
	if g := e.Geolocation; g != nil {
		// Written so that NaN fails too.
		if !(g.Latitude >= -90 && g.Latitude <= 90 && g.Longitude >= -180 && g.Longitude <= 180) {
			errs = append(errs, invalid("geolocation %g %g: latitude must be -90 to 90 and longitude -180 to 180", g.Latitude, g.Longitude))
		}
		if !(g.Accuracy >= 0) || math.IsInf(g.Accuracy, 1) {
			errs = append(errs, invalid("geolocation accuracy %g: want a finite number of metres, not negative", g.Accuracy))
		}
		gg := *g
		if gg.Accuracy == 0 {
			gg.Accuracy = 10
		}
		n.Geolocation = &gg
	}
	if e.Offline != nil {
		n.Offline = *e.Offline
	}
	if e.ColorScheme != "" {
		switch e.ColorScheme {
		case events.ColorSchemeDark, events.ColorSchemeLight, events.ColorSchemeNoPreference:
			n.ColorScheme = e.ColorScheme
		default:
			errs = append(errs, invalid("color scheme %q: want dark, light or no-preference", e.ColorScheme))
		}
	}
	if e.ReducedMotion != nil {
		n.ReducedMotion = *e.ReducedMotion
	}
	if e.UserAgent != "" {
		if strings.ContainsFunc(e.UserAgent, func(r rune) bool { return r < ' ' || r == 0x7f }) {
			errs = append(errs, invalid("user agent %q holds a control character", e.UserAgent))
		}
		n.UserAgent = e.UserAgent
	}
	if e.Headers != nil {
		names := slices.Sorted(maps.Keys(e.Headers))
		for _, k := range names {
			if err := httpheader.CheckRequest(k, e.Headers[k]); err != nil {
				errs = append(errs, invalid("%v", err))
			}
		}
		n.Headers = maps.Clone(e.Headers)
		if len(n.Headers) == 0 {
			n.Headers = nil
		}
	}
	if e.Timezone != "" {
		if strings.ContainsFunc(e.Timezone, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
			errs = append(errs, invalid("time zone %q: want an IANA name such as Europe/Paris", e.Timezone))
		}
		n.Timezone = e.Timezone
	}
	if e.Locale != "" {
		if !localeRE.MatchString(e.Locale) {
			errs = append(errs, invalid("locale %q: want a language tag such as fr-FR", e.Locale))
		} else if _, err := language.Parse(e.Locale); err != nil {
			// Checked here, not left to the browser: Chromium 148 takes
			// any well-formed tag, and its pages then run in its own
			// locale while the agent believes they run in this one.
			errs = append(errs, invalid("locale %q: no such language or region (%v); use a tag such as fr-FR", e.Locale, err))
		}
		n.Locale = e.Locale
	}
	errs = append(errs, nextConditions(&n, e)...)
	if len(errs) > 0 {
		return cur, errs[0]
	}
	return n, nil
}

// changed lists the groups whose settings differ between a and b.
func changed(a, b events.Emulation) group {
	var g group
	if a.Timezone != b.Timezone {
		g |= gTimezone
	}
	if a.Locale != b.Locale {
		g |= gLocale | gUserAgent
	}
	if !ptrEqual(a.Viewport, b.Viewport) {
		g |= gViewport
	}
	if a.UserAgent != b.UserAgent {
		g |= gUserAgent
	}
	if !ptrEqual(a.Geolocation, b.Geolocation) {
		g |= gGeolocation
	}
	if a.ColorScheme != b.ColorScheme || a.ReducedMotion != b.ReducedMotion || a.ForcedColors != b.ForcedColors || a.Contrast != b.Contrast {
		g |= gMedia
	}
	if a.Offline != b.Offline || !ptrEqual(a.Network, b.Network) {
		g |= gOffline
	}
	if a.CPU != b.CPU {
		g |= gCPU
	}
	if !maps.Equal(a.Headers, b.Headers) {
		g |= gHeaders
	}
	return g
}

func ptrEqual[T comparable](a, b *T) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// emulate answers EmulateEvent.
func (a *attachment) emulate(ctx context.Context, e events.EmulateEvent) (events.Emulation, error) {
	if err := a.mu.Lock(ctx); err != nil {
		return events.Emulation{}, err
	}
	defer a.mu.Unlock()
	old := a.set
	n, err := next(old, e)
	if err != nil {
		return clone(old), err
	}
	diff := changed(old, n)
	if diff&(gUserAgent) != 0 && n.UserAgent == "" && n.Locale != "" {
		if err := a.browserUA(ctx); err != nil {
			return clone(old), err
		}
	}
	// The browser alone knows which time zones and locales it has: try the
	// active tab first, and undo there what it refused.
	active, err := a.s.Tab("")
	if err != nil {
		return clone(old), err
	}
	if err := a.apply(ctx, active, n, diff, true); err != nil {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), otherTargetWait)
		_ = a.apply(rctx, active, old, diff, false)
		cancel()
		return clone(old), err
	}
	if n.Geolocation != nil && diff&gGeolocation != 0 {
		if err := a.s.GrantPermissions(ctx, "geolocation"); err != nil {
			a.log.Debug().Err(err).Msg("granting geolocation")
		}
	}
	a.set = n
	for _, t := range a.s.Targets() {
		if t == active {
			continue
		}
		tctx, cancel := context.WithTimeout(ctx, otherTargetWait)
		if err := a.apply(tctx, t, n, diff, false); err != nil {
			a.log.Debug().Err(err).Str("target", string(t.ID)).Msg("applying emulation")
		}
		cancel()
	}
	return clone(n), nil
}

// attached sets a new target up with the settings, before it runs.
func (a *attachment) attached(ctx context.Context, t *session.Target) error {
	if err := a.mu.Lock(ctx); err != nil {
		return err
	}
	defer a.mu.Unlock()
	all := changed(events.Emulation{}, a.set)
	if all == 0 {
		return nil
	}
	if err := a.apply(ctx, t, a.set, all, false); err != nil {
		a.log.Debug().Err(err).Str("target", string(t.ID)).Msg("emulation on a new target")
	}
	return nil
}

// browserUA reads the browser's own user agent once; a.mu is held.
func (a *attachment) browserUA(ctx context.Context) error {
	if a.defaultUA != "" {
		return nil
	}
	v, err := a.s.Browser().Browser.GetVersion(ctx)
	if err != nil {
		return fmt.Errorf("reading the browser's user agent: %w", err)
	}
	a.defaultUA = v.UserAgent
	return nil
}

// apply sends t the settings of st in groups g. The time zone and locale
// go first, as only they can be refused for their value: with strict,
// such a refusal is invalid_argument and nothing else is sent; without,
// every group is sent and the failures are returned together.
func (a *attachment) apply(ctx context.Context, t *session.Target, st events.Emulation, g group, strict bool) error {
	call := func(method string, params any) error {
		return rpcc.Invoke(ctx, method, params, nil, t.Conn)
	}
	var errs []error
	if g&gTimezone != 0 {
		// Over another override, Chrome takes a zone it does not know
		// without a word (and keeps the old one): clear it first.
		if st.Timezone != "" {
			_ = call("Emulation.setTimezoneOverride", map[string]any{"timezoneId": ""})
		}
		if err := call("Emulation.setTimezoneOverride", map[string]any{"timezoneId": st.Timezone}); err != nil {
			err = refused(err, "time zone %q: the browser does not know it; use an IANA name such as Europe/Paris", st.Timezone)
			if strict {
				return err
			}
			errs = append(errs, err)
		}
	}
	if g&gLocale != 0 {
		// Chrome refuses a new override over another: clear it first. An
		// out-of-process frame shares its process's override with the
		// other frames there, whose set-up has set it already.
		_ = call("Emulation.setLocaleOverride", map[string]any{})
		if st.Locale != "" {
			if err := call("Emulation.setLocaleOverride", map[string]any{"locale": st.Locale}); err != nil && !strings.Contains(err.Error(), "already in effect") {
				err = refused(err, "locale %q: the browser does not know it; use a tag such as fr-FR", st.Locale)
				if strict {
					return err
				}
				errs = append(errs, err)
			}
		}
	}
	if g&gViewport != 0 && t.IsPage() {
		if v := st.Viewport; v != nil {
			errs = append(errs, call("Emulation.setDeviceMetricsOverride", map[string]any{
				"width": v.Width, "height": v.Height, "deviceScaleFactor": v.DPR, "mobile": v.Mobile,
			}))
			touch := map[string]any{"enabled": v.Touch}
			if v.Touch {
				touch["maxTouchPoints"] = 5
			}
			errs = append(errs, call("Emulation.setTouchEmulationEnabled", touch))
		} else {
			errs = append(errs, call("Emulation.clearDeviceMetricsOverride", nil),
				call("Emulation.setTouchEmulationEnabled", map[string]any{"enabled": false}))
		}
	}
	if g&gUserAgent != 0 {
		ua := st.UserAgent
		p := map[string]any{}
		if st.Locale != "" {
			if ua == "" {
				ua = a.defaultUA
			}
			p["acceptLanguage"] = st.Locale
		}
		p["userAgent"] = ua
		errs = append(errs, call("Emulation.setUserAgentOverride", p))
	}
	if g&gGeolocation != 0 {
		if l := st.Geolocation; l != nil {
			errs = append(errs, call("Emulation.setGeolocationOverride", map[string]any{
				"latitude": l.Latitude, "longitude": l.Longitude, "accuracy": l.Accuracy,
			}))
		} else {
			errs = append(errs, call("Emulation.clearGeolocationOverride", nil))
		}
	}
	if g&gMedia != 0 {
		features := []map[string]string{}
		if st.ColorScheme != "" {
			features = append(features, map[string]string{"name": "prefers-color-scheme", "value": st.ColorScheme})
		}
		if st.ReducedMotion {
			features = append(features, map[string]string{"name": "prefers-reduced-motion", "value": "reduce"})
		}
		features = append(features, mediaFeatures(st)...)
		errs = append(errs, call("Emulation.setEmulatedMedia", map[string]any{"features": features}))
	}
	if g&(gOffline|gHeaders) != 0 {
		errs = append(errs, call("Network.enable", a.networkDomain(ctx)))
	}
	if g&gOffline != 0 {
		errs = append(errs, call("Network.emulateNetworkConditions", conditions(st)))
	}
	if g&gCPU != 0 {
		errs = append(errs, call("Emulation.setCPUThrottlingRate", map[string]any{"rate": max(st.CPU, 1)}))
	}
	if g&gHeaders != 0 {
		h := st.Headers
		if h == nil {
			h = map[string]string{}
		}
		errs = append(errs, call("Network.setExtraHTTPHeaders", map[string]any{"headers": h}))
	}
	return errors.Join(errs...)
}

// refused turns the browser's refusal of a value into invalid_argument;
// any other failure stays as it is.
func refused(err error, format string, args ...any) error {
	var re *rpcc.ResponseError
	if errors.As(err, &re) {
		return events.Errorf(events.CodeInvalidArgument, format+" (%s)", append(args, re.Message)...)
	}
	return err
}

// Check reports what is wrong with e that can be told without a browser
// (an unknown device, a viewport out of range, a malformed header or
// locale...). A time zone or locale the browser does not know is found
// only when it is tried.
func Check(e events.EmulateEvent) error {
	_, err := next(events.Emulation{}, e)
	return err
}
