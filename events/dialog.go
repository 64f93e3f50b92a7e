package events

import "time"

// DialogInfo describes a JavaScript dialog (alert, confirm, prompt,
// beforeunload).
type DialogInfo struct {
	ID            string     `json:"id"`
	Type          string     `json:"type"`
	Message       string     `json:"message"`
	DefaultPrompt string     `json:"default_prompt"`
	URL           string     `json:"url,omitempty"`
	OpenedAt      time.Time  `json:"opened_at"`
	FrameID       FrameID    `json:"frame_id,omitempty"`
	TabID         TargetID   `json:"tab_id,omitempty"`
	ClosedAt      *time.Time `json:"closed_at,omitempty"`
	ClosedBy      string     `json:"closed_by,omitempty"`
	Accepted      *bool      `json:"accepted,omitempty"`
}
