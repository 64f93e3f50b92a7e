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

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/chromebin"
)

// DefaultFlags returns the Chrome flags a launch starts from unless its
// LaunchConfig gives BaseFlags: a new slice on every call, so that nothing a
// caller does to it changes another session. Background networking,
// component updates and sync are off because this kind of machine has no
// network beyond loopback and Chrome would otherwise retry lookups forever.
// DeferRendererTasksAfterInput is off: with it, Chrome holds a page's
// timers and posted tasks after every click or key press until the next
// frame is drawn (up to 17 ms), and an input action, which lets the timers
// its handlers queued run before it reports (so that a navigation they
// start is the action's), would wait that frame on every input. The
// omnibox popup's web UI (WebUIOmniboxPopup and its AI-mode and full
// variants) is off: a headless browser never shows it, yet Chrome keeps it
// loaded in a renderer of its own and updates it on every navigation,
// which cost a fifth of Chrome's CPU per navigation of a small page (about
// 20 of 110 ms) and 8-10 ms of its wall time on 2 CPUs.
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
		"--disable-features=Translate,MediaRouter,OptimizationHints,DeferRendererTasksAfterInput,WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup",
		"--hide-scrollbars",
		"--mute-audio",
	}
}

// FindChrome returns the browser binary to launch: $CHROME_BIN, then
// chromium, chromium-browser, google-chrome, google-chrome-stable and
// chromium-headless-shell on PATH. A failure matches ErrNoBrowser.
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
	// Headed launches the browser with its windows shown: the base flags
	// without --headless. It needs a display (DISPLAY or WAYLAND_DISPLAY).
	Headed bool
	// DebuggingPort, when positive, also opens that DevTools TCP port on
	// 127.0.0.1 for a person to attach DevTools; AnyDebuggingPort lets
	// Chrome pick a free one. Every local user can drive the browser
	// through it. Zero, the default, opens no port: the browser is driven
	// over a pipe only.
	DebuggingPort int
	// UserDataDir, when set, is a persistent profile directory that
	// exists: Launch uses it instead of a fresh one, and Close leaves it.
	// Chromium's temporary files then go to a directory of their own, which
	// Close removes. Session.Config.Profile sets it, after taking the
	// profile's lock.
	UserDataDir string
	// RecordFile, when set, is where Launch notes the profile directory
	// and the browser's pid while the browser runs, so that Reap can clean
	// up after a process that died without Close. Close removes it.
	RecordFile string
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
	if cfg.Headed {
		args = slices.DeleteFunc(args, func(f string) bool { return f == "--headless" || strings.HasPrefix(f, "--headless=") })
	}
	return append(args, cfg.Flags...)
}

// Process is a running browser started by Launch.
type Process struct {
	// Endpoint is the DevTools websocket URL when DebuggingPort was set,
	// empty when the browser is reachable only through its pipe.
	Endpoint string
	Path     string

	cmd     *exec.Cmd
	dataDir string // removed by Close: the profile, or with UserDataDir the temporary files
	userDir string // the persistent profile (UserDataDir), kept
	record  string
	// toBrowser and fromBrowser are our ends of --remote-debugging-pipe,
	// handed to the session's cdpmux.Conn, which closes them.
	toBrowser   *os.File
	fromBrowser *os.File

	outMu   sync.Mutex
	out     strings.Builder // the head of stderr, for launch errors
	stderr  *os.File        // our end of the browser's stderr; Close closes it
	drained chan struct{}   // closed when drain has read stderr to its end

	exited   chan struct{}
	exitErr  error
	stopOnce sync.Once
	stopping chan struct{}
}

// singletonTail is what Chromium appends to its temp dir for the socket of
// its process singleton; maxSocketPath is the longest unix socket path.
const (
	singletonTail = "/org.chromium.Chromium.XXXXXX/SingletonSocket"
	maxSocketPath = 107
)

// AnyDebuggingPort as LaunchConfig.DebuggingPort opens a DevTools port that
// Chrome picks; Process.Endpoint names it.
const AnyDebuggingPort = -1

// Launch starts a headless browser with a fresh private profile directory,
// driven over --remote-debugging-pipe. It returns once the process runs
// (and, with DebuggingPort, once its DevTools endpoint is printed), within
// ctx; the session's first CDP call tells whether it answers.
//
// With DebuggingPort, a browser that dies before it prints its endpoint
// is launched once more, within the same ctx, as Start does with one that
// dies before its first answer: Chromium now and then crashes while it
// starts (a segmentation fault ended a benchmark run here). A second
// death is reported, with what the browser printed.
func Launch(ctx context.Context, cfg LaunchConfig) (*Process, error) {
	p, err := launchOnce(ctx, cfg)
	if err != nil && diedStarting(err) && ctx.Err() == nil {
		p, err = launchOnce(ctx, cfg)
	}
	return p, err
}

