package perf

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// longTask is how long a task of the main thread must run to be long, in
// the trace's microseconds.
const longTask = 50_000

// keepTop is how many long tasks, requests and scripts a summary lists.
const keepTop = 10

// traceEvent is one event of Chrome's trace event format, as far as the
// summary reads it.
type traceEvent struct {
	Name string          `json:"name"`
	Cat  string          `json:"cat"`
	Ph   string          `json:"ph"`
	TS   float64         `json:"ts"`
	Dur  float64         `json:"dur"`
	PID  int             `json:"pid"`
	TID  int             `json:"tid"`
	Args json.RawMessage `json:"args"`
}

// eventArgs is the part of an event's args the summary reads.
type eventArgs struct {
	Frame string `json:"frame"`
	Name  string `json:"name"`
	Data  struct {
		Frame              string         `json:"frame"`
		Frames             []frameProcess `json:"frames"`
		ProcessID          int            `json:"processId"`
		URL                string         `json:"url"`
		DocumentLoaderURL  string         `json:"documentLoaderURL"`
		IsLoadingMainFrame bool           `json:"isLoadingMainFrame"`
		IsMainFrame        *bool          `json:"isMainFrame"`
		RequestID          string         `json:"requestId"`
		ResourceType       string         `json:"resourceType"`
		EncodedDataLength  float64        `json:"encodedDataLength"`
		DecodedBodyLength  float64        `json:"decodedBodyLength"`
		Size               float64        `json:"size"`
		NodeID             int            `json:"nodeId"`
		Type               string         `json:"type"`
		ImageURL           string         `json:"imageUrl"`
		CandidateIndex     int            `json:"candidateIndex"`
		Score              float64        `json:"score"`
		WeightedScoreDelta *float64       `json:"weighted_score_delta"`
		HadRecentInput     bool           `json:"had_recent_input"`
		ImpactedNodes      []struct {
			NodeID int `json:"node_id"`
		} `json:"impacted_nodes"`
		InteractionID float64 `json:"interactionId"`
		Duration      float64 `json:"duration"`
		Timing        *struct {
			RequestTime       float64 `json:"requestTime"`
			ReceiveHeadersEnd float64 `json:"receiveHeadersEnd"`
		} `json:"timing"`
	} `json:"data"`
}

type frameProcess struct {
	Frame     string `json:"frame"`
	ProcessID int    `json:"processId"`
	URL       string `json:"url"`
}

// summary is a TraceSummary with the nodes its elements are to be named
// from.
type summary struct {
	events.TraceSummary
	lcpNode  int
	clsNodes []int
	inpNode  int
}

// summarise reads a trace (an object with traceEvents, or a bare array)
// and summarises what happened in the tab's top frame, mainFrame; it
// returns the summary and the number of events read.
func summarise(r io.Reader, mainFrame string) (summary, int, error) {
	dec := json.NewDecoder(bufio.NewReaderSize(r, 1<<20))
	tok, err := dec.Token()
	if err != nil {
		return summary{}, 0, err
	}
	var evs []traceEvent
	read := func() error {
		for dec.More() {
			var e traceEvent
			if err := dec.Decode(&e); err != nil {
				return err
			}
			evs = append(evs, e)
		}
		return nil
	}
	switch tok {
	case json.Delim('['):
		err = read()
	case json.Delim('{'):
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return summary{}, 0, err
			}
			if k == "traceEvents" {
				if _, err := dec.Token(); err != nil {
					return summary{}, 0, err
				}
				if err := read(); err != nil {
					return summary{}, 0, err
				}
				if _, err := dec.Token(); err != nil {
					return summary{}, 0, err
				}
				continue
			}
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return summary{}, 0, err
			}
		}
	default:
		return summary{}, 0, errors.New("not a trace: neither an object nor an array")
	}
	if err != nil {
		return summary{}, 0, err
	}
	return summarize(evs, mainFrame), len(evs), nil
}

