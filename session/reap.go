package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/agentbrowser/agentbrowser/internal/safefile"
)

// profilePrefix names the profile directories Launch creates; Reap removes
// only directories named so.
const profilePrefix = "agentbrowser-profile-"

// record is what a running launch leaves in LaunchConfig.RecordFile.
type record struct {
	// Profile is the directory Reap removes: the profile, or with a
	// persistent one the browser's temporary files.
	Profile string `json:"profile"`
	// UserDataDir is a persistent profile, which Reap leaves.
	UserDataDir string `json:"user_data_dir,omitempty"`
	PID         int    `json:"pid,omitempty"`
}

func writeRecord(path string, r record) error {
	b, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("encoding browser record: %w", err)
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return fmt.Errorf("writing browser record %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing browser record %s: %w", path, err)
	}
	return nil
}

// Reap cleans up after a process that launched a browser with RecordFile
// set and died without Close: it kills that browser's process group if it
// still runs and removes its profile directory and the record. The pid is
// trusted only while /proc says it is still the same browser (its command
// line names the recorded profile), so a reused pid is never killed. A
// missing record is not an error.
func Reap(recordFile string) error {
	// The record is ours, in the private runtime directory: a link or a
	// FIFO there is refused without blocking.
	b, err := safefile.ReadFile(recordFile, 1<<20, safefile.Options{NoFollow: true})
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("reading browser record %s: %w", recordFile, err)
	}
	var r record
	if err := json.Unmarshal(b, &r); err != nil {
		os.Remove(recordFile)
		return fmt.Errorf("reading browser record %s: %w", recordFile, err)
	}
	if !filepath.IsAbs(r.Profile) || !strings.HasPrefix(filepath.Base(r.Profile), profilePrefix) {
		os.Remove(recordFile)
		return fmt.Errorf("browser record %s names %q, not a profile of ours; left it alone", recordFile, r.Profile)
	}
	running := r.Profile
	if r.UserDataDir != "" {
		running = r.UserDataDir
	}
	if r.PID > 0 && runsWithProfile(r.PID, running) {
		_ = syscall.Kill(-r.PID, syscall.SIGKILL)
		_ = syscall.Kill(r.PID, syscall.SIGKILL)
	}
	var errs []error
	if err := os.RemoveAll(r.Profile); err != nil {
		errs = append(errs, fmt.Errorf("removing profile %s: %w", r.Profile, err))
	}
	if err := os.Remove(recordFile); err != nil && !errors.Is(err, fs.ErrNotExist) {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// runsWithProfile reports whether pid's command line has
// --user-data-dir=profile.
func runsWithProfile(pid int, profile string) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	if err != nil {
		return false
	}
	want := []byte("--user-data-dir=" + profile)
	for _, arg := range bytes.Split(b, []byte{0}) {
		if bytes.Equal(arg, want) {
			return true
		}
	}
	return false
}
