package request

// Close closes the browser session. A daemon answers it by ending itself
// with its browser; a Browser closes its session, after which every
// request fails.
type Close struct {
	Returns[CloseResult]
}

// CloseResult says whether a session was closed.
type CloseResult struct {
	Closed  bool   `json:"closed"`
	Session string `json:"session,omitempty"`
	// Message says why nothing was closed.
	Message string `json:"message,omitempty"`
}

func (Close) Command() string { return "close" }

// Status describes the session without touching its pages. A daemon adds
// what it knows of itself.
type Status struct {
	Returns[StatusResult]
}

// StatusResult is a session's state, and its daemon's when a daemon
// answered.
type StatusResult struct {
	Session          string `json:"session,omitempty"`
	PID              int    `json:"pid,omitempty"`
	StartedAt        string `json:"started_at,omitempty"`
	Version          string `json:"version,omitempty"`
	Build            string `json:"build,omitempty"`
	CommandsInFlight *int   `json:"commands_in_flight,omitempty"`
	// Browser is the browser's product and version; Endpoint its CDP
	// endpoint (credentials redacted); Tabs how many tabs the session has.
	Browser    string `json:"browser,omitempty"`
	Endpoint   string `json:"endpoint,omitempty"`
	Tabs       *int   `json:"tabs,omitempty"`
	Warning    string `json:"warning,omitempty"`
	BrowserPID int    `json:"browser_pid,omitempty"`
	// GridSession and GridNode name the Selenium Grid session, CDP and
	// Grid the remote endpoints (redacted) a daemon was started with.
	GridSession string `json:"grid_session,omitempty"`
	GridNode    string `json:"grid_node,omitempty"`
	CDP         string `json:"cdp,omitempty"`
	Grid        string `json:"grid,omitempty"`
	// Goroutines and HeapBytes are the daemon's, for soak tests.
	Goroutines int    `json:"goroutines,omitempty"`
	HeapBytes  uint64 `json:"heap_bytes,omitempty"`
	// Procs is the daemon's GOMAXPROCS (see daemonProcs in the CLI).
	Procs int `json:"procs,omitempty"`
}

func (Status) Command() string { return "status" }
