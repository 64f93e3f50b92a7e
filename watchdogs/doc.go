// Package watchdogs holds the contract every watchdog implements, the fx
// value group that collects them, and the manager that starts each session's
// watchdogs and stops them.
//
// fx builds the process once, but a process holds many browser sessions, so
// what the "watchdogs" group collects is one Watchdog per kind: a
// process-level object with its configuration. Its Attach makes the
// per-session part (subscriptions, per-tab state) for one BrowserSession, and
// the returned Attachment tears that part down. No watchdog state is shared
// across sessions.
//
// Attach sees the session through Host, a small interface a unit test can
// implement by hand. A watchdog that needs more of the session asserts for
// it with HostAs, as caddy's plugins opt into host capabilities.
//
// A plugin author adds a watchdog with one option:
//
//	fx.Provide(watchdogs.As(NewMine))
package watchdogs
