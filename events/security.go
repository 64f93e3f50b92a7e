package events

import "time"

// Codes of the security controls (see docs/security.md).
const (
	// CodeUnsafeRuntimeDir: the runtime directory that holds the daemons'
	// sockets is owned by another user or open to group or others, or a
	// socket's peer is another user; nothing was sent.
	CodeUnsafeRuntimeDir Code = "unsafe_runtime_dir"
	// CodeURLNotAllowed: a URL's scheme or origin is outside the session's
	// URL policy; nothing was loaded.
	CodeURLNotAllowed Code = "url_not_allowed"
	// CodeCDPDisabled: the raw cdp command is switched off in this session.
	CodeCDPDisabled Code = "cdp_disabled"
	// CodeCDPNotAllowed: a raw CDP method could reach beyond the session's
	// own browser context on a browser shared with other sessions; it was
	// not sent.
	CodeCDPNotAllowed Code = "cdp_not_allowed"
)

// Sentinels of the security codes, for errors.Is.
var (
	ErrUnsafeRuntimeDir = &Error{Code: CodeUnsafeRuntimeDir}
	ErrURLNotAllowed    = &Error{Code: CodeURLNotAllowed}
	ErrCDPDisabled      = &Error{Code: CodeCDPDisabled}
	ErrCDPNotAllowed    = &Error{Code: CodeCDPNotAllowed}
)

// BlockedLoad is a document load the session's origin policy stopped before
// any byte was fetched: a link the page followed, an iframe, a popup.
// Action results and the page state list them.
type BlockedLoad struct {
	URL     string    `json:"url"`
	Code    Code      `json:"code"`
	Message string    `json:"message"`
	TabID   TargetID  `json:"tab_id"`
	FrameID FrameID   `json:"frame_id,omitempty"`
	At      time.Time `json:"at"`
}
