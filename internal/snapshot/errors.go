package snapshot

import (
	"errors"
	"fmt"

	"github.com/agentbrowser/agentbrowser/events"
)

// ErrStaleRef is matched (with errors.Is) by the error for a ref whose
// element is gone: removed from the page, or its document replaced by a
// navigation. The agent must take a new snapshot.
var ErrStaleRef = errors.New("stale ref")

// ErrUnknownRef is matched by the error for a well-formed ref this engine
// never issued.
var ErrUnknownRef = errors.New("unknown ref")

// ErrInvalidRef is matched by the error for a string that is not a ref.
var ErrInvalidRef = errors.New("invalid ref")

// StaleRefError reports that Ref's element is gone.
type StaleRefError struct{ Ref events.Ref }

func (e *StaleRefError) Error() string {
	return fmt.Sprintf("ref %s is stale: the element is gone; take a new snapshot", e.Ref)
}

// Is makes errors.Is(err, ErrStaleRef) true.
func (e *StaleRefError) Is(target error) bool { return target == ErrStaleRef }

// UnknownRefError reports a ref that no snapshot of this tab issued.
type UnknownRefError struct{ Ref events.Ref }

func (e *UnknownRefError) Error() string {
	return fmt.Sprintf("ref %s is unknown: no snapshot of this tab issued it; take a new snapshot", e.Ref)
}

// Is makes errors.Is(err, ErrUnknownRef) true.
func (e *UnknownRefError) Is(target error) bool { return target == ErrUnknownRef }

// InvalidRefError reports a string that events.ParseRef rejects.
type InvalidRefError struct{ Input string }

func (e *InvalidRefError) Error() string {
	return fmt.Sprintf("invalid ref %q: want a ref like e5", e.Input)
}

// Is makes errors.Is(err, ErrInvalidRef) true.
func (e *InvalidRefError) Is(target error) bool { return target == ErrInvalidRef }

// errWorldGone means an isolated world's document was replaced (or its
// session closed): every ref it issued is stale.
var errWorldGone = errors.New("isolated world is gone")
