//go:build !linux

package defaultaction

// pseudoFS knows the pseudo file systems of Linux only.
func pseudoFS(path string) (string, bool) { return "", false }
