package events

import "time"

// Network request states.
const (
	NetworkPending  = "pending"
	NetworkFinished = "finished"
	NetworkFailed   = "failed"
)

// NetworkRequest is one request of a tab, from the page or any of its
// frames, out-of-process iframes included.
type NetworkRequest struct {
	// ID is the browser's request id, unique within its target.
	ID     string `json:"id"`
	Method string `json:"method"`
	URL    string `json:"url"`
	// ResourceType is Document, Stylesheet, Image, Script, XHR, Fetch, ...
	ResourceType string `json:"resource_type,omitempty"`
	// State is pending, finished or failed.
	State      string `json:"state"`
	Status     int    `json:"status,omitempty"`
	StatusText string `json:"status_text,omitempty"`
	MIMEType   string `json:"mime_type,omitempty"`
	// Size is the bytes received over the network (0 from a cache).
	Size int64 `json:"size"`
	// Failure is the browser's reason for a failed request, such as
	// net::ERR_NAME_NOT_RESOLVED; Canceled marks one the page or a
	// navigation cancelled.
	Failure  string    `json:"failure,omitempty"`
	Canceled bool      `json:"canceled,omitempty"`
	FrameID  FrameID   `json:"frame_id,omitempty"`
	At       time.Time `json:"at"`
	// DurationMS is the time from sending to the end of loading or failure.
	DurationMS float64 `json:"duration_ms,omitempty"`
}

// NetworkEvent asks for a tab's recent requests (TabID, or the active tab),
// oldest first; with Clear they are returned and then forgotten. Owned by
// NetworkWatchdog; result NetworkResult.
type NetworkEvent struct {
	TabID TargetID
	Clear bool
}

// NetworkResult is the result of NetworkEvent. Dropped counts the requests
// that fell out of the bounded ring since the tab opened or was cleared.
// BodyBytes is what the session's kept bodies weigh now (all its tabs),
// and BodiesDropped how many were dropped to make room within its budget.
type NetworkResult struct {
	TabID         TargetID         `json:"tab_id"`
	Requests      []NetworkRequest `json:"requests"`
	Dropped       int              `json:"dropped"`
	BodyBytes     int64            `json:"body_bytes"`
	BodiesDropped int              `json:"bodies_dropped"`
}

// NetworkCounts is the network section of the page state: requests seen,
// failed (cancellations excluded) and still pending among those kept.
type NetworkCounts struct {
	Requests int `json:"requests"`
	Failed   int `json:"failed"`
	Pending  int `json:"pending"`
}
