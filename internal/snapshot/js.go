package snapshot

import _ "embed"

// snapshotJS installs the in-page half of the engine; see js/snapshot.js.
//
//go:embed js/snapshot.js
var snapshotJS string

// worldName names agentbrowser's isolated world in every frame.
const worldName = "agentbrowser"
