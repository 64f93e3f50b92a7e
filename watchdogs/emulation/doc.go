// Package emulation is the EmulationWatchdog: how the session's browser
// presents itself to its pages. One set of settings per session (the
// viewport or a built-in device, geolocation, offline, network throttling
// and CPU slowdown, color scheme, reduced motion, forced colors and
// contrast, user agent, extra request headers, time zone, locale)
// is applied to every tab and out-of-process frame of the session, and to
// each one opened later before its first script runs. It answers
// EmulateEvent and EmulationEvent.
//
// A change is checked before anything is sent; what only the browser can
// check (a time zone or a locale it does not know) is tried on the active
// tab first, and a refusal is undone there, so bad input changes nothing.
// Without settings the watchdog sends nothing to new targets.
package emulation
