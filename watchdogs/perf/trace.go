package perf

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/mafredri/cdp/protocol/tracing"
	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/cdpstream"
	"github.com/agentbrowser/agentbrowser/internal/safefile"
	"github.com/agentbrowser/agentbrowser/session"
)

// traceCategories are what a trace records: the categories DevTools'
// Performance panel records, without screenshots.
var traceCategories = []string{
	"-*", "devtools.timeline", "disabled-by-default-devtools.timeline", "disabled-by-default-devtools.timeline.frame",
	"disabled-by-default-devtools.timeline.stack", "v8.execute", "blink.user_timing", "blink.console", "loading",
	"latencyInfo", "toplevel", "disabled-by-default-v8.cpu_profiler",
}

// settle bounds the calls that clean up after a trace.
const settle = 3 * time.Second

// trace is a trace in progress.
type trace struct {
	tab      *session.Target
	started  time.Time
	complete tracing.CompleteClient
	cancel   context.CancelFunc
}

// abandon ends a trace whose data nobody will read.
func (t *trace) abandon(ctx context.Context) {
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), settle)
	defer cancel()
	_ = rpcc.Invoke(cctx, "Tracing.end", nil, nil, t.tab.Conn)
	t.complete.Close()
	t.cancel()
}

// traceStart answers TraceStartEvent.
func (a *attachment) traceStart(ctx context.Context, e events.TraceStartEvent) (events.TraceStarted, error) {
	if err := a.mu.Lock(ctx); err != nil {
		return events.TraceStarted{}, err
	}
	defer a.mu.Unlock()
	if a.trace != nil {
		return events.TraceStarted{}, events.Errorf(events.CodeInvalidArgument,
			"a trace of tab %s is already running (since %s); stop it first (trace stop)", a.trace.tab.ID, a.trace.started.Format(time.TimeOnly))
	}
	tab, err := a.s.Tab(e.TabID)
	if err != nil {
		return events.TraceStarted{}, err
	}
	life, cancel := context.WithCancel(context.Background())
	complete, err := tab.Client.Tracing.TracingComplete(life)
	if err != nil {
		cancel()
		return events.TraceStarted{}, fmt.Errorf("watching for the trace's end: %w", err)
	}
	err = rpcc.Invoke(ctx, "Tracing.start", map[string]any{
		"transferMode": "ReturnAsStream",
		"traceConfig":  map[string]any{"recordMode": "recordUntilFull", "includedCategories": traceCategories},
	}, nil, tab.Conn)
	if err != nil {
		complete.Close()
		cancel()
		return events.TraceStarted{}, fmt.Errorf("starting the trace: %w", err)
	}
	a.trace = &trace{tab: tab, started: time.Now().UTC(), complete: complete, cancel: cancel}
	return events.TraceStarted{TabID: tab.ID, StartedAt: a.trace.started}, nil
}

// traceStop answers TraceStopEvent: it ends the trace, streams it into the
// file and summarises it.
func (a *attachment) traceStop(ctx context.Context, e events.TraceStopEvent) (events.TraceResult, error) {
	if e.Path == "" {
		return events.TraceResult{}, events.Errorf(events.CodeInvalidArgument, "a trace needs a file to be written to")
	}
	if err := a.mu.Lock(ctx); err != nil {
		return events.TraceResult{}, err
	}
	defer a.mu.Unlock()
	t := a.trace
	if t == nil {
		return events.TraceResult{}, events.Errorf(events.CodeInvalidArgument, "no trace is running in this session; start one first (trace start)")
	}
	// The trace is over whatever happens next: its data is the browser's
	// only once.
	a.trace = nil
	defer t.cancel()
	defer t.complete.Close()
	if err := rpcc.Invoke(ctx, "Tracing.end", nil, nil, t.tab.Conn); err != nil {
		return events.TraceResult{}, fmt.Errorf("ending the trace: %w", err)
	}
	var done *tracing.CompleteReply
	recv := make(chan error, 1)
	go func() {
		var err error
		done, err = t.complete.Recv()
		recv <- err
	}()
	select {
	case err := <-recv:
		if err != nil {
			return events.TraceResult{}, fmt.Errorf("waiting for the trace: %w", err)
		}
	case <-ctx.Done():
		t.complete.Close()
		<-recv
		return events.TraceResult{}, events.Errorf(events.CodeTimeout, "the browser did not hand over the trace within the budget; the trace is lost: start another and give stop more time (--timeout-ms)")
	}
	if done.Stream == nil {
		return events.TraceResult{}, errors.New("the browser ended the trace without its data")
	}
	stream := string(*done.Stream)
	defer cdpstream.CloseIO(ctx, t.tab.Conn, stream, settle)
	var n int64
	path, err := safefile.WriteFrom(e.Path, func(w io.Writer) error {
		var err error
		n, err = cdpstream.CopyIO(ctx, t.tab.Conn, stream, "the trace", w)
		return err
	})
	var pe *safefile.PathError
	if errors.As(err, &pe) {
		return events.TraceResult{}, events.Errorf(events.CodeInvalidArgument, "writing the trace: %s; nothing was written, and the trace is lost", pe.Msg)
	}
	if err != nil {
		return events.TraceResult{}, err
	}
	res := events.TraceResult{TabID: t.tab.ID, Path: path, Bytes: n, DurationMS: float64(time.Since(t.started).Milliseconds())}
	f, err := os.Open(path)
	if err != nil {
		return res, err
	}
	defer f.Close()
	sum, count, err := summarise(f, string(t.tab.ID))
	if err != nil {
		return res, fmt.Errorf("reading the trace back from %s: %w", path, err)
	}
	res.Events = count
	a.nameElements(ctx, t.tab, &sum)
	res.Summary = sum.TraceSummary
	return res, nil
}
