// Package network is the NetworkWatchdog: it keeps a bounded ring of the
// requests of each tab, from the page's session and from every session
// attached under it (out-of-process iframes), with method, URL, resource
// type, status, size, timing and failure reason. It answers NetworkEvent
// (the CLI's "network" command, MCP's browser_network_requests) and adds a
// "network" section with counts to the page state.
//
// It also keeps, within a byte budget for the whole session (10 MiB by
// default; the oldest dropped first, and counted), the request and
// response bodies of documents, XHR and fetch (Config.BodyTypes): the
// domain is enabled with room in the browser for bodies of that size, and
// two workers of the session read each with Network.getResponseBody (and
// Network.getRequestPostData, for a request body too large for its event)
// when its request finishes, before the renderer drops it; the readers of
// the event streams never wait for them. It answers NetworkGetEvent (one
// request in full: headers, timing, bodies), NetworkDomainEvent (how
// another watchdog must enable the domain to keep these buffers), and
// HARStartEvent and HARStopEvent (a HAR 1.2 of every tab's requests). With
// Config.BodyBudget NoBodies, the browser keeps no copy of any body.
package network
