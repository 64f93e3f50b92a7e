// Package route is the RouteWatchdog: the agent's network routes. A route
// answers the requests whose URL matches its glob pattern in the browser's
// place, failing them with a network error or fulfilling them with a
// status, headers and a body; every kind of request of every tab of the
// session (those opened later too, and out-of-process iframes) goes
// through it. It answers RouteEvent, UnrouteEvent and RoutesEvent.
//
// Routes use the session's one request interception (session.FetchOwner):
// Chrome keeps one set of Fetch patterns per target, so the session merges
// every owner's. The routes' owner is Last: the origin policy (which
// claims only the documents it blocks) and the dialog bridge (which claims
// only its reserved host) are asked first, so a route can neither load a
// blocked document nor take a dialog's answer. Without routes the watchdog
// adds no patterns, and requests are not paused for it.
package route
