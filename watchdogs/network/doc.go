// Package network is the NetworkWatchdog: it keeps a bounded ring of the
// requests of each tab, from the page's session and from every session
// attached under it (out-of-process iframes), with method, URL, resource
// type, status, size, timing and failure reason. It answers NetworkEvent
// (the CLI's "network" command, MCP's browser_network_requests) and adds a
// "network" section with counts to the page state.
//
// The log is made of events alone: the domain is enabled with no room
// for response bodies, so the browser keeps no copy of them. A plugin that
// reads bodies (Network.getResponseBody) enables the domain on its target
// again with the sizes it needs.
package network
