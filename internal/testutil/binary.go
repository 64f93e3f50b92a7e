package testutil

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"go.uber.org/goleak"
)

// RunWithBinary is a TestMain for a suite that drives the agentbrowser
// binary: it builds the package at pkg (relative to the test's directory)
// into a temporary directory, sets *bin to it, runs the tests, fails the
// run when a process of the binary or a goroutine outlives them, removes
// the directory and exits.
func RunWithBinary(m *testing.M, bin *string, pkg, tempPrefix string) {
	dir, err := os.MkdirTemp("", tempPrefix)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	*bin = filepath.Join(dir, "agentbrowser")
	build := exec.Command("go", "build", "-o", *bin, pkg)
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building agentbrowser:", err)
		os.Exit(1)
	}
	code := m.Run()
	if left := NoneRunningFrom(15*time.Second, *bin); len(left) > 0 {
		fmt.Fprintf(os.Stderr, "processes of the test's binary outlived the tests (killed): %v\n", left)
		code = 1
	}
	if code == 0 {
		if err := goleak.Find(); err != nil {
			fmt.Fprintln(os.Stderr, "goleak:", err)
			code = 1
		}
	}
	os.RemoveAll(dir)
	os.Exit(code)
}
