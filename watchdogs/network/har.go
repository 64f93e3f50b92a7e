package network

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/url"
	"strings"
	"time"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/safefile"
)

// harCapacity bounds the requests one HAR recording holds; later ones are
// counted as dropped.
const harCapacity = 10000

// harLog is a recording in progress: the entries of every tab since it
// started, in the order they were sent.
type harLog struct {
	started time.Time
	entries []*entry
	dropped int
}

func (h *harLog) add(e *entry) {
	if len(h.entries) >= harCapacity {
		h.dropped++
		return
	}
	h.entries = append(h.entries, e)
}

// harStart answers HARStartEvent.
func (a *attachment) harStart(ctx context.Context, _ events.HARStartEvent) (events.HARStarted, error) {
	st := a.store
	st.mu.Lock()
	defer st.mu.Unlock()
	st.har = &harLog{started: time.Now().UTC()}
	return events.HARStarted{StartedAt: st.har.started}, nil
}

// harStop answers HARStopEvent: it ends the recording and writes it.
func (a *attachment) harStop(ctx context.Context, e events.HARStopEvent) (events.HARResult, error) {
	if e.Path == "" {
		return events.HARResult{}, events.Errorf(events.CodeInvalidArgument, "a HAR needs a file to be written to")
	}
	st := a.store
	st.mu.Lock()
	h := st.har
	var copies []entry
	if h != nil {
		copies = make([]entry, len(h.entries))
		for i, p := range h.entries {
			copies[i] = *p
		}
		st.har = nil
	}
	st.mu.Unlock()
	if h == nil {
		return events.HARResult{}, events.Errorf(events.CodeInvalidArgument, "no HAR is being recorded in this session; start one first (har start), then stop it")
	}
	doc, res := buildHAR(copies, a.wanted)
	b, err := json.MarshalIndent(doc, "", " ")
	if err != nil {
		return events.HARResult{}, err
	}
	path, err := safefile.Write(e.Path, b)
	var pe *safefile.PathError
	if errors.As(err, &pe) {
		return events.HARResult{}, events.Errorf(events.CodeInvalidArgument, "writing the HAR: %s; nothing was written (the recording is over: start another)", pe.Msg)
	}
	if err != nil {
		return events.HARResult{}, err
	}
	res.Path, res.Bytes, res.Dropped = path, int64(len(b)), h.dropped
	return res, nil
}

// The HAR 1.2 document, as far as we fill it.
type (
	harDoc struct {
		Log harRoot `json:"log"`
	}
	harRoot struct {
		Version string     `json:"version"`
		Creator harNameVer `json:"creator"`
		Pages   []any      `json:"pages"`
		Entries []harEntry `json:"entries"`
	}
	harNameVer struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	}
	harEntry struct {
		Started  string      `json:"startedDateTime"`
		Time     float64     `json:"time"`
		Request  harRequest  `json:"request"`
		Response harResponse `json:"response"`
		Cache    struct{}    `json:"cache"`
		Timings  harTimings  `json:"timings"`
		ServerIP string      `json:"serverIPAddress,omitempty"`
		Comment  string      `json:"comment,omitempty"`
	}
	harNV struct {
		Name  string `json:"name"`
		Value string `json:"value"`
	}
	harRequest struct {
		Method      string   `json:"method"`
		URL         string   `json:"url"`
		HTTPVersion string   `json:"httpVersion"`
		Cookies     []harNV  `json:"cookies"`
		Headers     []harNV  `json:"headers"`
		QueryString []harNV  `json:"queryString"`
		PostData    *harPost `json:"postData,omitempty"`
		HeadersSize int      `json:"headersSize"`
		BodySize    int64    `json:"bodySize"`
	}
	harPost struct {
		MimeType string  `json:"mimeType"`
		Params   []harNV `json:"params"`
		Text     string  `json:"text"`
		Comment  string  `json:"comment,omitempty"`
	}
	harResponse struct {
		Status      int        `json:"status"`
		StatusText  string     `json:"statusText"`
		HTTPVersion string     `json:"httpVersion"`
		Cookies     []harNV    `json:"cookies"`
		Headers     []harNV    `json:"headers"`
		Content     harContent `json:"content"`
		RedirectURL string     `json:"redirectURL"`
		HeadersSize int        `json:"headersSize"`
		BodySize    int64      `json:"bodySize"`
		Comment     string     `json:"comment,omitempty"`
	}
	harContent struct {
		Size     int64  `json:"size"`
		MimeType string `json:"mimeType"`
		Text     string `json:"text,omitempty"`
		Encoding string `json:"encoding,omitempty"`
		Comment  string `json:"comment,omitempty"`
	}
	harTimings struct {
		Blocked float64 `json:"blocked"`
		DNS     float64 `json:"dns"`
		Connect float64 `json:"connect"`
		Send    float64 `json:"send"`
		Wait    float64 `json:"wait"`
		Receive float64 `json:"receive"`
		SSL     float64 `json:"ssl"`
	}
)

