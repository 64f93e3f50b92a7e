package main

import (
	"os"
	"runtime"
	"time"

	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
	"github.com/agentbrowser/agentbrowser/request"
)

// closeSession answers request.Close: it cancels every other command in
// flight with session_closed, closes the browser before answering, so
// that once close returns no profile or browser process is left, and then
// stops the daemon (the stop waits for this request).
func (d *daemon) closeSession() request.CloseResult {
	d.end(d.sessionClosed("close command"))
	err := d.reg.Close()
	forgetRemote(d.paths)
	go d.shutdown("close command")
	if err != nil {
		d.log.Warn().Err(err).Msg("closing the browser")
	}
	return request.CloseResult{Closed: true, Session: d.g.Session}
}

// status answers request.Status without starting a browser: the daemon's
// state, and its browser's when one runs.
func (d *daemon) status() request.StatusResult {
	r := request.StatusResult{Session: d.g.Session, PID: os.Getpid(), StartedAt: d.started.UTC().Format(time.RFC3339),
		Version: version, Build: buildID()}
	d.mu.Lock()
	active := d.active
	d.mu.Unlock()
	r.CommandsInFlight = &active
	if s, ok := d.reg.Get(d.g.Session); ok {
		n := len(s.Tabs())
		r.Browser, r.Endpoint, r.Tabs = s.Version(), s.Endpoint(), &n
		r.Warning = devtoolsWarning(s)
		if p := s.Process(); p != nil {
			r.BrowserPID = p.PID()
		}
		if gi, ok := s.Grid(); ok {
			r.GridSession, r.GridNode = gi.SessionID, gi.Node
		}
	}
	if d.g.CDP != "" {
		r.CDP = cdpmux.RedactURL(d.g.CDP)
	}
	if d.g.Remote.Grid != "" {
		r.Grid = cdpmux.RedactURL(d.g.Remote.Grid)
	}
	// For soak tests and leak hunts: the daemon's goroutines and live heap.
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	r.Goroutines = runtime.NumGoroutine()
	r.HeapBytes = ms.HeapAlloc
	return r
}
