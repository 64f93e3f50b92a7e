package snapshot

import "testing"

// TestScriptsAreSentCompacted: each script the engine sends is its source
// compacted, which jstext refuses (silently, sending the source) for a
// source with a template literal or a line continuation: one added to a
// script shows here.
func TestScriptsAreSentCompacted(t *testing.T) {
	for name, s := range map[string][2]string{
		"snapshot.js": {snapshotSrc, snapshotJS},
		"locate.js":   {locateSrc, locateJS},
		"read.js":     {readSrc, readJS},
		"probe.js":    {probeSrc, probeJS},
	} {
		if src, sent := s[0], s[1]; len(sent) >= len(src)*9/10 {
			t.Errorf("%s: %d bytes sent of a %d-byte source; want a tenth less at least", name, len(sent), len(src))
		}
	}
}
