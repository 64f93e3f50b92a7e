package snapshot

import _ "embed"

// snapshotJS installs the in-page half of the engine; see js/snapshot.js.
//
//go:embed js/snapshot.js
var snapshotJS string

// locateJS adds the walk's locate plugin; see js/locate.js.
//
//go:embed js/locate.js
var locateJS string

// readJS adds the walk's read plugin; see js/read.js.
//
//go:embed js/read.js
var readJS string

// worldName names agentbrowser's isolated world in every frame. Chrome
// hands out one context per name and frame; a variable so that tests can
// run a second engine beside the first.
var worldName = "agentbrowser"
