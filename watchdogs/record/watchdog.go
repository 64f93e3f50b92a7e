package record

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/rpcc"
	"github.com/rs/zerolog"
	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
)

// Name is the watchdog's name.
const Name = "record"

// Bounds of one recording: frames and log entries beyond them are
// counted, not kept.
const (
	MaxFrames  = 20000
	MaxActions = 10000
)

// settle bounds the calls that end a recording.
const settle = 3 * time.Second

// Watchdog is the process-level record watchdog.
type Watchdog struct{}

// New builds the watchdog.
func New() *Watchdog { return &Watchdog{} }

// Name implements watchdogs.Watchdog.
func (*Watchdog) Name() string { return Name }

// attachment is the watchdog's per-session part.
type attachment struct {
	s    watchdogs.Host
	log  zerolog.Logger
	subs bus.Subscriptions

	// mu guards rec.
	mu  watchdogs.Mutex
	rec *recording
}

// frame is one screencast frame: its file (in the recording's directory)
// and when the browser painted it.
type frame struct {
	File      string    `json:"file"`
	Timestamp time.Time `json:"timestamp"`
	OffsetMS  float64   `json:"offset_ms"`
}

// recording is one recording in progress.
type recording struct {
	tab     *session.Target
	started time.Time
	tmp     string // where frames are written until stop
	cancel  context.CancelFunc
	done    chan struct{} // closed when the frame reader ends
	obs     bus.Subscription

	mu      sync.Mutex
	frames  []frame
	actions []events.CommandEvent
	lost    int
	// ended stops the log: an observer's delivery may land after
	// Unsubscribe.
	ended bool
}

// Attach subscribes the handlers; nothing is recorded until asked.
func (*Watchdog) Attach(ctx context.Context, h watchdogs.Host) (watchdogs.Attachment, error) {
	a := &attachment{s: h, log: h.Logger().With().Str("watchdog", Name).Logger(), mu: watchdogs.NewMutex()}
	b := h.Bus()
	a.subs.Add(bus.Handle(b, Name, a.start))
	a.subs.Add(bus.Handle(b, Name, a.stop))
	return watchdogs.Subscribed(ctx, a, a.subs.Err())
}

// Detach unsubscribes and drops a recording in progress.
func (a *attachment) Detach(ctx context.Context) error {
	a.subs.Unsubscribe()
	a.mu.Hold()
	defer a.mu.Unlock()
	if r := a.rec; r != nil {
		a.rec = nil
		r.end(ctx)
		os.RemoveAll(r.tmp)
	}
	return nil
}

// start answers RecordStartEvent.
func (a *attachment) start(ctx context.Context, e events.RecordStartEvent) (events.RecordStarted, error) {
	if err := a.mu.Lock(ctx); err != nil {
		return events.RecordStarted{}, err
	}
	defer a.mu.Unlock()
	if a.rec != nil {
		return events.RecordStarted{}, events.Errorf(events.CodeInvalidArgument, "a recording is already running (since %s); stop it first (record stop DIR)", a.rec.started.Format(time.TimeOnly))
	}
	tab, err := a.s.Tab(e.TabID)
	if err != nil {
		return events.RecordStarted{}, err
	}
	tmp, err := os.MkdirTemp("", "agentbrowser-record-")
	if err != nil {
		return events.RecordStarted{}, fmt.Errorf("making the recording's directory: %w", err)
	}
	life, cancel := context.WithCancel(context.Background())
	frames, err := tab.Client.Page.ScreencastFrame(life)
	if err != nil {
		cancel()
		os.RemoveAll(tmp)
		return events.RecordStarted{}, fmt.Errorf("watching the screencast: %w", err)
	}
	r := &recording{tab: tab, started: time.Now().UTC(), tmp: tmp, cancel: cancel, done: make(chan struct{})}
	go r.read(life, frames, a.log)
	err = rpcc.Invoke(ctx, "Page.startScreencast", map[string]any{"format": "jpeg", "quality": 70, "maxWidth": 1280, "maxHeight": 1280}, nil, tab.Conn)
	if err != nil {
		r.end(ctx)
		os.RemoveAll(tmp)
		return events.RecordStarted{}, fmt.Errorf("starting the screencast: %w", err)
	}
	r.obs = bus.Observe(a.s.Bus(), Name, func(_ context.Context, c events.CommandEvent) { r.logged(c) })
	a.rec = r
	return events.RecordStarted{TabID: tab.ID, StartedAt: r.started}, nil
}

