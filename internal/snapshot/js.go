package snapshot

import (
	_ "embed"

	"github.com/agentbrowser/agentbrowser/internal/jstext"
)

// The scripts are sent compacted (jstext.Compact): the install of each new
// document's world carries the three below, and every kilobyte sent costs
// the renderer time even when V8 has the script compiled.

// snapshotJS installs the in-page half of the engine; see js/snapshot.js.
var snapshotJS = jstext.Compact(snapshotSrc)

// locateJS adds the walk's locate plugin; see js/locate.js.
var locateJS = jstext.Compact(locateSrc)

// readJS adds the walk's read plugin; see js/read.js.
var readJS = jstext.Compact(readSrc)

var (
	//go:embed js/snapshot.js
	snapshotSrc string
	//go:embed js/locate.js
	locateSrc string
	//go:embed js/read.js
	readSrc string
)

// worldName names agentbrowser's isolated world in every frame. Chrome
// hands out one context per name and frame; a variable so that tests can
// run a second engine beside the first.
var worldName = "agentbrowser"
