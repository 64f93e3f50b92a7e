// Package grid is a small client for the parts of the W3C WebDriver protocol
// that a Selenium Grid 4 hub (or standalone server) needs from us: creating a
// Chrome session and reading its se:cdp websocket URL, deleting the session,
// and reading /status to learn which node runs a session and whether a slot
// is free. Everything else goes over CDP through the hub.
package grid