// buildHAR turns recorded entries into a HAR document, and counts what it
// holds.
func buildHAR(entries []entry, wanted func(string) bool) (harDoc, events.HARResult) {
	var res events.HARResult
	doc := harDoc{Log: harRoot{Version: "1.2", Creator: harNameVer{Name: "agentbrowser", Version: "1"}, Pages: []any{}, Entries: []harEntry{}}}
	for i := range entries {
		e := &entries[i]
		reqHeaders, respHeaders := nvs(headerList(e.reqHeaders)), nvs(headerList(e.respHeaders))
		ver := httpVersion(e.protocol)
		he := harEntry{
			Started: e.req.At.UTC().Format(time.RFC3339Nano), Time: e.req.DurationMS,
			Request: harRequest{Method: e.req.Method, URL: e.req.URL, HTTPVersion: ver, Cookies: []harNV{},
				Headers: reqHeaders, QueryString: query(e.req.URL), HeadersSize: -1, BodySize: 0},
			Response: harResponse{Status: e.req.Status, StatusText: e.req.StatusText, HTTPVersion: ver, Cookies: []harNV{},
				Headers: respHeaders, RedirectURL: headerValueNV(respHeaders, "Location"), HeadersSize: -1, BodySize: -1,
				Content: harContent{Size: 0, MimeType: e.req.MIMEType}},
			Timings: harTimings{Blocked: -1, DNS: -1, Connect: -1, SSL: -1},
		}
		if i := strings.LastIndex(e.remote, ":"); i > 0 {
			he.ServerIP = strings.Trim(e.remote[:i], "[]")
		}
		if e.req.State == events.NetworkFailed {
			he.Comment = "failed: " + e.req.Failure
		}
		if e.req.State == events.NetworkPending {
			he.Comment = "still loading when the HAR was written"
		}
		if t := timingOf(e); t != nil {
			he.Timings = harTimings{Blocked: t.BlockedMS, DNS: orNone(t.DNSMS), Connect: orNone(t.ConnectMS), SSL: orNone(t.SSLMS),
				Send: t.SendMS, Wait: t.WaitMS, Receive: t.ReceiveMS}
		}
		if e.req.State == events.NetworkFinished {
			he.Response.BodySize = e.req.Size
		}
		if e.hasPost {
			p := &harPost{MimeType: headerValueNV(reqHeaders, "Content-Type"), Params: []harNV{}}
			if e.reqBody.state == events.BodyKept {
				he.Request.BodySize = int64(len(e.reqBody.data))
				if e.reqBody.text {
					p.Text = string(e.reqBody.data)
				} else {
					p.Text = base64.StdEncoding.EncodeToString(e.reqBody.data)
					p.Comment = "the body is binary; text holds it in base64"
				}
			} else {
				p.Comment = "body not kept: " + e.reqBody.reason
			}
			he.Request.PostData = p
		}
		c := &he.Response.Content
		switch {
		case e.respBody.state == events.BodyKept:
			res.Bodies++
			c.Size = int64(len(e.respBody.data))
			if e.respBody.text {
				c.Text = string(e.respBody.data)
			} else {
				c.Text, c.Encoding = base64.StdEncoding.EncodeToString(e.respBody.data), "base64"
			}
		case e.respBody.state == events.BodyNone:
		default:
			if e.req.State == events.NetworkFinished && wanted(e.req.ResourceType) {
				res.BodiesOmitted++
			}
			if e.respBody.reason != "" {
				c.Comment = "body not kept: " + e.respBody.reason
			}
		}
		doc.Log.Entries = append(doc.Log.Entries, he)
	}
	res.Entries = len(doc.Log.Entries)
	return doc, res
}

func orNone(v float64) float64 {
	if v <= 0 {
		return -1
	}
	return v
}

func nvs(hs []events.Header) []harNV {
	out := make([]harNV, len(hs))
	for i, h := range hs {
		out[i] = harNV{Name: h.Name, Value: h.Value}
	}
	return out
}

func headerValueNV(hs []harNV, name string) string {
	for _, h := range hs {
		if equalFold(h.Name, name) {
			return h.Value
		}
	}
	return ""
}

func query(raw string) []harNV {
	out := []harNV{}
	u, err := url.Parse(raw)
	if err != nil {
		return out
	}
	for _, kv := range strings.Split(u.RawQuery, "&") {
		if kv == "" {
			continue
		}
		k, v, _ := strings.Cut(kv, "=")
		ku, err1 := url.QueryUnescape(k)
		vu, err2 := url.QueryUnescape(v)
		if err1 != nil || err2 != nil {
			ku, vu = k, v
		}
		out = append(out, harNV{Name: ku, Value: vu})
	}
	return out
}

// httpVersion names a response's protocol as HAR does.
func httpVersion(p string) string {
	switch strings.ToLower(p) {
	case "":
		return "HTTP/1.1"
	case "h2":
		return "HTTP/2"
	case "h3", "http/3":
		return "HTTP/3"
	}
	return strings.ToUpper(p)
}
