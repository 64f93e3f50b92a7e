// Package evaluate is the EvaluateWatchdog: it runs caller-supplied
// JavaScript in a tab, an element or a frame, and returns its value.
//
// The engine opens its own websocket to the browser and attaches its own
// flat session to each target it evaluates in, so a script that never ends
// sits in front of nothing the actions use. Every evaluation runs within the
// caller's budget, its context's deadline less a small reserve for cleaning
// up: the script may run until that work deadline, and is then stopped with Runtime.terminateExecution and its
// session detached, so the next action on the tab runs at once. When the
// browser endpoint accepts only one client, evaluations run on the tab's
// main session instead ("fallback"), with the same budget and termination.
//
// Values keep what JSON loses: a primitive comes back as itself, a plain
// object as its JSON text, and anything JSON would change through CDP's
// deep serialisation, so NaN, Infinity, -0, undefined, cycles and DOM nodes
// survive the trip (see events.EvaluateResult). Counters and a duration histogram answer
// events.EvaluateStatsEvent.
package evaluate
