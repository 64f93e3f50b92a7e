package runner

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

func networkGet(ctx context.Context, b *Browser, q request.NetworkGet) (events.NetworkRequestDetail, error) {
	return actions.NetworkGet(ctx, b.s, q.ID, q.Save)
}

func consoleGet(ctx context.Context, b *Browser, q request.ConsoleGet) (events.ConsoleMessageDetail, error) {
	return actions.ConsoleGet(ctx, b.s, q.ID)
}

func traceStart(ctx context.Context, b *Browser, q request.TraceStart) (events.TraceStarted, error) {
	return actions.TraceStart(ctx, b.s)
}

func traceStop(ctx context.Context, b *Browser, q request.TraceStop) (events.TraceResult, error) {
	return actions.TraceStop(ctx, b.s, b.orInDownloads(q.Path, "trace", ".json"))
}

func vitals(ctx context.Context, b *Browser, q request.Vitals) (events.Vitals, error) {
	return actions.Vitals(ctx, b.s)
}

func harStart(ctx context.Context, b *Browser, q request.HARStart) (events.HARStarted, error) {
	return actions.HARStart(ctx, b.s)
}

func harStop(ctx context.Context, b *Browser, q request.HARStop) (events.HARResult, error) {
	return actions.HARStop(ctx, b.s, b.orInDownloads(q.Path, "session", ".har"))
}

func recordStart(ctx context.Context, b *Browser, q request.RecordStart) (events.RecordStarted, error) {
	return actions.RecordStart(ctx, b.s)
}

func recordStop(ctx context.Context, b *Browser, q request.RecordStop) (events.RecordResult, error) {
	return actions.RecordStop(ctx, b.s, b.orInDownloads(q.Dir, "recording", ""))
}

func initScriptAdd(ctx context.Context, b *Browser, q request.InitScriptAdd) (events.InitScriptsResult, error) {
	return actions.AddInitScript(ctx, b.s, q.Source, q.Name)
}

func initScriptRemove(ctx context.Context, b *Browser, q request.InitScriptRemove) (events.InitScriptsResult, error) {
	return actions.RemoveInitScript(ctx, b.s, q.ID)
}

func initScripts(ctx context.Context, b *Browser, q request.InitScripts) (events.InitScriptsResult, error) {
	return actions.InitScripts(ctx, b.s)
}

// orInDownloads is p, or when p is empty a new name in the session's
// download directory.
func (b *Browser) orInDownloads(p, prefix, ext string) string {
	if p != "" {
		return p
	}
	return filepath.Join(b.s.DownloadDir(), fmt.Sprintf("%s-%s%s", prefix, time.Now().UTC().Format("20060102-150405.000"), ext))
}
