// Package watchdogtest lets a watchdog's author test it without Chrome.
//
// Peer is a scripted fake browser that speaks enough of the DevTools
// Protocol for a real session.BrowserSession to connect to it, create a tab
// and attach watchdogs; Start does that. A test scripts replies, sends
// events, and holds a tab with a JavaScript dialog the way Chrome does, then
// checks what the watchdog sent and answered.
//
// Run is a conformance suite in the manner of watermill's pub/sub tests:
// every watchdog, the standard ones included, passes it. It checks the
// contract stated on watchdogs.Watchdog (Detach repeated is harmless and
// leaves no goroutine, handlers honour their context, the state request is
// answered while a dialog is pending, lifecycle notifications are handled
// promptly).
package watchdogtest
