package events

// SnapshotDiff is what changed in a tab's snapshot text since an earlier
// one: the changed lines under their nearest unchanged ancestor, or the
// whole text when that is not smaller (Full).
type SnapshotDiff struct {
	Text        string   `json:"text,omitempty"`
	Full        bool     `json:"full"`
	Changed     int      `json:"changed"`
	RemovedRefs []string `json:"removed_refs,omitempty"`
	ChangedRefs []string `json:"changed_refs,omitempty"`
}
