package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"sync"
	"syscall"
	"time"

	"github.com/rs/zerolog"
	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/internal/budget"
	"github.com/agentbrowser/agentbrowser/internal/cli"
	"github.com/agentbrowser/agentbrowser/internal/rundir"
	"github.com/agentbrowser/agentbrowser/request"
	"github.com/agentbrowser/agentbrowser/request/runner"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// daemon owns one named session's browser between CLI invocations. It
// listens on a unix socket (mode 0600) and answers one JSON request per
// connection.
type daemon struct {
	g     cli.Globals
	paths sessionPaths
	log   zerolog.Logger
	reg   *session.Registry

	ln       net.Listener
	lockFile *os.File
	// sockInfo is the socket file this daemon created, so that it removes
	// only its own at stop.
	sockInfo os.FileInfo

	mu       sync.Mutex
	lastUsed time.Time
	active   int // requests being served; a busy daemon is never idle
	inflight sync.WaitGroup
	// exe is the identity of this daemon's executable file when it started
	// (rundir.ExeIdentity); see request.Exe.
	exe      string
	watching *session.BrowserSession
	// browser runs requests on the watched session.
	browser *runner.Browser

	stopped chan struct{} // closed when the daemon should exit
	// life is the parent of every command's context; it ends, with the
	// reason as its cause, when the session is closed or its browser dies,
	// so that no command outlives the browser it works on.
	life     context.Context
	endLife  context.CancelCauseFunc
	reason   string
	quitOnce sync.Once
	started  time.Time
	// workers runs connections and commands (see workers).
	workers *workers
}

// newDaemonApp wires the daemon with fx: the standard watchdogs, the
// settings' options, the registry and the daemon.
func newDaemonApp(g cli.Globals, log zerolog.Logger) (*fx.App, *daemon, error) {
	opts := []fx.Option{fx.NopLogger, standard.Module}
	for _, so := range settingOptions {
		o, err := so(g.Settings)
		if err != nil {
			return nil, nil, err
		}
		if o != nil {
			opts = append(opts, o)
		}
	}
	var d *daemon
	opts = append(opts,
		fx.Supply(g, log),
		fx.Provide(newDaemon),
		fx.Populate(&d),
	)
	app := fx.New(opts...)
	if err := app.Err(); err != nil {
		return nil, nil, err
	}
	return app, d, nil
}

func newDaemon(lc fx.Lifecycle, g cli.Globals, log zerolog.Logger, m *watchdogs.Manager) (*daemon, error) {
	paths, err := pathsFor(g.Session)
	if err != nil {
		return nil, err
	}
	port, _, err := debuggingPort(g.Settings)
	if err != nil {
		return nil, err
	}
	policy, err := policyFromSettings(g.Settings)
	if err != nil {
		return nil, err
	}
	base := sessionBase(session.Config{
		Launch:     session.LaunchConfig{SitePerProcess: true, DebuggingPort: port, RecordFile: browserRecord(paths), Headed: g.Settings["headed"] == "true"},
		Extensions: []session.Extension{m},
		Logger:     log,
		Policy:     policy,
		// On a shared browser (--cdp), a browser context of its own.
		IsolatedContext: g.Settings["isolated-context"] == "true",
	}, g)
	if err := applyStateSettings(&base, g.Settings); err != nil {
		return nil, err
	}
	d := &daemon{g: g, paths: paths, log: log, reg: session.NewEndpointRegistry(session.EndpointStarterFromConfig(base)), stopped: make(chan struct{}), started: time.Now(), exe: selfIdentity()}
	d.life, d.endLife = context.WithCancelCause(context.Background())
	d.workers = newWorkers(d.stopped)
	lc.Append(fx.Hook{OnStart: d.start, OnStop: d.stop})
	return d, nil
}

// start holds the session's lock (one daemon per session), replaces a stale
// socket and starts accepting. It never blocks beyond that.
func (d *daemon) start(ctx context.Context) error {
	lf, err := d.lock()
	if err != nil {
		return err
	}
	d.lockFile = lf
	// We hold the lock, so a socket file left here belongs to a dead daemon,
	// and so does a browser it recorded: reap both.
	os.Remove(d.paths.Socket)
	if err := session.Reap(browserRecord(d.paths)); err != nil {
		d.log.Warn().Err(err).Msg("reaping the browser of a dead daemon")
	}
	old := syscall.Umask(0o177)
	ln, err := net.Listen("unix", d.paths.Socket)
	syscall.Umask(old)
	if err != nil {
		return fmt.Errorf("listening on %s: %w", d.paths.Socket, err)
	}
	if err := os.Chmod(d.paths.Socket, 0o600); err != nil {
		ln.Close()
		return err
	}
	// stop removes the socket file, and only while it is still ours; Go
	// would remove whatever is at the path when the listener closes.
	if ul, ok := ln.(*net.UnixListener); ok {
		ul.SetUnlinkOnClose(false)
	}
	d.mu.Lock()
	d.ln = ln
	d.mu.Unlock()
	saveRemote(d.paths, cli.RemoteOf(d.g))
	d.touch()
	sock, err := os.Stat(d.paths.Socket)
	if err != nil {
		ln.Close()
		return fmt.Errorf("checking %s: %w", d.paths.Socket, err)
	}
	lock, err := lf.Stat()
	if err != nil {
		ln.Close()
		return fmt.Errorf("checking %s: %w", d.paths.Lock, err)
	}
	d.mu.Lock()
	d.sockInfo = sock
	d.mu.Unlock()
	go d.accept()
	go d.idle()
	go d.watchFiles(sock, lock)
	d.log.Info().Str("socket", d.paths.Socket).Msg("daemon listening")
	return nil
}

