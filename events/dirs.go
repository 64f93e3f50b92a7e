package events

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"
)

// DirUnusable is the dir_unusable error for directory dir (what says
// which: "the runtime directory", "the temporary directory"), which the
// environment variable variable (set to value; empty when unset) chose,
// and which could not be created, checked or written (err). The message
// names the variable, the path and the reason, and says what to change.
func DirUnusable(what, dir, variable, value string, err error) *Error {
	why := err.Error()
	var errno syscall.Errno
	switch {
	case errors.Is(err, fs.ErrNotExist):
		why = "it, or its parent directory, does not exist"
	case errors.As(err, &errno) && errno == syscall.EROFS:
		why = "it is on a read-only file system"
	case errors.Is(err, fs.ErrPermission):
		why = "you may not create or write files in it"
	case errors.As(err, &errno) && errno == syscall.ENOTDIR:
		why = "a part of its path is not a directory"
	}
	set := fmt.Sprintf("%s=%s", variable, value)
	if value == "" {
		set = variable + " (unset)"
	}
	return NewError(CodeDirUnusable, err,
		"cannot use %s %s, chosen by %s: %s; nothing was started. Point %s at an existing directory you can write to",
		what, dir, set, why, variable).
		WithDetails(ErrorDetails{Path: dir, Variable: variable})
}
