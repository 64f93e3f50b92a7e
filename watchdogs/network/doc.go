// Package network is the NetworkWatchdog: it keeps a bounded ring of the
// requests of each tab, from the page's session and from every session
// attached under it (out-of-process iframes), with method, URL, resource
// type, status, size, timing and failure reason. It answers NetworkEvent
// (the CLI's "network" command, MCP's browser_network_requests) and adds a
// "network" section with counts to the page state.
package network