// launchOnce is one attempt of Launch. Start calls it, not Launch: Start
// makes its own second attempt, which also covers a browser that dies
// after its endpoint but before its first answer.
func launchOnce(ctx context.Context, cfg LaunchConfig) (*Process, error) {
	path := cfg.Path
	if path == "" {
		p, err := FindChrome()
		if err != nil {
			return nil, err
		}
		path = p
	}
	// MkdirTemp creates the directory 0700: the profile holds cookies.
	// With a persistent profile, it holds Chromium's temporary files only.
	dir, err := os.MkdirTemp("", profilePrefix)
	if err != nil {
		return nil, events.DirUnusable("the temporary directory", os.TempDir(), "TMPDIR", os.Getenv("TMPDIR"),
			fmt.Errorf("creating the browser's profile directory: %w", err))
	}
	profile := dir
	if cfg.UserDataDir != "" {
		profile = cfg.UserDataDir
	}
	// Chromium's own temporary files (org.chromium.Chromium.*) follow
	// TMPDIR; inside the profile, one removal cleans everything. One of
	// them is a unix socket, whose path must fit in 107 bytes: under a
	// very long temp dir they stay where Chromium puts them.
	env := os.Environ()
	if len(dir)+len(singletonTail) <= maxSocketPath {
		env = append(env, "TMPDIR="+dir)
	}
	if cfg.RecordFile != "" {
		if err := writeRecord(cfg.RecordFile, record{Profile: dir, UserDataDir: cfg.UserDataDir}); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
	}
	args := append(cfg.ChromeFlags(), "--remote-debugging-pipe")
	wantPort := cfg.DebuggingPort != 0
	if wantPort {
		args = append(args, fmt.Sprintf("--remote-debugging-port=%d", max(cfg.DebuggingPort, 0)))
	}
	args = append(args, "--user-data-dir="+profile, "about:blank")

	p := &Process{Path: path, dataDir: dir, userDir: cfg.UserDataDir, record: cfg.RecordFile, exited: make(chan struct{}), drained: make(chan struct{}), stopping: make(chan struct{})}
	fail := func(err error) (*Process, error) {
		p.cleanup()
		return nil, err
	}
	// fd 3: the browser reads our requests; fd 4: it writes to us.
	browserIn, toBrowser, err := os.Pipe()
	if err != nil {
		return fail(fmt.Errorf("launching %s: %w", path, err))
	}
	fromBrowser, browserOut, err := os.Pipe()
	if err != nil {
		browserIn.Close()
		toBrowser.Close()
		return fail(fmt.Errorf("launching %s: %w", path, err))
	}
	growPipe(toBrowser)
	growPipe(fromBrowser)
	cmd := exec.Command(path, args...)
	cmd.Env = env
	cmd.ExtraFiles = []*os.File{browserIn, browserOut}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	// Our own pipe rather than cmd.StderrPipe: Wait closes that one as
	// soon as the browser exits, and what it printed last (why it died)
	// could be lost unread.
	stderr, browserErr, err := os.Pipe()
	if err == nil {
		cmd.Stderr = browserErr
		err = cmd.Start()
		browserErr.Close()
	}
	// The child holds its own copies of its ends now.
	browserIn.Close()
	browserOut.Close()
	if err != nil {
		if stderr != nil {
			stderr.Close()
		}
		toBrowser.Close()
		fromBrowser.Close()
		return fail(&LaunchError{Path: path, Err: err})
	}
	p.cmd, p.toBrowser, p.fromBrowser, p.stderr = cmd, toBrowser, fromBrowser, stderr
	if cfg.RecordFile != "" {
		// Best effort: without the pid, Reap still removes the profile.
		_ = writeRecord(cfg.RecordFile, record{Profile: dir, UserDataDir: cfg.UserDataDir, PID: cmd.Process.Pid})
	}

	found := make(chan string, 1)
	go p.drain(stderr, found, wantPort)
	go func() {
		p.exitErr = cmd.Wait()
		close(p.exited)
	}()
	if !wantPort {
		return p, nil
	}
	select {
	case ep := <-found:
		p.Endpoint = ep
		return p, nil
	case <-p.exited:
		err := &LaunchError{Path: path, Output: p.LastWords(), Err: fmt.Errorf("browser exited: %v", p.exitErr), died: true}
		p.Close()
		return nil, err
	case <-ctx.Done():
		p.Close()
		return nil, &LaunchError{Path: path, Err: fmt.Errorf("waiting for the devtools endpoint: %w", ctx.Err())}
	}
}

