package events

// Body states: whether a request or response body was kept, and if not,
// why (NetworkBody.State).
const (
	// BodyKept: the body is here (Text, Base64 or Path).
	BodyKept = "kept"
	// BodyNone: the request or response has no body (a GET, a 204, a
	// redirect).
	BodyNone = "none"
	// BodyPending: the request has not finished loading yet.
	BodyPending = "pending"
	// BodyNotKept: bodies of this resource type are not kept (by default
	// only documents, XHR and fetch are), or keeping bodies is off.
	BodyNotKept = "not_kept"
	// BodyDropped: the body was kept, then dropped to make room for newer
	// ones within the session's byte budget.
	BodyDropped = "dropped"
	// BodyTooLarge: the body alone is larger than the session's budget.
	BodyTooLarge = "too_large"
	// BodyUnavailable: the browser had no body to give (a failed or
	// cancelled request, a response served from a cache it no longer
	// holds, a download).
	BodyUnavailable = "unavailable"
)

// NetworkBody is a request's or response's body as a request in full
// returns it: text as Text, anything else as Base64 when small, or saved
// to a file (Path). State says whether it was kept, and Reason why not.
type NetworkBody struct {
	State  string `json:"state"`
	Reason string `json:"reason,omitempty"`
	// Bytes is the body's size (decoded), when known.
	Bytes    int64  `json:"bytes,omitempty"`
	MIMEType string `json:"mime_type,omitempty"`
	Text     string `json:"text,omitempty"`
	Base64   string `json:"base64,omitempty"`
	// Path is the file the body was saved to (mode 0600).
	Path string `json:"path,omitempty"`
}

// NetworkTiming is where a request's time went, in milliseconds, as HAR
// splits it: blocked (queued), dns, connect (ssl included), ssl, send,
// wait (to the first byte of the response) and receive. A phase that did
// not happen (a reused connection has no dns or connect) is 0.
type NetworkTiming struct {
	BlockedMS float64 `json:"blocked_ms"`
	DNSMS     float64 `json:"dns_ms"`
	ConnectMS float64 `json:"connect_ms"`
	SSLMS     float64 `json:"ssl_ms"`
	SendMS    float64 `json:"send_ms"`
	WaitMS    float64 `json:"wait_ms"`
	ReceiveMS float64 `json:"receive_ms"`
}

// NetworkRequestDetail is one request in full: the log's entry, its
// headers, the connection, the timing, and the bodies.
type NetworkRequestDetail struct {
	NetworkRequest
	TabID           TargetID       `json:"tab_id"`
	RequestHeaders  []Header       `json:"request_headers"`
	ResponseHeaders []Header       `json:"response_headers"`
	Protocol        string         `json:"protocol,omitempty"`
	RemoteAddress   string         `json:"remote_address,omitempty"`
	FromCache       bool           `json:"from_cache,omitempty"`
	Timing          *NetworkTiming `json:"timing,omitempty"`
	RequestBody     NetworkBody    `json:"request_body"`
	ResponseBody    NetworkBody    `json:"response_body"`
}

// NetworkGetEvent asks for one request in full by its id (as the request
// log lists it), from the tab TabID first, then from every tab of the
// session. A binary response body larger than 64 KiB is saved to a file
// in the session's download directory; with SavePath, the response body
// (of any type) is saved there instead of returned. Owned by
// NetworkWatchdog; result NetworkRequestDetail; an unknown id is
// not_found.
type NetworkGetEvent struct {
	TabID    TargetID
	ID       string
	SavePath string
}

// NetworkDomainEvent asks the owner of the request log how the Network
// domain must be enabled on a target, so that another watchdog that
// enables it (for network conditions) keeps the same buffers. Owned by
// NetworkWatchdog; result NetworkDomain. Without an owner, every size is 0.
type NetworkDomainEvent struct{}

// NetworkDomain is the arguments of Network.enable: the browser's buffers
// for response bodies (per target, and per resource) and the size of
// request bodies put in the request events.
type NetworkDomain struct {
	MaxTotalBufferSize    int64 `json:"max_total_buffer_size"`
	MaxResourceBufferSize int64 `json:"max_resource_buffer_size"`
	MaxPostDataSize       int64 `json:"max_post_data_size"`
}
