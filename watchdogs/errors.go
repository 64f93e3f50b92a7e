package watchdogs

import "errors"

// ErrDuplicateName is returned by NewManager when two watchdogs share a name.
var ErrDuplicateName = errors.New("duplicate watchdog name")

// ErrHostUnsupported is returned by Attach when its Host lacks a capability
// the watchdog needs beyond Host (see HostAs). Attach the watchdog to a
// browser session started by session.Start.
var ErrHostUnsupported = errors.New("the host does not offer it")
