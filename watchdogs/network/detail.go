package network

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"path/filepath"
	"regexp"
	"sort"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/safefile"
)

// inlineBinary is the largest binary body a request in full returns as
// base64; a larger one is saved to a file.
const inlineBinary = 64 << 10

// downloadDirer is a host with a directory for the files it writes.
type downloadDirer interface{ DownloadDir() string }

// found is a copy of one entry, taken under the store's lock.
type found struct {
	tab events.TargetID
	e   entry
}

// lookup copies the entry id, from tab's log first, then any tab's.
func (st *store) lookup(tab events.TargetID, id string) (found, bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	search := func(t events.TargetID, l *tabLog) (found, bool) {
		// The newest first: a redirect's hops share one id, and the last
		// one is the request's end.
		for i := len(l.ring) - 1; i >= 0; i-- {
			if e := l.ring[i]; e.req.ID == id {
				return found{tab: t, e: *e}, true
			}
		}
		return found{}, false
	}
	if l, ok := st.tabs[tab]; ok {
		if f, ok := search(tab, l); ok {
			return f, true
		}
	}
	for t, l := range st.tabs {
		if f, ok := search(t, l); ok {
			return f, true
		}
	}
	return found{}, false
}

// get answers NetworkGetEvent.
func (a *attachment) get(ctx context.Context, ev events.NetworkGetEvent) (events.NetworkRequestDetail, error) {
	if ev.ID == "" {
		return events.NetworkRequestDetail{}, events.Errorf(events.CodeInvalidArgument, "a request's id is needed; the network log lists them")
	}
	var tab events.TargetID
	if t, err := a.s.Tab(ev.TabID); err == nil {
		tab = t.ID
	}
	f, ok := a.store.lookup(tab, ev.ID)
	if !ok {
		return events.NetworkRequestDetail{}, events.Errorf(events.CodeNotFound,
			"no request %q in the network log of any tab: it was never made, was cleared, or fell out of the log (it keeps the last %d requests of each tab); list the ids with the network log", ev.ID, a.cfg.Capacity)
	}
	e := &f.e
	d := events.NetworkRequestDetail{
		NetworkRequest: e.req, TabID: f.tab,
		RequestHeaders: headerList(e.reqHeaders), ResponseHeaders: headerList(e.respHeaders),
		Protocol: e.protocol, RemoteAddress: e.remote, FromCache: e.fromCache,
		Timing: timingOf(e),
	}
	var err error
	d.RequestBody, err = a.bodyOut(e.reqBody, requestBodyNone(e), headerValue(d.RequestHeaders, "Content-Type"), e.req.ID+"-request", "")
	if err != nil {
		return events.NetworkRequestDetail{}, err
	}
	resp := e.respBody
	if e.req.State == events.NetworkPending {
		resp = bodyState{state: events.BodyPending, reason: "the request has not finished loading; ask again once it has"}
	}
	d.ResponseBody, err = a.bodyOut(resp, "", e.req.MIMEType, e.req.ID, ev.SavePath)
	return d, err
}

// requestBodyNone is why a request has no body of its own, or "".
func requestBodyNone(e *entry) string {
	if e.hasPost {
		return ""
	}
	return "a " + e.req.Method + " request with no body"
}

// bodyOut is a body as a request in full shows it: text as text, binary as
// base64 when small and in a file otherwise, or saved where savePath says.
func (a *attachment) bodyOut(bs bodyState, none, mimeType, name, savePath string) (events.NetworkBody, error) {
	if bs.state == "" {
		if none != "" {
			return events.NetworkBody{State: events.BodyNone, Reason: none}, nil
		}
		return events.NetworkBody{State: events.BodyUnavailable, Reason: "the browser did not say what the body was"}, nil
	}
	if bs.state != events.BodyKept {
		return events.NetworkBody{State: bs.state, Reason: bs.reason}, nil
	}
	out := events.NetworkBody{State: events.BodyKept, Bytes: int64(len(bs.data)), MIMEType: mimeType}
	write := func(path string) error {
		p, err := safefile.Write(path, bs.data)
		var pe *safefile.PathError
		if errors.As(err, &pe) {
			return events.Errorf(events.CodeInvalidArgument, "saving the body: %s; nothing was written", pe.Msg)
		}
		if err != nil {
			return err
		}
		out.Path = p
		return nil
	}
	switch {
	case savePath != "":
		return out, write(savePath)
	case bs.text:
		out.Text = string(bs.data)
	case len(bs.data) <= inlineBinary || a.dir == nil || a.dir.DownloadDir() == "":
		out.Base64 = base64.StdEncoding.EncodeToString(bs.data)
	default:
		return out, write(filepath.Join(a.dir.DownloadDir(), "body-"+safeName(name)+extension(mimeType)))
	}
	return out, nil
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

func safeName(s string) string { return unsafeName.ReplaceAllString(s, "_") }

// extension is a file extension for a MIME type, ".bin" when none is known.
func extension(mimeType string) string {
	if exts, _ := mime.ExtensionsByType(mimeType); len(exts) > 0 {
		return exts[0]
	}
	return ".bin"
}

// headerList is a CDP headers object as a list sorted by name.
func headerList(raw []byte) []events.Header {
	out := []events.Header{}
	if len(raw) == 0 {
		return out
	}
	var m map[string]any
	if json.Unmarshal(raw, &m) != nil {
		return out
	}
	for k, v := range m {
		s, ok := v.(string)
		if !ok {
			s = fmt.Sprint(v)
		}
		out = append(out, events.Header{Name: k, Value: s})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// headerValue is the value of header name (any case), or "".
func headerValue(hs []events.Header, name string) string {
	for _, h := range hs {
		if equalFold(h.Name, name) {
			return h.Value
		}
	}
	return ""
}

func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range len(a) {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// timingOf splits a request's time as HAR does, from the browser's
// timing of its response; nil before the response.
func timingOf(e *entry) *events.NetworkTiming {
	rt := e.timing
	if rt == nil {
		return nil
	}
	span := func(start, end float64) float64 {
		if start < 0 || end < start {
			return 0
		}
		return round3(end - start)
	}
	t := &events.NetworkTiming{
		DNSMS:     span(rt.DNSStart, rt.DNSEnd),
		ConnectMS: span(rt.ConnectStart, rt.ConnectEnd),
		SSLMS:     span(rt.SSLStart, rt.SSLEnd),
		SendMS:    span(rt.SendStart, rt.SendEnd),
		WaitMS:    span(rt.SendEnd, rt.ReceiveHeadersEnd),
	}
	// Blocked: from the request's start to the first thing the network
	// stack did for it.
	first := rt.SendStart
	for _, v := range []float64{rt.DNSStart, rt.ConnectStart} {
		if v >= 0 && v < first {
			first = v
		}
	}
	if b := (rt.RequestTime-e.start)*1000 + first; b > 0 {
		t.BlockedMS = round3(b)
	}
	if e.end > 0 {
		if r := (e.end-rt.RequestTime)*1000 - rt.ReceiveHeadersEnd; r > 0 {
			t.ReceiveMS = round3(r)
		}
	}
	return t
}

func round3(f float64) float64 { return float64(int64(f*1000+0.5)) / 1000 }
