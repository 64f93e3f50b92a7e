// Package initscript is the init-script watchdog: scripts the agent adds
// to a session run in every new document of it, in the page's main world,
// before the page's own scripts, in every frame: each script is added with
// Page.addScriptToEvaluateOnNewDocument to every tab and out-of-process
// frame attached, and to each one attached later before it runs. Documents
// loaded before a script was added do not run it.
//
// An init script is page script: a session whose evaluate switch is off
// refuses InitScriptAddEvent with evaluate_disabled (the evaluate
// watchdog's guard). It answers InitScriptAddEvent, InitScriptRemoveEvent
// and InitScriptsEvent.
package initscript
