package events

// CodePathNotAllowed: a path a client gave (a file to upload, load, save or
// print to) resolves, after its symbolic links are followed, outside the
// directories that client may use; nothing was read or written. The message
// and the details' allowed_dirs name those directories.
const CodePathNotAllowed Code = "path_not_allowed"

// ErrPathNotAllowed is the sentinel of CodePathNotAllowed, for errors.Is.
var ErrPathNotAllowed = &Error{Code: CodePathNotAllowed}
