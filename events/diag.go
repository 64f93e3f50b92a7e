package events

import (
	"encoding/json"
	"time"
)

// StackFrame is one call frame of a JavaScript stack: the function (empty
// for top-level code), the script's URL, and the 1-based line and column.
// Async names the asynchronous boundary (setTimeout, Promise.then, ...)
// that the frames from this one on were called across, on the first frame
// after it.
type StackFrame struct {
	Function string `json:"function"`
	URL      string `json:"url"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Async    string `json:"async,omitempty"`
}

// ConsoleArg is one argument of a console call: its JavaScript type and
// subtype, its value when it is a primitive or was serialisable, and the
// browser's description of it (Error objects, DOM nodes, functions).
type ConsoleArg struct {
	Type        string          `json:"type"`
	Subtype     string          `json:"subtype,omitempty"`
	Value       json.RawMessage `json:"value,omitempty"`
	Description string          `json:"description,omitempty"`
}

// ConsoleMessageDetail is one console message in full: the log's entry
// (with the frame it came from), the column of its source location, its
// arguments, its stack trace (innermost frame first) and the tab.
type ConsoleMessageDetail struct {
	ConsoleMessage
	TabID  TargetID     `json:"tab_id"`
	Column int          `json:"column,omitempty"`
	Args   []ConsoleArg `json:"args"`
	Stack  []StackFrame `json:"stack"`
}

// ConsoleGetEvent asks for one console message in full by its id (as the
// console log lists it), from any tab of the session. Owned by
// ConsoleWatchdog; result ConsoleMessageDetail; an id no longer kept is
// not_found.
type ConsoleGetEvent struct {
	ID string
}

// NetworkConditions emulates a network: its download and upload
// throughput in kilobits per second (0: not limited), the latency added
// to each request in milliseconds, or no network at all (Offline). Preset
// names the built-in profile it came from (slow-3g, fast-3g, offline).
type NetworkConditions struct {
	Preset       string  `json:"preset,omitempty"`
	Offline      bool    `json:"offline,omitempty"`
	DownloadKbps float64 `json:"download_kbps,omitempty"`
	UploadKbps   float64 `json:"upload_kbps,omitempty"`
	LatencyMS    float64 `json:"latency_ms,omitempty"`
}

// Network condition presets (NetworkConditions.Preset).
const (
	NetworkSlow3G  = "slow-3g"
	NetworkFast3G  = "fast-3g"
	NetworkOffline = "offline"
	// NetworkOff clears the conditions (and set offline): in
	// EmulateEvent.Network only.
	NetworkOff = "off"
)

// TraceStartEvent starts a performance trace of the tab TabID (the
// active tab when empty): the browser records what its renderer does
// (tasks, layout, paint, scripts, requests, web vitals) until
// TraceStopEvent. One trace at a time per session. Owned by the perf
// watchdog; result TraceStarted.
type TraceStartEvent struct {
	TabID TargetID
}

// TraceStarted is the result of TraceStartEvent.
type TraceStarted struct {
	TabID     TargetID  `json:"tab_id"`
	StartedAt time.Time `json:"started_at"`
}

// TraceStopEvent ends the session's trace, writes it to Path (Chrome's
// trace event JSON, which DevTools' Performance panel and Perfetto open)
// and summarises it. Owned by the perf watchdog; result TraceResult; with
// no trace running it is invalid_argument.
type TraceStopEvent struct {
	Path string
}

// TraceResult is a finished trace: where it was written and what it says.
type TraceResult struct {
	TabID      TargetID     `json:"tab_id"`
	Path       string       `json:"path"`
	Bytes      int64        `json:"bytes"`
	DurationMS float64      `json:"duration_ms"`
	Events     int          `json:"events"`
	Summary    TraceSummary `json:"summary"`
}

// TraceSummary is what a trace says about the page's speed, for an agent:
// the Core Web Vitals with the elements responsible, the time to the
// first byte of the document, the long tasks, and the largest requests
// and the scripts that took longest.
type TraceSummary struct {
	URL         string         `json:"url,omitempty"`
	TTFBMS      *float64       `json:"ttfb_ms,omitempty"`
	FCPMS       *float64       `json:"fcp_ms,omitempty"`
	LCP         *VitalLCP      `json:"lcp,omitempty"`
	CLS         *VitalCLS      `json:"cls,omitempty"`
	INP         *VitalINP      `json:"inp,omitempty"`
	LongTasks   []LongTask     `json:"long_tasks"`
	LongTasksMS float64        `json:"long_tasks_ms"`
	Requests    []TraceRequest `json:"largest_requests"`
	Scripts     []TraceScript  `json:"slowest_scripts"`
}

// VitalLCP is the largest contentful paint: when it happened (ms since
// the navigation started), its size in square CSS pixels, the element,
// and the URL of its image, if it is one.
type VitalLCP struct {
	MS      float64 `json:"ms"`
	Size    float64 `json:"size,omitempty"`
	Element string  `json:"element,omitempty"`
	URL     string  `json:"url,omitempty"`
}

// VitalCLS is the cumulative layout shift (the largest session window of
// shifts without recent input, as the metric is defined), how many shifts
// it counts, and the elements that moved most.
type VitalCLS struct {
	Score    float64  `json:"score"`
	Shifts   int      `json:"shifts"`
	Elements []string `json:"elements,omitempty"`
}

// VitalINP is the interaction to next paint: the longest interaction's
// duration in ms (the 98th percentile with 50 or more), its event type,
// the element it targeted, and how many interactions there were.
type VitalINP struct {
	MS           float64 `json:"ms"`
	Event        string  `json:"event,omitempty"`
	Element      string  `json:"element,omitempty"`
	Interactions int     `json:"interactions"`
}

// LongTask is a task of the page's main thread longer than 50 ms: when it
// started (ms since the trace started) and how long it took.
type LongTask struct {
	StartMS    float64 `json:"start_ms"`
	DurationMS float64 `json:"duration_ms"`
}

// TraceRequest is one request of a trace: URL, resource type (when
// known), bytes received and time from sending to finishing.
type TraceRequest struct {
	URL        string  `json:"url"`
	Type       string  `json:"type,omitempty"`
	Bytes      int64   `json:"bytes"`
	DurationMS float64 `json:"duration_ms"`
}

// TraceScript is one script's share of the main thread in a trace:
// compiling and running it, its functions called by events and timers.
type TraceScript struct {
	URL  string  `json:"url"`
	MS   float64 `json:"ms"`
	Runs int     `json:"runs"`
}

// VitalsEvent asks for the Core Web Vitals of the tab's current page
// (TabID, or the active tab), measured in the page by PerformanceObserver:
// LCP, CLS and INP with their elements, TTFB and FCP. The first call also
// installs the observer in every document the session loads from then on,
// so that later pages' interactions of any length are seen from their
// start. Owned by the perf watchdog; result Vitals.
type VitalsEvent struct {
	TabID TargetID
}

// Vitals is the result of VitalsEvent. A metric the page has not produced
// yet (no interaction, no shift) is left out. Observing says whether the
// observer ran from the document's start (true) or was read from the
// browser's buffers after the fact, which hold only interactions of 104 ms
// or more.
type Vitals struct {
	TabID     TargetID  `json:"tab_id"`
	URL       string    `json:"url"`
	TTFBMS    *float64  `json:"ttfb_ms,omitempty"`
	FCPMS     *float64  `json:"fcp_ms,omitempty"`
	LCP       *VitalLCP `json:"lcp,omitempty"`
	CLS       *VitalCLS `json:"cls,omitempty"`
	INP       *VitalINP `json:"inp,omitempty"`
	Observing bool      `json:"observing"`
}

// HARStartEvent starts recording the session's traffic (every tab) for a
// HAR, bodies within the request log's byte budget. Recording again
// starts over. Owned by NetworkWatchdog; result HARStarted.
type HARStartEvent struct{}

// HARStarted is the result of HARStartEvent.
type HARStarted struct {
	StartedAt time.Time `json:"started_at"`
}

// HARStopEvent ends the recording and writes it to Path as HAR 1.2
// (mode 0600). Owned by NetworkWatchdog; result HARResult; with no
// recording it is invalid_argument.
type HARStopEvent struct {
	Path string
}

// HARResult is a written HAR: its path and size, the entries (requests) in
// it, and how many of their bodies it holds and leaves out.
type HARResult struct {
	Path          string `json:"path"`
	Bytes         int64  `json:"bytes"`
	Entries       int    `json:"entries"`
	Bodies        int    `json:"bodies"`
	BodiesOmitted int    `json:"bodies_omitted"`
	Dropped       int    `json:"dropped,omitempty"`
}

// RecordStartEvent starts recording the session: a screencast of the
// active tab (TabID, or the active one), frame by frame with their times,
// and a log of every command the session runs. One recording at a time.
// Owned by the record watchdog; result RecordStarted.
type RecordStartEvent struct {
	TabID TargetID
}

// RecordStarted is the result of RecordStartEvent.
type RecordStarted struct {
	TabID     TargetID  `json:"tab_id"`
	StartedAt time.Time `json:"started_at"`
}

// RecordStopEvent ends the recording and writes it to Dir (created 0700
// when missing; its parent must exist): the frames as frame-NNNNNN.jpg
// with frames.json (their times), actions.json (the command log), and
// video.webm when ffmpeg is on the PATH. Owned by the record watchdog;
// result RecordResult; with no recording it is invalid_argument.
type RecordStopEvent struct {
	Dir string
}

// RecordResult is a written recording.
type RecordResult struct {
	Dir        string  `json:"dir"`
	Frames     int     `json:"frames"`
	Actions    int     `json:"actions"`
	DurationMS float64 `json:"duration_ms"`
	FramesFile string  `json:"frames_file"`
	ActionsLog string  `json:"actions_file"`
	// Video is the WebM made of the frames; empty when none was made, and
	// VideoNote then says why.
	Video     string `json:"video,omitempty"`
	VideoNote string `json:"video_note,omitempty"`
}

// CommandEvent is a notification, sent after each command a request layer
// ran on the session while someone observes it (a recording's action log):
// the command's name and arguments (its request's JSON form), how it
// ended (ok, or the error's code), when it started and how long it took.
type CommandEvent struct {
	Command    string          `json:"command"`
	Args       json.RawMessage `json:"args,omitempty"`
	Code       string          `json:"code"`
	Tab        string          `json:"tab,omitempty"`
	At         time.Time       `json:"at"`
	DurationMS float64         `json:"duration_ms"`
}

// InitScript is a script the session runs in every new document, in the
// main world, before the page's own scripts, in every frame.
type InitScript struct {
	ID     string `json:"id"`
	Name   string `json:"name,omitempty"`
	Bytes  int    `json:"bytes"`
	Source string `json:"source,omitempty"`
}

// InitScriptAddEvent adds Source as an init script (Name is a label, such
// as the file it came from). It runs in documents loaded from then on.
// Refused with evaluate_disabled when the session's evaluate switch is
// off. Owned by the init-script watchdog; result InitScriptsResult.
type InitScriptAddEvent struct {
	Source string
	Name   string
}

// InitScriptRemoveEvent removes the init script ID (not_found when there
// is none); documents already loaded keep what it did. Owned by the
// init-script watchdog; result InitScriptsResult.
type InitScriptRemoveEvent struct {
	ID string
}

// InitScriptsEvent lists the session's init scripts. Owned by the
// init-script watchdog; result InitScriptsResult.
type InitScriptsEvent struct{}

// InitScriptsResult is the session's init scripts afterwards; Added is
// the one just added.
type InitScriptsResult struct {
	Scripts []InitScript `json:"scripts"`
	Added   *InitScript  `json:"added,omitempty"`
}