// summarize works out the summary from the events, oldest first.
func summarize(evs []traceEvent, mainFrame string) summary {
	sort.SliceStable(evs, func(i, j int) bool { return evs[i].TS < evs[j].TS })
	var s summary
	s.LongTasks = []events.LongTask{}
	s.Requests = []events.TraceRequest{}
	s.Scripts = []events.TraceScript{}
	args := make([]*eventArgs, len(evs))
	parse := func(i int) *eventArgs {
		if args[i] == nil {
			args[i] = &eventArgs{}
			_ = json.Unmarshal(evs[i].Args, args[i])
		}
		return args[i]
	}
	// The tab's renderer processes and their main threads.
	pids := map[int]bool{}
	mainThreads := map[[2]int]bool{}
	var first float64 = -1
	for i, e := range evs {
		if first < 0 && e.TS > 0 && e.Ph != "M" {
			first = e.TS
		}
		switch e.Name {
		case "TracingStartedInBrowser":
			for _, f := range parse(i).Data.Frames {
				if f.Frame == mainFrame && f.ProcessID != 0 {
					pids[f.ProcessID] = true
				}
			}
		case "FrameCommittedInBrowser":
			if a := parse(i); a.Data.Frame == mainFrame && a.Data.ProcessID != 0 {
				pids[a.Data.ProcessID] = true
			}
		case "thread_name":
			if parse(i).Name == "CrRendererMain" {
				mainThreads[[2]int{e.PID, e.TID}] = true
			}
		}
	}
	inTab := func(e traceEvent) bool { return len(pids) == 0 || pids[e.PID] }
	onMain := func(e traceEvent) bool { return mainThreads[[2]int{e.PID, e.TID}] && inTab(e) }

	// The last navigation of the top frame to a real page starts the
	// page's metrics.
	nav, navURL := -1.0, ""
	for i, e := range evs {
		if e.Name != "navigationStart" {
			continue
		}
		a := parse(i)
		u := a.Data.DocumentLoaderURL
		if a.Frame == mainFrame && a.Data.IsLoadingMainFrame && u != "" && !strings.HasPrefix(u, "about:") {
			nav, navURL = e.TS, u
		}
	}
	s.URL = navURL
	since := func(ts float64) float64 { return round1((ts - nav) / 1000) }

	type req struct {
		url, typ   string
		start, end float64
		bytes      float64
		done       bool
	}
	reqs := map[string]*req{}
	var order []string
	type window struct {
		score       float64
		first, last float64
		nodes       []int
		n           int
	}
	var cur, best window
	interactions := map[float64]int{} // interaction id -> index of its longest event
	scripts := map[string]*events.TraceScript{}
	taskEnd := map[[2]int]float64{}
	for i, e := range evs {
		switch e.Name {
		case "firstContentfulPaint":
			if nav >= 0 && e.TS >= nav && s.FCPMS == nil && parse(i).Frame == mainFrame {
				s.FCPMS = ptr(since(e.TS))
			}
		case "largestContentfulPaint::Candidate":
			a := parse(i)
			if nav >= 0 && e.TS >= nav && a.Frame == mainFrame && (a.Data.IsMainFrame == nil || *a.Data.IsMainFrame) {
				s.LCP = &events.VitalLCP{MS: since(e.TS), Size: a.Data.Size, URL: a.Data.ImageURL}
				if s.LCP.URL == "" {
					s.LCP.URL = a.Data.URL
				}
				s.lcpNode = a.Data.NodeID
				if a.Data.Type != "" && s.LCP.Element == "" {
					s.LCP.Element = a.Data.Type
				}
			}
		case "largestContentfulPaint::Invalidate":
			if parse(i).Frame == mainFrame {
				s.LCP, s.lcpNode = nil, 0
			}
		case "LayoutShift":
			a := parse(i)
			if !inTab(e) || a.Data.HadRecentInput || (nav >= 0 && e.TS < nav) {
				continue
			}
			score := a.Data.Score
			if a.Data.WeightedScoreDelta != nil {
				score = *a.Data.WeightedScoreDelta
			}
			if cur.n > 0 && e.TS-cur.last < 1e6 && e.TS-cur.first < 5e6 {
				cur.score += score
				cur.last = e.TS
				cur.n++
			} else {
				cur = window{score: score, first: e.TS, last: e.TS, n: 1}
			}
			for _, n := range a.Data.ImpactedNodes {
				if n.NodeID != 0 && !containsInt(cur.nodes, n.NodeID) {
					cur.nodes = append(cur.nodes, n.NodeID)
				}
			}
			if cur.score > best.score {
				best = cur
				best.nodes = append([]int(nil), cur.nodes...)
			}
		case "EventTiming":
			a := parse(i)
			if e.Ph == "e" || a.Data.InteractionID == 0 || !inTab(e) {
				continue
			}
			if j, ok := interactions[a.Data.InteractionID]; !ok || parse(j).Data.Duration < a.Data.Duration {
				interactions[a.Data.InteractionID] = i
			}
		case "RunTask", "ThreadControllerImpl::RunTask":
			// Tasks nest (a RunTask inside the thread controller's):
			// count the outermost only.
			th := [2]int{e.PID, e.TID}
			if e.TS < taskEnd[th] {
				continue
			}
			if e.Ph == "X" {
				taskEnd[th] = e.TS + e.Dur
			}
			if e.Ph == "X" && e.Dur > longTask && onMain(e) {
				s.LongTasks = append(s.LongTasks, events.LongTask{StartMS: round1((e.TS - first) / 1000), DurationMS: round1(e.Dur / 1000)})
				s.LongTasksMS += round1(e.Dur / 1000)
			}
		case "ResourceSendRequest":
			a := parse(i)
			if !inTab(e) || a.Data.RequestID == "" {
				continue
			}
			if _, ok := reqs[a.Data.RequestID]; !ok {
				order = append(order, a.Data.RequestID)
			}
			reqs[a.Data.RequestID] = &req{url: a.Data.URL, typ: a.Data.ResourceType, start: e.TS}
			if a.Data.URL == navURL && a.Data.Frame == mainFrame && s.TTFBMS == nil {
				reqs[a.Data.RequestID].typ = "Document"
			}
		case "ResourceReceiveResponse":
			a := parse(i)
			r := reqs[a.Data.RequestID]
			if r == nil {
				continue
			}
			if r.url == navURL && nav >= 0 && s.TTFBMS == nil {
				at := e.TS
				if t := a.Data.Timing; t != nil && t.RequestTime > 0 {
					at = t.RequestTime*1e6 + t.ReceiveHeadersEnd*1e3
				}
				if at >= nav {
					s.TTFBMS = ptr(since(at))
				}
			}
		case "ResourceFinish":
			a := parse(i)
			if r := reqs[a.Data.RequestID]; r != nil {
				r.end, r.bytes, r.done = e.TS, a.Data.EncodedDataLength, true
			}
		case "EvaluateScript", "v8.compile", "FunctionCall", "v8.compileModule", "v8.evaluateModule":
			a := parse(i)
			if e.Ph != "X" || a.Data.URL == "" || !inTab(e) {
				continue
			}
			sc := scripts[a.Data.URL]
			if sc == nil {
				sc = &events.TraceScript{URL: a.Data.URL}
				scripts[a.Data.URL] = sc
			}
			sc.MS += e.Dur / 1000
			sc.Runs++
		}
	}
	if best.n > 0 {
		s.CLS = &events.VitalCLS{Score: round4(best.score), Shifts: best.n}
		s.clsNodes = best.nodes
	} else if nav >= 0 {
		s.CLS = &events.VitalCLS{Score: 0}
	}
	if len(interactions) > 0 {
		var idx []int
		for _, j := range interactions {
			idx = append(idx, j)
		}
		sort.Slice(idx, func(x, y int) bool { return parse(idx[x]).Data.Duration > parse(idx[y]).Data.Duration })
		// The 98th percentile: with fewer than 50 interactions, the
		// longest; one more is skipped for each 50.
		pick := idx[min(len(idx)/50, len(idx)-1)]
		a := parse(pick)
		s.INP = &events.VitalINP{MS: a.Data.Duration, Event: a.Data.Type, Interactions: len(idx)}
		s.inpNode = a.Data.NodeID
	}
	sort.Slice(s.LongTasks, func(i, j int) bool { return s.LongTasks[i].DurationMS > s.LongTasks[j].DurationMS })
	if len(s.LongTasks) > keepTop {
		s.LongTasks = s.LongTasks[:keepTop]
	}
	s.LongTasksMS = round1(s.LongTasksMS)
	for _, id := range order {
		r := reqs[id]
		if !r.done {
			continue
		}
		s.Requests = append(s.Requests, events.TraceRequest{URL: r.url, Type: r.typ, Bytes: int64(r.bytes), DurationMS: round1((r.end - r.start) / 1000)})
	}
	sort.SliceStable(s.Requests, func(i, j int) bool { return s.Requests[i].Bytes > s.Requests[j].Bytes })
	if len(s.Requests) > keepTop {
		s.Requests = s.Requests[:keepTop]
	}
	for _, sc := range scripts {
		sc.MS = round1(sc.MS)
		s.Scripts = append(s.Scripts, *sc)
	}
	sort.Slice(s.Scripts, func(i, j int) bool { return s.Scripts[i].MS > s.Scripts[j].MS })
	if len(s.Scripts) > keepTop {
		s.Scripts = s.Scripts[:keepTop]
	}
	return s
}

