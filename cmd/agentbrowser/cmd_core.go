package main

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
)

func init() {
	register(&Command{
		Name: "open", Usage: "open URL", Summary: "load URL in the active tab and wait for it to load",
		MinArgs: 1, MaxArgs: 1,
		Flags: []Flag{{Name: "wait", Kind: String, Usage: "load (default), domcontentloaded or none"}},
		Run: func(ctx context.Context, env *Env, in Input) (Result, error) {
			r, err := actions.Do(ctx, env.Session,
				events.NavigateToURLEvent{URL: in.Args[0], WaitUntil: events.WaitUntil(in.String("wait"))})
			if err != nil {
				return nil, err
			}
			return structResult(r), nil
		},
	})
	register(&Command{
		Name: "eval", Usage: "eval EXPR [--ref REF] [--frame FRAME_ID] [--stdin]", Summary: "evaluate JavaScript (with --ref, EXPR is a function of the element) within the --timeout-ms budget",
		MinArgs: 0, MaxArgs: 1, RefFlags: []string{"ref"},
		Flags:   evalFlags,
		Check:   checkEval,
		Prepare: readStdinArg,
		Run:     runEval,
	})
	register(&Command{
		Name: "tabs", Usage: "tabs", Summary: "list the session's tabs",
		MaxArgs: 0,
		Run: func(ctx context.Context, env *Env, in Input) (Result, error) {
			tabs, err := actions.Tabs(ctx, env.Session)
			if err != nil {
				return nil, err
			}
			return Result{"tabs": tabs}, nil
		},
	})
	register(&Command{
		Name: "close", Usage: "close", Summary: "close the browser and end the session's daemon",
		MaxArgs: 0, NoBrowser: true, EndsSession: true,
		Run: func(ctx context.Context, env *Env, in Input) (Result, error) {
			d := env.Daemon
			// Cancel every other command in flight now, with session_closed;
			// then close the browser before answering, so that once close
			// returns no profile or browser process is left. Then stop: the
			// stop waits for this request.
			d.end(d.sessionClosed("close command"))
			err := d.reg.Close()
			forgetRemote(d.paths)
			go d.shutdown("close command")
			if err != nil {
				d.log.Warn().Err(err).Msg("closing the browser")
			}
			return Result{"closed": true, "session": d.g.Session}, nil
		},
	})
	register(&Command{
		Name: "status", Usage: "status", Summary: "the daemon's state (used by sessions)",
		MaxArgs: 0, NoBrowser: true,
		Run: func(ctx context.Context, env *Env, in Input) (Result, error) {
			d := env.Daemon
			r := Result{"session": d.g.Session, "pid": os.Getpid(), "started_at": d.started.UTC().Format(time.RFC3339),
				"version": version, "build": buildID()}
			d.mu.Lock()
			r["commands_in_flight"] = d.active
			d.mu.Unlock()
			if s, ok := d.reg.Get(d.g.Session); ok {
				r["browser"] = s.Version()
				r["endpoint"] = s.Endpoint()
				r["tabs"] = len(s.Tabs())
				if w := devtoolsWarning(s); w != "" {
					r["warning"] = w
				}
				if p := s.Process(); p != nil {
					r["browser_pid"] = p.PID()
				}
				if gi, ok := s.Grid(); ok {
					r["grid_session"] = gi.SessionID
					r["grid_node"] = gi.Node
				}
			}
			if d.g.CDP != "" {
				r["cdp"] = cdpmux.RedactURL(d.g.CDP)
			}
			if d.g.Remote.Grid != "" {
				r["grid"] = cdpmux.RedactURL(d.g.Remote.Grid)
			}
			// For soak tests and leak hunts: the daemon's goroutines and
			// live heap.
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			r["goroutines"] = runtime.NumGoroutine()
			r["heap_bytes"] = ms.HeapAlloc
			return r, nil
		},
	})
	register(&Command{
		Name: "sessions", Usage: "sessions", Summary: "list sessions with a running daemon",
		MaxArgs: 0, Local: true,
		RunLocal: func(ctx context.Context, g globals, in Input) (Result, error) {
			dir, err := runtimeDir()
			if err != nil {
				return nil, err
			}
			socks, _ := filepath.Glob(filepath.Join(dir, "*.sock"))
			sort.Strings(socks)
			out := []map[string]any{}
			for _, s := range socks {
				name := strings.TrimSuffix(filepath.Base(s), ".sock")
				st, alive := sessionStatus(name)
				if !alive {
					continue
				}
				delete(st, "ok")
				out = append(out, st)
			}
			return Result{"sessions": out}, nil
		},
	})
	register(&Command{
		Name: "serve", Usage: "serve", Summary: "run the session's daemon in the foreground",
		MaxArgs: 0, Local: true,
		RunLocal: func(ctx context.Context, g globals, in Input) (Result, error) {
			// serve is the daemon; it has no budget of its own.
			log := loggerFrom(ctx)
			if err := serveForeground(g, log); err != nil {
				return nil, err
			}
			return Result{"stopped": true}, nil
		},
	})
	register(&Command{
		Name: "version", Usage: "version", Summary: "print the version",
		MaxArgs: 0, Local: true,
		RunLocal: func(ctx context.Context, g globals, in Input) (Result, error) {
			return Result{"version": version}, nil
		},
	})
}

// parseXY parses "X,Y".
func parseXY(s string) (float64, float64, error) {
	xs, ys, ok := strings.Cut(s, ",")
	x, err1 := strconv.ParseFloat(strings.TrimSpace(xs), 64)
	y, err2 := strconv.ParseFloat(strings.TrimSpace(ys), 64)
	if !ok || err1 != nil || err2 != nil {
		return 0, 0, usageErrorf("--xy %q: want X,Y such as 120,340", s)
	}
	return x, y, nil
}
