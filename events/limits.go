package events

// DefaultMaxResultBytes is the default cap on one result: an evaluation's
// value, a raw CDP reply, a command's whole output. A larger one fails
// with result_too_large instead of being carried whole through the daemon
// (the --max-result-bytes setting changes it).
const DefaultMaxResultBytes = 4 << 20