// filesCheckEvery is how often a daemon checks that its socket and lock
// are still where clients look for them.
const filesCheckEvery = time.Second

func (d *daemon) stop(ctx context.Context) error {
	d.shutdown("stopping")
	if d.ln != nil {
		d.ln.Close()
	}
	done := make(chan struct{})
	go func() { d.inflight.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
	}
	err := d.reg.Close()
	d.mu.Lock()
	sock := d.sockInfo
	d.mu.Unlock()
	// Only our own socket: one that replaced it is another daemon's.
	if now, serr := os.Stat(d.paths.Socket); serr == nil && sock != nil && os.SameFile(now, sock) {
		os.Remove(d.paths.Socket)
	}
	if d.lockFile != nil {
		d.lockFile.Close()
	}
	return err
}

// shutdown asks the daemon to exit.
func (d *daemon) shutdown(reason string) {
	d.quitOnce.Do(func() {
		d.end(d.sessionClosed(reason))
		d.mu.Lock()
		d.reason = reason
		d.mu.Unlock()
		// Stop taking requests now: the next command starts a fresh daemon
		// instead of reaching one on its way out.
		d.closeListener()
		close(d.stopped)
	})
}

// closeListener stops the daemon taking connections; a dial is refused
// from then on. Closing it twice is harmless.
func (d *daemon) closeListener() {
	d.mu.Lock()
	ln := d.ln
	d.mu.Unlock()
	if ln != nil {
		ln.Close()
	}
}

func (d *daemon) touch() {
	d.mu.Lock()
	d.lastUsed = time.Now()
	d.mu.Unlock()
}

// busy marks a request in or out of service.
func (d *daemon) busy(delta int) {
	d.mu.Lock()
	d.active += delta
	d.lastUsed = time.Now()
	d.mu.Unlock()
}

// idle ends the daemon after g.Idle without a request.
func (d *daemon) idle() {
	t := time.NewTimer(d.g.Idle)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			d.mu.Lock()
			left := d.g.Idle - time.Since(d.lastUsed)
			if d.active > 0 {
				left = d.g.Idle
			}
			d.mu.Unlock()
			if left <= 0 {
				d.shutdown("idle timeout")
				return
			}
			t.Reset(left)
		case <-d.stopped:
			return
		}
	}
}

func (d *daemon) accept() {
	for {
		c, err := d.ln.Accept()
		if err != nil {
			return
		}
		d.inflight.Add(1)
		d.workers.Go(func() {
			defer d.inflight.Done()
			d.serveConn(c)
		})
	}
}

// serveConn answers one request. The command's deadline comes from the
// request's budget; if the client goes away (killed mid-command), the
// command's context is cancelled so it cleans up at once.
func (d *daemon) serveConn(c net.Conn) {
	defer c.Close()
	// Another user's process reads nothing from us and gets no answer.
	if err := checkPeer(c, d.paths.Socket); err != nil {
		d.log.Warn().Err(err).Msg("refused a connection")
		return
	}
	d.busy(+1)
	defer d.busy(-1)
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	// The decoder buffers what it reads itself.
	req, q, err := decodeRequest(c)
	if err != nil {
		d.write(c, errorReply(err))
		return
	}
	c.SetReadDeadline(time.Time{})
	ctx, cancel := context.WithCancel(d.life)
	defer cancel()
	go func() {
		// Any read result means the client closed or broke its side.
		var b [1]byte
		c.Read(b[:])
		cancel()
	}()
	rep, err := caught(d.log, "this request", func() (cli.Reply, error) {
		return d.run(ctx, req, q), nil
	})
	if err != nil {
		rep = errorReply(err)
	}
	d.write(c, rep)
	if len(rep.Response) > largeReply {
		// A large result is garbage once written: give its memory back
		// now rather than at the next collection, which an idle daemon
		// may not reach for minutes.
		rep = cli.Reply{}
		debug.FreeOSMemory()
	}
}

func (d *daemon) write(c net.Conn, r cli.Reply) {
	c.SetWriteDeadline(time.Now().Add(10 * time.Second))
	b, err := request.Marshal(r)
	if err != nil {
		b, _ = request.Marshal(errorReply(fmt.Errorf("encoding the reply: %w", err)))
	}
	c.Write(append(b, '\n'))
}

