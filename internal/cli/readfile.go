package cli

import (
	"errors"
	"os"

	"github.com/agentbrowser/agentbrowser/internal/safefile"
)

// readUserFile reads a file a command line names (--body-file, batch
// --file): a regular file only, opened without blocking (a FIFO or a
// device is refused at once) and read up to limit bytes, else
// invalid_argument naming the flag, the file and the cap.
func readUserFile(flag, path string, limit int64) ([]byte, error) {
	b, err := safefile.ReadFile(path, limit, safefile.Options{})
	if err != nil {
		return nil, invalidArg("%s: %v; nothing was run", flag, err)
	}
	return b, nil
}

// readStdin reads standard input for what (the batch's steps, an
// expression) through a cap checked while reading: an endless input
// (/dev/zero) stops one byte past limit with invalid_argument stating the
// cap.
func readStdin(what string, limit int64) ([]byte, error) {
	b, err := safefile.ReadAll(os.Stdin, limit)
	if errors.Is(err, safefile.ErrTooLarge) {
		return nil, invalidArg("%s: standard input holds more than %s, the most that is read; nothing was run", what, safefile.Size(limit))
	}
	if err != nil {
		return nil, invalidArg("%s: reading standard input: %v", what, err)
	}
	return b, nil
}