// nameElements names the summary's elements from their nodes, as long as
// the tab's document still holds them.
func (a *attachment) nameElements(ctx context.Context, tab *session.Target, s *summary) {
	ctx, cancel := context.WithTimeout(ctx, settle)
	defer cancel()
	if s.LCP != nil && s.lcpNode != 0 {
		if n := describeNode(ctx, tab, s.lcpNode); n != "" {
			s.LCP.Element = n
		}
	}
	if s.CLS != nil {
		for _, id := range s.clsNodes {
			if len(s.CLS.Elements) == 3 {
				break
			}
			if n := describeNode(ctx, tab, id); n != "" {
				s.CLS.Elements = append(s.CLS.Elements, n)
			}
		}
	}
	if s.INP != nil && s.inpNode != 0 {
		s.INP.Element = describeNode(ctx, tab, s.inpNode)
	}
}

// describeNode names a node by its backend id as a CSS-like selector with
// its most telling attributes (img#hero.banner src=...), or "".
func describeNode(ctx context.Context, tab *session.Target, id int) string {
	var r struct {
		Node struct {
			NodeType   int      `json:"nodeType"`
			LocalName  string   `json:"localName"`
			NodeValue  string   `json:"nodeValue"`
			Attributes []string `json:"attributes"`
		} `json:"node"`
	}
	if err := rpcc.Invoke(ctx, "DOM.describeNode", map[string]any{"backendNodeId": id}, &r, tab.Conn); err != nil {
		return ""
	}
	n := r.Node
	if n.NodeType == 3 {
		return fmt.Sprintf("text %q", cutText(strings.TrimSpace(n.NodeValue), 40))
	}
	return selectorOf(n.LocalName, n.Attributes)
}

// selectorOf is a tag with its id, classes and a telling attribute.
func selectorOf(tag string, attrs []string) string {
	var b strings.Builder
	b.WriteString(tag)
	extra := ""
	for i := 0; i+1 < len(attrs); i += 2 {
		k, v := attrs[i], attrs[i+1]
		switch k {
		case "id":
			b.WriteString("#" + v)
		case "class":
			for _, c := range strings.Fields(v) {
				b.WriteString("." + c)
			}
		case "src", "alt", "href", "aria-label", "name":
			if extra == "" {
				extra = fmt.Sprintf(" %s=%q", k, cutText(v, 80))
			}
		}
	}
	return b.String() + extra
}

func cutText(s string, n int) string {
	if len([]rune(s)) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

func ptr(f float64) *float64 { return &f }

func round1(f float64) float64 { return math.Round(f*10) / 10 }

func round4(f float64) float64 { return math.Round(f*1e4) / 1e4 }