// run answers one decoded request: the daemon's own (close, status)
// without a browser, any other on the session's Browser, started on first
// use. Every check that needs no browser (runner.Check) runs first.
func (d *daemon) run(ctx context.Context, req cli.WireRequest, q request.Request) cli.Reply {
	if req.TimeoutMS <= 0 || req.TimeoutMS > cli.MaxTimeoutMS {
		return errorReply(cli.Usagef("timeout_ms must be from 1 to %d", cli.MaxTimeoutMS))
	}
	if err := d.ended(); err != nil {
		return errorReply(err)
	}
	if rep, mismatch := d.checkBuild(req); mismatch {
		return rep
	}
	if err := runner.Check(q); err != nil {
		return errorReply(err)
	}
	var (
		res any
		err error
	)
	switch q.(type) {
	case request.Close:
		// Close runs to its end instead of being cut off with the reason
		// it gave the others.
		res = d.closeSession()
	case request.Status:
		res = d.status()
	default:
		res, err = d.runOnBrowser(ctx, req, q)
	}
	if err != nil {
		return errorReply(err)
	}
	b, err := request.Marshal(res)
	if err != nil {
		return errorReply(fmt.Errorf("encoding the response: %w", err))
	}
	rep, err := fitOutput(q.Command(), b, outputCap(d.g.Settings))
	if err != nil {
		return errorReply(err)
	}
	return rep
}

// runOnBrowser runs q on the session's Browser, starting the browser first.
// The budget covers the whole command, launching the browser on a
// session's first command included. The command runs to the caller's
// deadline; the layer that does the work keeps the budget's reserve for
// answering (see internal/budget).
func (d *daemon) runOnBrowser(ctx context.Context, req cli.WireRequest, q request.Request) (any, error) {
	bud := budget.FromMS(ctx, req.TimeoutMS)
	defer bud.Cancel()
	ctx = bud.Context()
	s, err := d.session(ctx, bud.WorkDeadline())
	if err != nil {
		if cause := d.ended(); cause != nil && errors.Is(err, context.Canceled) {
			// The start was cancelled because the daemon's life ended
			// (its browser died while this command started another): that
			// is the reason.
			err = cause
		}
		return nil, err
	}
	defer s.BeginCommand()()
	b := d.browserFor(s)
	ctx, endWatch := cancelOnRemoteLoss(ctx, s)
	defer endWatch()
	start := time.Now()
	res, err := d.runCommand(ctx, q.Command(), func(ctx context.Context) (any, error) {
		rep, err := b.Do(ctx, q, request.Options{Tab: req.Tab, TimeoutMS: req.TimeoutMS})
		return rep.Value, err
	})
	err = remoteLossError(err, s)
	d.log.Debug().Str("command", q.Command()).Dur("dur", time.Since(start)).Err(err).Msg("command")
	return res, err
}

// daemonProcs runs the daemon on one scheduler thread unless GOMAXPROCS
// says otherwise. A daemon's work per command is a fraction of a
// millisecond between waits on the browser; with several threads each
// hand-off between its goroutines (the connection's, the command's, the
// CDP reader's) may wake a thread parked on another CPU, which on a small
// machine busy with Chrome costs more than the work itself: the CLI's
// eval and click were 0.05-0.15x of agent-browser's time faster with one
// (docs/performance.md). Goroutines still interleave, so concurrent
// commands all progress.
func daemonProcs() {
	if os.Getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(1)
	}
}

// serveForeground runs the daemon until it is told to quit, its browser
// dies, it idles out, or the process gets SIGINT/SIGTERM.
func serveForeground(g cli.Globals, log zerolog.Logger) error {
	daemonProcs()
	if r, ok := remoteFromEnv(); ok && cli.RemoteOf(g).Empty() {
		g = cli.WithRemote(g, r)
	}
	app, d, err := newDaemonApp(g, log)
	if err != nil {
		return err
	}
	startCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := app.Start(startCtx); err != nil {
		return err
	}
	// A hangup (the daemon has no terminal, so only someone's kill sends
	// one) stops it as SIGTERM does: browser closed, profile removed.
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	defer signal.Stop(hup)
	reason := ""
	select {
	case <-d.stopped:
		d.mu.Lock()
		reason = d.reason
		d.mu.Unlock()
	case sig := <-app.Wait():
		reason = sig.Signal.String()
	case sig := <-hup:
		reason = sig.String()
	}
	log.Info().Str("reason", reason).Msg("daemon stopping")
	stopCtx, cancel2 := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel2()
	return app.Stop(stopCtx)
}

// selfIdentity is the identity of this process's executable file, read
// when the daemon starts (before any rebuild can replace the file).
func selfIdentity() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	return rundir.ExeIdentity(exe)
}

// errorReply is the reply to a request that failed with err: a mistake
// in the request as it is (exit 2), any other error coded as the runtime
// codes it (actions.Coded: a browser that would not start is no_browser,
// a closed session session_closed).
func errorReply(err error) cli.Reply {
	var ue *cli.UsageError
	if !errors.As(err, &ue) {
		err = actions.Coded(err)
	}
	return cli.ErrorReply(err)
}
