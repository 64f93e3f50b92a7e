package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"time"

	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
	"github.com/agentbrowser/agentbrowser/internal/cli"
	"github.com/agentbrowser/agentbrowser/internal/safefile"
	"github.com/agentbrowser/agentbrowser/session"
)

// remoteEnv carries the remote settings from a client to the daemon it
// spawns, so that header values (tokens) never appear on a command line.
const remoteEnv = "AGENTBROWSER_REMOTE"

// remotePath is where a session's remote settings are kept.
func remotePath(p sessionPaths) string {
	return strings.TrimSuffix(p.Socket, ".sock") + ".remote"
}

// loadRemote reads the settings a previous daemon of the session kept.
func loadRemote(p sessionPaths) (cli.Remote, bool) {
	b, err := safefile.ReadFile(remotePath(p), 1<<20, safefile.Options{NoFollow: true})
	if err != nil {
		return cli.Remote{}, false
	}
	var r cli.Remote
	if json.Unmarshal(b, &r) != nil || r.Empty() {
		return cli.Remote{}, false
	}
	return r, true
}

// saveRemote keeps r for a replacement daemon, readable by the owner only;
// nothing is kept for a launched browser.
func saveRemote(p sessionPaths, r cli.Remote) {
	if r.Empty() {
		os.Remove(remotePath(p))
		return
	}
	b, _ := json.Marshal(r)
	_ = os.WriteFile(remotePath(p), b, 0o600)
}

// forgetRemote drops the kept settings: the user closed the session.
func forgetRemote(p sessionPaths) { os.Remove(remotePath(p)) }

// remoteFromEnv reads the settings a client passed to the daemon.
func remoteFromEnv() (cli.Remote, bool) {
	v := os.Getenv(remoteEnv)
	if v == "" {
		return cli.Remote{}, false
	}
	var r cli.Remote
	if json.Unmarshal([]byte(v), &r) != nil {
		return cli.Remote{}, false
	}
	return r, true
}

// sessionBase fills the remote parts of a session config from g.
func sessionBase(base session.Config, g cli.Globals) session.Config {
	h, _ := session.ParseHeaders(g.Remote.Headers)
	if len(h) > 0 {
		base.Header = h
	}
	base.Grid.Binary = g.Remote.GridBinary
	base.Grid.Capabilities = g.Remote.Capabilities
	return base
}

// endpointOf is the daemon's endpoint for the Registry.
func endpointOf(g cli.Globals) session.Endpoint {
	return session.Endpoint{CDPURL: g.CDP, GridURL: g.Remote.Grid}
}

// cancelOnRemoteLoss cancels a command on a remote session as soon as the
// session is lost (its liveness check failed or the socket dropped), so the
// command in flight fails within seconds instead of waiting out its budget
// on a connection nobody answers. Local sessions are left to the daemon's
// own handling of a browser's death.
func cancelOnRemoteLoss(ctx context.Context, s *session.BrowserSession) (context.Context, func()) {
	if s == nil || !s.Remote() {
		return ctx, func() {}
	}
	ctx, cancel := context.WithCancel(ctx)
	go func() {
		select {
		case <-s.Done():
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, cancel
}

// remoteLossError reports a command that failed because its remote session
// was lost as that loss (browser_crashed, naming the endpoint), not as the
// cancellation it caused.
func remoteLossError(err error, s *session.BrowserSession) error {
	if err == nil || s == nil || !s.Remote() {
		return err
	}
	if errors.Is(err, cdpmux.ErrDisconnected) || errors.Is(err, cdpmux.ErrClosed) {
		// A connection of the command's own (the evaluate engine's) can
		// drop before the session's notices the endpoint is gone: ask the
		// session's connection now (bounded by the liveness timeout).
		if perr := s.ProbeNow(context.Background()); perr != nil && !errors.Is(perr, session.ErrClosed) {
			// The session records the loss, with the endpoint's name,
			// as its watch sees the failed connection.
			wait, cancel := context.WithTimeout(context.Background(), time.Second)
			defer cancel()
			select {
			case <-s.Done():
			case <-wait.Done():
			}
			if s.Err() == nil {
				return perr
			}
		}
	}
	if serr := s.Err(); serr != nil && !errors.Is(serr, session.ErrClosed) {
		return serr
	}
	return err
}
