package cli

import (
	"path/filepath"

	"github.com/agentbrowser/agentbrowser/request"
)

// absPaths makes every path q names absolute (request.Paths): the daemon
// that runs q has a working directory of its own.
func absPaths(q request.Request) (request.Request, error) {
	return request.Paths(q, func(p *string, arg request.PathArg) error {
		abs, err := filepath.Abs(*p)
		if err != nil {
			// One of several files (upload, drop) is a file; a single
			// argument is a path.
			if arg.Name == "files" {
				return usageErrorf("file %q: %v", *p, err)
			}
			return usageErrorf("path %q: %v", *p, err)
		}
		*p = abs
		return nil
	})
}

// absPath is p made absolute, or a usage error that names it.
func absPath(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", usageErrorf("path %q: %v", p, err)
	}
	return abs, nil
}
