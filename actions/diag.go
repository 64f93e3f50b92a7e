package actions

import (
	"context"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// NetworkGet returns one request of the session's log in full: headers,
// status, timing and bodies (see events.NetworkGetEvent); savePath, when
// not empty, is where its response body is saved.
func NetworkGet(ctx context.Context, s *session.BrowserSession, id, savePath string) (events.NetworkRequestDetail, error) {
	return Do(ctx, s, events.NetworkGetEvent{ID: id, SavePath: savePath})
}

// ConsoleGet returns one console message in full: its arguments, its
// stack and the frame it came from.
func ConsoleGet(ctx context.Context, s *session.BrowserSession, id string) (events.ConsoleMessageDetail, error) {
	return Do(ctx, s, events.ConsoleGetEvent{ID: id})
}

// TraceStart starts a performance trace of the active tab.
func TraceStart(ctx context.Context, s *session.BrowserSession) (events.TraceStarted, error) {
	return Do(ctx, s, events.TraceStartEvent{})
}

// TraceStop ends the session's trace, writes it to path (Chrome's trace
// JSON) and returns its summary.
func TraceStop(ctx context.Context, s *session.BrowserSession, path string) (events.TraceResult, error) {
	return Do(ctx, s, events.TraceStopEvent{Path: path})
}

// Vitals returns the Core Web Vitals of the active tab's page.
func Vitals(ctx context.Context, s *session.BrowserSession) (events.Vitals, error) {
	return Do(ctx, s, events.VitalsEvent{})
}

// HARStart starts recording the session's traffic for a HAR.
func HARStart(ctx context.Context, s *session.BrowserSession) (events.HARStarted, error) {
	return Do(ctx, s, events.HARStartEvent{})
}

// HARStop ends the HAR recording and writes it to path (HAR 1.2).
func HARStop(ctx context.Context, s *session.BrowserSession, path string) (events.HARResult, error) {
	return Do(ctx, s, events.HARStopEvent{Path: path})
}

// RecordStart starts recording the session: a screencast of the active tab
// and a log of the commands run through the request layer.
func RecordStart(ctx context.Context, s *session.BrowserSession) (events.RecordStarted, error) {
	return Do(ctx, s, events.RecordStartEvent{})
}

// RecordStop ends the recording and writes it to dir.
func RecordStop(ctx context.Context, s *session.BrowserSession, dir string) (events.RecordResult, error) {
	return Do(ctx, s, events.RecordStopEvent{Dir: dir})
}

// AddInitScript adds source as a script run in every new document of the
// session, before the page's own (name labels it).
func AddInitScript(ctx context.Context, s *session.BrowserSession, source, name string) (events.InitScriptsResult, error) {
	return Do(ctx, s, events.InitScriptAddEvent{Source: source, Name: name})
}

// RemoveInitScript removes the init script id.
func RemoveInitScript(ctx context.Context, s *session.BrowserSession, id string) (events.InitScriptsResult, error) {
	return Do(ctx, s, events.InitScriptRemoveEvent{ID: id})
}

// InitScripts lists the session's init scripts.
func InitScripts(ctx context.Context, s *session.BrowserSession) (events.InitScriptsResult, error) {
	return Do(ctx, s, events.InitScriptsEvent{})
}
