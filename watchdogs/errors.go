package watchdogs

import "errors"

// ErrDuplicateName is returned by NewManager when two watchdogs share a name.
var ErrDuplicateName = errors.New("duplicate watchdog name")
