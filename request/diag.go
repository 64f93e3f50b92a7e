package request

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

// NetworkGet returns one request in full (headers, status, timing and
// bodies) by the id the network log lists; Save is where to save its
// response body instead of returning it.
type NetworkGet struct {
	Returns[events.NetworkRequestDetail]
	ID   string `json:"id"`
	Save string `json:"save,omitempty"`
}

func (NetworkGet) Command() string { return "network_get" }

// Validate implements Validator.
func (q NetworkGet) Validate() error {
	if q.ID == "" {
		return invalid("network get needs a request's id, as the network log lists it")
	}
	return nil
}

// ConsoleGet returns one console message in full (arguments, stack
// trace, frame) by the id the console log lists.
type ConsoleGet struct {
	Returns[events.ConsoleMessageDetail]
	ID string `json:"id"`
}

func (ConsoleGet) Command() string { return "console_get" }

// Validate implements Validator.
func (q ConsoleGet) Validate() error {
	if q.ID == "" {
		return invalid("console get needs a message's id (c-1, ...), as the console log lists it")
	}
	return nil
}

// TraceStart starts a performance trace of the tab.
type TraceStart struct {
	Returns[events.TraceStarted]
}

func (TraceStart) Command() string { return "trace_start" }

// TraceStop ends the trace and writes it to Path (empty: a new file in the
// session's download directory), with a summary of what it shows.
type TraceStop struct {
	Returns[events.TraceResult]
	Path string `json:"path,omitempty"`
}

func (TraceStop) Command() string { return "trace_stop" }

// Vitals returns the Core Web Vitals of the tab's page.
type Vitals struct {
	Returns[events.Vitals]
}

func (Vitals) Command() string { return "vitals" }

// HARStart starts recording the session's traffic for a HAR.
type HARStart struct {
	Returns[events.HARStarted]
}

func (HARStart) Command() string { return "har_start" }

// HARStop ends the recording and writes it to Path as HAR 1.2 (empty: a
// new file in the session's download directory).
type HARStop struct {
	Returns[events.HARResult]
	Path string `json:"path,omitempty"`
}

func (HARStop) Command() string { return "har_stop" }

// RecordStart starts recording the session: a screencast of the tab and a
// log of the commands.
type RecordStart struct {
	Returns[events.RecordStarted]
}

func (RecordStart) Command() string { return "record_start" }

// RecordStop ends the recording and writes it to Dir (empty: a new
// directory in the session's download directory).
type RecordStop struct {
	Returns[events.RecordResult]
	Dir string `json:"dir,omitempty"`
}

func (RecordStop) Command() string { return "record_stop" }

// InitScriptAdd adds Source as a script run in every new document of the
// session, in the main world, before the page's own scripts; Name labels
// it (the file it came from).
type InitScriptAdd struct {
	Returns[events.InitScriptsResult]
	Source string `json:"source"`
	Name   string `json:"name,omitempty"`
}

func (InitScriptAdd) Command() string { return "init_script_add" }

// Validate implements Validator.
func (q InitScriptAdd) Validate() error {
	if q.Source == "" {
		return invalid("init-script add needs some JavaScript: a file, or --code")
	}
	return nil
}

// InitScriptRemove removes an init script by its id.
type InitScriptRemove struct {
	Returns[events.InitScriptsResult]
	ID string `json:"id"`
}

func (InitScriptRemove) Command() string { return "init_script_remove" }

// Validate implements Validator.
func (q InitScriptRemove) Validate() error {
	if q.ID == "" {
		return invalid("init-script remove needs a script's id (s-1, ...), as init-script list shows it")
	}
	return nil
}

// InitScripts lists the session's init scripts.
type InitScripts struct {
	Returns[events.InitScriptsResult]
}

func (InitScripts) Command() string { return "init_scripts" }

// inDownloads is a new name in the session's download directory.
func (b *Browser) inDownloads(prefix, ext string) string {
	return filepath.Join(b.s.DownloadDir(), fmt.Sprintf("%s-%s%s", prefix, time.Now().UTC().Format("20060102-150405.000"), ext))
}

func init() {
	Handle(func(ctx context.Context, b *Browser, q NetworkGet) (events.NetworkRequestDetail, error) {
		return actions.NetworkGet(ctx, b.s, q.ID, q.Save)
	})
	Handle(func(ctx context.Context, b *Browser, q ConsoleGet) (events.ConsoleMessageDetail, error) {
		return actions.ConsoleGet(ctx, b.s, q.ID)
	})
	Handle(func(ctx context.Context, b *Browser, q TraceStart) (events.TraceStarted, error) {
		return actions.TraceStart(ctx, b.s)
	})
	Handle(func(ctx context.Context, b *Browser, q TraceStop) (events.TraceResult, error) {
		if q.Path == "" {
			q.Path = b.inDownloads("trace", ".json")
		}
		return actions.TraceStop(ctx, b.s, q.Path)
	})
	Handle(func(ctx context.Context, b *Browser, q Vitals) (events.Vitals, error) {
		return actions.Vitals(ctx, b.s)
	})
	Handle(func(ctx context.Context, b *Browser, q HARStart) (events.HARStarted, error) {
		return actions.HARStart(ctx, b.s)
	})
	Handle(func(ctx context.Context, b *Browser, q HARStop) (events.HARResult, error) {
		if q.Path == "" {
			q.Path = b.inDownloads("session", ".har")
		}
		return actions.HARStop(ctx, b.s, q.Path)
	})
	Handle(func(ctx context.Context, b *Browser, q RecordStart) (events.RecordStarted, error) {
		return actions.RecordStart(ctx, b.s)
	})
	Handle(func(ctx context.Context, b *Browser, q RecordStop) (events.RecordResult, error) {
		if q.Dir == "" {
			q.Dir = b.inDownloads("recording", "")
		}
		return actions.RecordStop(ctx, b.s, q.Dir)
	})
	Handle(func(ctx context.Context, b *Browser, q InitScriptAdd) (events.InitScriptsResult, error) {
		return actions.AddInitScript(ctx, b.s, q.Source, q.Name)
	})
	Handle(func(ctx context.Context, b *Browser, q InitScriptRemove) (events.InitScriptsResult, error) {
		return actions.RemoveInitScript(ctx, b.s, q.ID)
	})
	Handle(func(ctx context.Context, b *Browser, q InitScripts) (events.InitScriptsResult, error) {
		return actions.InitScripts(ctx, b.s)
	})
}