// drain reads stderr for the browser's whole life, so that it never blocks
// on a full pipe; it keeps the head for error messages and, when asked,
// reports the DevTools endpoint.
func (p *Process) drain(stderr io.Reader, found chan<- string, want bool) {
	defer close(p.drained)
	sc := bufio.NewScanner(stderr)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if want {
			if i := strings.Index(line, "DevTools listening on "); i >= 0 {
				found <- strings.TrimSpace(line[i+len("DevTools listening on "):])
				want = false
				continue
			}
		}
		p.outMu.Lock()
		if p.out.Len() < 4096 {
			p.out.WriteString(line)
			p.out.WriteByte('\n')
		}
		p.outMu.Unlock()
	}
	io.Copy(io.Discard, stderr)
}

// Pipe hands over our ends of the browser's --remote-debugging-pipe: r
// reads what the browser writes, w writes what it reads, NUL-delimited
// JSON. The caller owns them and closes them. It is for a Process from
// Launch that no session drives, such as one shared by a broker.
func (p *Process) Pipe() (r io.ReadCloser, w io.WriteCloser) {
	return p.fromBrowser, p.toBrowser
}

// Output is the head of what the browser printed on stderr.
func (p *Process) Output() string {
	p.outMu.Lock()
	defer p.outMu.Unlock()
	return strings.TrimSpace(p.out.String())
}

// lastWordsWait bounds each of LastWords' waits: for the browser to exit
// once its pipe has closed, and for its stderr to reach its end once it
// has (its helpers may hold that open a moment longer).
const lastWordsWait = 2 * time.Second

// LastWords is Output once the browser has exited and what it printed
// has been read to the end, for the error that says why it went away. A
// browser that has not exited within lastWordsWait gets Output as it is.
func (p *Process) LastWords() string {
	t := time.NewTimer(lastWordsWait)
	defer t.Stop()
	select {
	case <-p.exited:
	case <-t.C:
		return p.Output()
	}
	t.Reset(lastWordsWait)
	select {
	case <-p.drained:
	case <-t.C:
	}
	return p.Output()
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

// DataDir is the profile directory: a fresh one that Close removes, or the
// persistent LaunchConfig.UserDataDir, which Close leaves.
func (p *Process) DataDir() string {
	if p.userDir != "" {
		return p.userDir
	}
	return p.dataDir
}

// Persistent reports whether the profile outlives the browser
// (LaunchConfig.UserDataDir).
func (p *Process) Persistent() bool { return p.userDir != "" }

// Close kills the browser and everything it started, reaps the browser by
// its pid and removes the profile directory, Chromium's temporary files
// with it. It is idempotent.
//
// The profile is a throwaway directory, so the browser is not asked to
// exit gracefully: nothing it would save is kept. The kernel reaps a
// killed browser only once every one of its threads has run its exit, and
// on a busy machine those threads wait for a CPU behind the renderers and
// helpers dying at the same moment. So the group is first stopped
// (SIGSTOP takes effect at once and no stopped process runs or writes),
// then the browser alone is killed and reaped while the profile is
// removed, and then the rest of the group is killed; the stopped processes
// die without ever running again. Nothing polls: Close waits on the
// browser's exit (cmd.Wait) and on the removal.
func (p *Process) Close() error {
	p.stopOnce.Do(func() {
		close(p.stopping)
		if p.cmd == nil {
			p.cleanup()
			return
		}
		p.closePipe()
		pid := p.cmd.Process.Pid
		_ = syscall.Kill(-pid, syscall.SIGSTOP)
		_ = syscall.Kill(pid, syscall.SIGKILL)
		removed := make(chan struct{})
		go func() {
			defer close(removed)
			p.cleanup()
		}()
		<-p.exited
		// The group outlives its leader; its id is not reused while a
		// member lives, so this reaches exactly the browser's processes.
		_ = syscall.Kill(-pid, syscall.SIGKILL)
		// A helper outside the group may still hold stderr open; drain
		// stops when its end is closed.
		p.stderr.Close()
		<-p.drained
		<-removed
	})
	return nil
}

// closePipe closes our ends of the browser's pipe; normally the session's
// Conn has closed them already, and a second Close is harmless.
func (p *Process) closePipe() {
	if p.toBrowser != nil {
		p.toBrowser.Close()
		p.fromBrowser.Close()
	}
}

// cleanup removes the profile directory and the record. Every process of
// the group is stopped or killed, so nothing writes there any more; a
// second pass covers a file created by a syscall that was in flight.
func (p *Process) cleanup() {
	p.closePipe()
	if err := removeTree(p.dataDir); err != nil {
		_ = os.RemoveAll(p.dataDir)
	}
	if p.record != "" {
		_ = os.Remove(p.record)
	}
}
