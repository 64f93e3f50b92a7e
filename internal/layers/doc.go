// Package layers holds the test that keeps the module's import direction:
// events, bus, session, watchdogs, actions, request, mcpserver, cmd, each
// importing only layers before it, and watchdogs never importing each
// other.
package layers
