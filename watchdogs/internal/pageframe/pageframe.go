// Package pageframe holds the script with which an answer waits for what
// the page draws after an input (or after a dialog's answer let its script
// go on): the next animation frame and the short transitions begun for it.
// The DefaultActionWatchdog and the DialogWatchdog both settle with it.
package pageframe

import _ "embed"

// JS is a function source, frame(w, changed), that resolves once w's page
// has run an animation frame and the task after it, and the short
// transitions just begun have ended (bounded); see frame.js.
//
//go:embed frame.js
var JS string
