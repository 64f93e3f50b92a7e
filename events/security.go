package events

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
)

// Sentinels of the security codes, for errors.Is.
var (
	ErrUnsafeRuntimeDir = &Error{Code: CodeUnsafeRuntimeDir}
	ErrURLNotAllowed    = &Error{Code: CodeURLNotAllowed}
	ErrCDPDisabled      = &Error{Code: CodeCDPDisabled}
)
