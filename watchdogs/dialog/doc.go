// Package dialog is the DialogWatchdog: it follows every JavaScript dialog
// (alert, confirm, prompt, beforeunload) of a session's tabs and their
// frames, holds or answers each one according to the session's policy, and
// keeps the tab from hanging meanwhile.
//
// A pending dialog blocks its page's JS thread, and most CDP commands to
// that page do not answer until it closes. So while a dialog is held under
// the must_respond policy, the watchdog vetoes every tab-scoped action on
// its tab (events.TabScoped) with code dialog_blocking, naming the dialog,
// instead of letting the action hang; state requests and dialog events
// always answer.
//
// Bridge mode serves CDP endpoints that close native dialogs themselves (as
// hosted browser proxies do): an init script replaces alert, confirm and
// prompt with a synchronous request to a reserved .invalid host, which the
// watchdog pauses with the Fetch domain, admits as a pending dialog and
// answers with the agent's reply. See docs/dialogs-and-frames.md.
package dialog
