package session

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/agentbrowser/agentbrowser/internal/chromebin"
)

// DefaultFlags returns the Chrome flags a launch starts from unless its
// LaunchConfig gives BaseFlags: a new slice on every call, so that nothing a
// caller does to it changes another session. Background networking,
// component updates and sync are off because this kind of machine has no
// network beyond loopback and Chrome would otherwise retry lookups forever.
func DefaultFlags() []string {
	return []string{
		"--window-size=1280,800",
		"--headless",
		"--no-sandbox",
		"--disable-gpu",
		"--disable-quic",
		"--no-first-run",
		"--no-default-browser-check",
		"--disable-background-networking",
		"--disable-component-update",
		"--disable-sync",
		"--disable-dev-shm-usage",
		"--disable-features=Translate,MediaRouter,OptimizationHints",
		"--hide-scrollbars",
		"--mute-audio",
	}
}

// FindChrome returns the browser binary to launch: $CHROME_BIN, then
// chromium, chromium-browser, google-chrome and google-chrome-stable on PATH.
// A failure matches ErrNoBrowser.
func FindChrome() (string, error) {
	p, err := chromebin.Find()
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrNoBrowser, err)
	}
	return p, nil
}

// LaunchConfig says how to start a local browser.
type LaunchConfig struct {
	// Path to the binary; FindChrome when empty.
	Path string
	// SitePerProcess puts every cross-site frame in its own process, which
	// is how cross-origin iframes become OOPIFs.
	SitePerProcess bool
	// BaseFlags, when not nil, is the explicit full set of flags to start
	// from instead of DefaultFlags(); leave --window-size out of it to
	// launch without one. The flags Launch needs to reach the browser (its
	// debugging channel, the profile directory) are always added.
	BaseFlags []string
	// Flags are added after the base flags.
	Flags []string
	// WindowSize, when set ("1024,768"), replaces the base flags'
	// --window-size.
	WindowSize string
}

// ChromeFlags returns the Chrome flags cfg asks for, before the ones Launch
// adds to reach the browser (debugging channel, profile directory).
func (cfg LaunchConfig) ChromeFlags() []string {
	args := DefaultFlags()
	if cfg.BaseFlags != nil {
		args = slices.Clone(cfg.BaseFlags)
	}
	if cfg.WindowSize != "" {
		args = slices.DeleteFunc(args, func(f string) bool { return strings.HasPrefix(f, "--window-size=") })
		args = append(args, "--window-size="+cfg.WindowSize)
	}
	if cfg.SitePerProcess {
		args = append(args, "--site-per-process")
	}
	return append(args, cfg.Flags...)
}

// Process is a running browser started by Launch.
type Process struct {
	Endpoint string // ws://127.0.0.1:PORT/devtools/browser/ID
	Path     string

	cmd     *exec.Cmd
	dataDir string

	exited   chan struct{}
	exitErr  error
	stopOnce sync.Once
	stopping chan struct{}
}

// Launch starts a headless browser with a fresh profile directory and returns
// once its DevTools endpoint is printed, within ctx.
func Launch(ctx context.Context, cfg LaunchConfig) (*Process, error) {
	path := cfg.Path
	if path == "" {
		p, err := FindChrome()
		if err != nil {
			return nil, err
		}
		path = p
	}
	dir, err := os.MkdirTemp("", "agentbrowser-profile-")
	if err != nil {
		return nil, fmt.Errorf("creating profile directory: %w", err)
	}
	args := append(cfg.ChromeFlags(),
		"--remote-debugging-port=0",
		"--user-data-dir="+dir,
		"about:blank",
	)
	cmd := exec.Command(path, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("launching %s: %w", path, err)
	}
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, &LaunchError{Path: path, Err: err}
	}
	p := &Process{Path: path, cmd: cmd, dataDir: dir, exited: make(chan struct{}), stopping: make(chan struct{})}

	found := make(chan string, 1)
	var outMu sync.Mutex
	var out strings.Builder
	go func() {
		// Chrome keeps writing to stderr for its whole life; drain it so it
		// never blocks on a full pipe, and keep the head for error messages.
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		sent := false
		for sc.Scan() {
			line := sc.Text()
			if !sent {
				if i := strings.Index(line, "DevTools listening on "); i >= 0 {
					found <- strings.TrimSpace(line[i+len("DevTools listening on "):])
					sent = true
					continue
				}
				outMu.Lock()
				if out.Len() < 4096 {
					out.WriteString(line)
					out.WriteByte('\n')
				}
				outMu.Unlock()
			}
		}
		io.Copy(io.Discard, stderr)
	}()
	go func() {
		p.exitErr = cmd.Wait()
		close(p.exited)
	}()

	select {
	case ep := <-found:
		p.Endpoint = ep
		return p, nil
	case <-p.exited:
		p.cleanup()
		outMu.Lock()
		defer outMu.Unlock()
		return nil, &LaunchError{Path: path, Output: strings.TrimSpace(out.String()), Err: fmt.Errorf("browser exited: %v", p.exitErr)}
	case <-ctx.Done():
		p.Close()
		return nil, &LaunchError{Path: path, Err: fmt.Errorf("waiting for devtools endpoint: %w", ctx.Err())}
	}
}

// Exited is closed when the browser process has exited and been reaped.
func (p *Process) Exited() <-chan struct{} { return p.exited }

// Stopping reports whether Close was called, which tells an exit we caused
// from a crash.
func (p *Process) Stopping() bool {
	select {
	case <-p.stopping:
		return true
	default:
		return false
	}
}

// ExitCode is the process's exit code after Exited, or -1.
func (p *Process) ExitCode() int {
	select {
	case <-p.exited:
	default:
		return -1
	}
	var ee *exec.ExitError
	if errors.As(p.exitErr, &ee) {
		return ee.ExitCode()
	}
	if p.exitErr == nil {
		return 0
	}
	return -1
}

// PID is the browser's process id (also its process group id).
func (p *Process) PID() int { return p.cmd.Process.Pid }

// DataDir is the profile directory, removed by Close.
func (p *Process) DataDir() string { return p.dataDir }

// Close kills the browser's whole process group, reaps it and removes the
// profile directory. It is idempotent.
func (p *Process) Close() error {
	p.stopOnce.Do(func() {
		close(p.stopping)
		// Renderers and helpers are in the browser's process group; kill
		// them all so none outlives the session.
		_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
		select {
		case <-p.exited:
		case <-time.After(10 * time.Second):
		}
		p.cleanup()
	})
	return nil
}

func (p *Process) cleanup() {
	// The group may still hold zygote children after the leader exits; they
	// are reaped by init, so wait (bounded) until none is left.
	pgid := p.cmd.Process.Pid
	deadline := time.Now().Add(5 * time.Second)
	for syscall.Kill(-pgid, syscall.SIGKILL) == nil && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	for i := 0; i < 50; i++ {
		if err := os.RemoveAll(p.dataDir); err == nil {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}