// read writes each frame as it comes and acknowledges it, which lets the
// browser send the next.
func (r *recording) read(life context.Context, frames page.ScreencastFrameClient, log zerolog.Logger) {
	defer close(r.done)
	defer frames.Close()
	for {
		f, err := frames.Recv()
		if err != nil {
			return
		}
		actx, cancel := context.WithTimeout(life, settle)
		_ = rpcc.Invoke(actx, "Page.screencastFrameAck", map[string]any{"sessionId": f.SessionID}, nil, r.tab.Conn)
		cancel()
		r.mu.Lock()
		n := len(r.frames)
		r.mu.Unlock()
		if n >= MaxFrames {
			r.mu.Lock()
			r.lost++
			r.mu.Unlock()
			continue
		}
		name := fmt.Sprintf("frame-%06d.jpg", n+1)
		if err := os.WriteFile(filepath.Join(r.tmp, name), f.Data, 0o600); err != nil {
			log.Debug().Err(err).Msg("writing a screencast frame")
			continue
		}
		at := f.Metadata.Timestamp.Time().UTC()
		if f.Metadata.Timestamp == 0 {
			at = time.Now().UTC()
		}
		r.mu.Lock()
		r.frames = append(r.frames, frame{File: name, Timestamp: at, OffsetMS: float64(at.Sub(r.started).Microseconds()) / 1000})
		r.mu.Unlock()
	}
}

// logged keeps a command of the action log.
func (r *recording) logged(c events.CommandEvent) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ended {
		return
	}
	if len(r.actions) >= MaxActions {
		r.lost++
		return
	}
	c.Args = append(json.RawMessage(nil), c.Args...)
	r.actions = append(r.actions, c)
}

// end stops the screencast, the frame reader and the action log.
func (r *recording) end(ctx context.Context) {
	r.obs.Unsubscribe()
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), settle)
	_ = rpcc.Invoke(cctx, "Page.stopScreencast", nil, nil, r.tab.Conn)
	cancel()
	r.cancel()
	<-r.done
	r.mu.Lock()
	r.ended = true
	r.mu.Unlock()
}

// stop answers RecordStopEvent: it ends the recording and writes it.
func (a *attachment) stop(ctx context.Context, e events.RecordStopEvent) (events.RecordResult, error) {
	if e.Dir == "" {
		return events.RecordResult{}, events.Errorf(events.CodeInvalidArgument, "a recording needs a directory to be written to")
	}
	if err := a.mu.Lock(ctx); err != nil {
		return events.RecordResult{}, err
	}
	r := a.rec
	a.rec = nil
	a.mu.Unlock()
	if r == nil {
		return events.RecordResult{}, events.Errorf(events.CodeInvalidArgument, "no recording is running in this session; start one first (record start)")
	}
	defer os.RemoveAll(r.tmp)
	r.end(ctx)
	dir, err := outDir(e.Dir)
	if err != nil {
		return events.RecordResult{}, err
	}
	res := events.RecordResult{Dir: dir, Frames: len(r.frames), Actions: len(r.actions),
		DurationMS: float64(time.Since(r.started).Milliseconds()),
		FramesFile: filepath.Join(dir, "frames.json"), ActionsLog: filepath.Join(dir, "actions.json")}
	for _, f := range r.frames {
		if err := move(filepath.Join(r.tmp, f.File), filepath.Join(dir, f.File)); err != nil {
			return res, fmt.Errorf("writing the recording to %s: %w", dir, err)
		}
	}
	frames, actions := r.frames, r.actions
	if frames == nil {
		frames = []frame{}
	}
	if actions == nil {
		actions = []events.CommandEvent{}
	}
	for name, v := range map[string]any{"frames.json": frames, "actions.json": actions} {
		b, err := json.MarshalIndent(v, "", " ")
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, name), b, 0o600)
		}
		if err != nil {
			return res, fmt.Errorf("writing %s: %w", name, err)
		}
	}
	res.Video, res.VideoNote = makeVideo(ctx, dir, r.frames, time.Since(r.started))
	return res, nil
}

// outDir makes dir (0700; its parent must exist) or checks that it is a
// directory, never through a symbolic link, and returns it absolute.
func outDir(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", events.Errorf(events.CodeInvalidArgument, "directory %q: %v", dir, err)
	}
	if err := os.Mkdir(abs, 0o700); err != nil && !errors.Is(err, os.ErrExist) {
		return "", events.Errorf(events.CodeInvalidArgument, "creating the recording's directory %s: %v (its parent directory must exist); the recording is lost", abs, unwrap(err))
	}
	st, err := os.Lstat(abs)
	if err != nil || !st.IsDir() {
		return "", events.Errorf(events.CodeInvalidArgument, "%s is not a directory (or is a symbolic link): give a directory's own path; the recording is lost", abs)
	}
	return abs, nil
}

func unwrap(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// move renames src to dst, or copies it across file systems.
func move(src, dst string) error {
	if err := os.Rename(src, dst); err == nil {
		return nil
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY|os.O_TRUNC|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// Module provides the watchdog in the watchdogs group.
var Module = fx.Module(Name, fx.Provide(watchdogs.As(New)))

var (
	_ watchdogs.Watchdog   = (*Watchdog)(nil)
	_ watchdogs.Attachment = (*attachment)(nil)
)
