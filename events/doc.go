// Package events holds the typed events that travel on a BrowserSession's
// bus, their result types, and the identifier types used in public
// signatures. It is data only and imports nothing but the standard library.
//
// Each event's doc comment names who emits it, who owns it and what result
// it returns. Names end in Event. A request implements bus.Request[R]
// through a Returns method that binds it to its result type (request.go);
// the page state implements bus.GatherRequest through Gathers; the rest are
// notifications, which are only observed.
//
// An owner is a watchdog: "Owned by DefaultActionWatchdog" means package
// watchdogs/defaultaction, whose Attach (watchdog.go) registers one
// handler per request it owns (bus.Handle(b, Name, a.clickElement) for
// ClickElementEvent); each watchdog's Attach is that list for its own
// requests. Element arguments (a ref or a locator) are read once, where
// they enter, into a Target (ParseTarget); the Ref fields of the events
// carry it as its text (Target.AsRef), which the owner reads with the
// same parser.
package events
