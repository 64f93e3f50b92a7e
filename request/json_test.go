package request_test

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

func TestMarshalKeepsHTML(t *testing.T) {
	for _, tc := range []struct {
		in   any
		want string
	}{
		{"<p>Hi & bye</p>", `"<p>Hi & bye</p>"`},
		{map[string]string{"a<b": "c>d"}, `{"a<b":"c>d"}`},
		// A backslash before "u003c" is text, not an escape.
		{`\u003c`, `"\\u003c"`},
		{`\<`, `"\\<"`},
		{"\u2028", `"\u2028"`},
		// Inside a value whose own MarshalJSON escaped it.
		{events.EvaluateResult{Value: json.RawMessage(`"\u003cp\u003e"`), Type: "string"}, `{"value":"<p>","type":"string"}`},
		{events.PageState{TabID: "T", URL: "u", Title: "<t>"}, `{"tab_id":"T","title":"<t>","url":"u"}`},
	} {
		b, err := request.Marshal(tc.in)
		require.NoError(t, err)
		require.Equal(t, tc.want, string(b))
		var back any
		require.NoError(t, json.Unmarshal(b, &back), "still JSON: %s", b)
	}
}

func TestUnescapeHTMLLeavesOtherEscapes(t *testing.T) {
	for in, want := range map[string]string{
		`"\n\t\"\\"`:          `"\n\t\"\\"`,
		`"\u003C\u003E"`:      `"<>"`,
		`"\\\u0026"`:          `"\\&"`,
		`"\\\\u0026"`:         `"\\\\u0026"`,
		`"\u00e9\u0026"`:      `"\u00e9&"`,
		`"truncated \u00`:     `"truncated \u00`,
		`"ends in backslash\`: `"ends in backslash\`,
	} {
		require.Equal(t, want, string(request.UnescapeHTML([]byte(in))), "%s", in)
	}
}

func TestBodyPutsOKFirst(t *testing.T) {
	b, err := request.Body(request.ResizeResult{Width: 1, Height: 2})
	require.NoError(t, err)
	require.Equal(t, `{"ok":true,"width":1,"height":2}`, string(b))
	b, err = request.Body(struct{}{})
	require.NoError(t, err)
	require.Equal(t, `{"ok":true}`, string(b))
	_, err = request.Body([]int{1})
	require.Error(t, err)
}

// Every registered request survives its trip over the wire: encoded,
// decoded by name, it is the same value.
func TestRequestsRoundTrip(t *testing.T) {
	text := "hi"
	for _, q := range []request.Request{
		request.Open{URL: "http://x/", Wait: events.WaitNone}, request.Back{}, request.Forward{}, request.Reload{Wait: events.WaitLoad},
		request.Click{Ref: "e5", Button: events.MouseButton("right"), Double: true, Modifiers: []string{"Shift"}, Force: true},
		request.Click{At: &request.Point{X: 1.5, Y: 2}},
		request.Hover{Ref: "e1"}, request.Type{Ref: "e2", Text: "<b>", Clear: true, Submit: true}, request.Press{Key: "Enter"},
		request.Scroll{Ref: "e3", DX: -5, DY: 7}, request.Select{Ref: "e4", Values: []string{"a", "b"}},
		request.Check{Ref: "e6"}, request.Uncheck{Ref: "e7"}, request.Upload{Ref: "e8", Files: []string{"/tmp/a"}},
		request.Drag{From: "e1", To: "e2"}, request.Resize{Width: 10, Height: 20},
		request.Drag{From: "e1", To: "css=#x", Position: events.DragAfter, Force: true},
		request.Hover{Ref: "e1", Force: true}, request.Type{Ref: "e2", Text: "x", Force: true},
		request.Drop{Ref: "e3", Files: []string{"/tmp/a"}, Data: []events.DropItem{{MIME: "text/plain", Text: "hi"}}, Force: true},
		request.Mouse{Action: events.MouseDrag, X: 1, Y: 2, ToX: 3, ToY: 4}, request.Mouse{Action: events.MouseWheel, DX: -1, DY: 5},
		request.Mouse{Action: events.MouseClick, X: 1, Y: 2, Button: "right", ClickCount: 2, DelayMS: 50},
		request.Wait{Text: "t"}, request.Screenshot{Path: "/tmp/x.png", Full: true, Format: "jpeg", Quality: 5},
		request.Snapshot{Interactive: true, MaxDepth: 2, Scope: "e1", MaxChars: 500, Find: "/buy/i", Cursor: "12", Full: true, NoTree: true, Diff: true},
		request.Eval{Expression: "1", Frame: "F"}, request.Console{All: true, Clear: true}, request.Network{Clear: true},
		request.Stats{}, request.Frames{}, request.CDP{Method: "DOM.getDocument", Params: json.RawMessage(`{"depth":1}`), Frame: "F"},
		request.Tabs{}, request.NewTab{URL: "about:blank"}, request.SwitchTab{Tab: "2"}, request.CloseTab{Tab: "AB"},
		request.AnswerDialog{Accept: true, PromptText: &text, ID: "d-1"}, request.DialogPolicy{Policy: "auto_accept", HoldMS: 5},
		request.Dialogs{}, request.Close{}, request.Status{},
		request.Cookies{URLs: []string{"https://a.test/"}}, request.ClearCookies{URL: "https://a.test/"},
		request.SetCookie{Name: "n", Value: "v", Domain: ".a.test", Path: "/p", HTTPOnly: true, Secure: true, SameSite: "None", Expires: 1e9},
		request.Storage{Kind: "local", Op: "set", Key: "k", Value: "v"}, request.SaveState{Path: "/tmp/s.json"}, request.LoadState{Path: "/tmp/s.json"},
		request.Downloads{Wait: true}, request.PDF{Path: "/tmp/x.pdf", Landscape: true, Paper: "A4", Background: true},
		request.Click{Ref: `role=button[name="Save"]`}, request.Find{Locator: "text=Save", Limit: 3},
		request.Read{Ref: "css=main", All: true},
		request.Route{Pattern: "**/api/*", Status: 201, Body: []byte{0, 1, 'x'}, Headers: []events.Header{{Name: "A", Value: "b"}}},
		request.Route{Pattern: "**/*.png", Abort: "failed"}, request.Unroute{Pattern: "**/api/*"}, request.Routes{},
		request.Set{Viewport: &events.Viewport{Width: 10, Height: 20, DPR: 2, Mobile: true, Touch: true}, Device: "Pixel 8",
			Geolocation: &events.Geolocation{Latitude: 1, Longitude: 2, Accuracy: 3}, Offline: new(true), ColorScheme: "dark",
			ReducedMotion: new(false), UserAgent: "UA", Headers: map[string]string{"X": "y"}, Timezone: "UTC", Locale: "fr-FR"},
		request.Set{Reset: true},
		request.Fill{Ref: "label=Color", Value: "Green"},
	} {
		b, err := request.Marshal(q)
		require.NoError(t, err)
		back, err := request.Decode(q.Command(), b)
		require.NoError(t, err, "%s: %s", q.Command(), b)
		require.Equal(t, q, back, "%s: %s", q.Command(), b)
		require.NoError(t, request.Validate(back), "%s", q.Command())
	}
	for _, name := range request.Names() {
		_, err := request.Decode(name, nil)
		require.NoError(t, err, "%s decodes from no body", name)
	}
}

func TestDecodeRefusesWhatItDoesNotKnow(t *testing.T) {
	_, err := request.Decode("nope", nil)
	require.ErrorIs(t, err, events.ErrInvalidArgument)
	_, err = request.Decode("click", json.RawMessage(`{"ref":"e1","bogus":1}`))
	require.ErrorIs(t, err, events.ErrInvalidArgument)
	require.ErrorContains(t, err, "bogus")
	_, err = request.Decode("click", json.RawMessage(`[1]`))
	require.ErrorIs(t, err, events.ErrInvalidArgument)
}

func TestValidate(t *testing.T) {
	for _, q := range []request.Request{
		request.Click{}, request.Click{Ref: "e1", At: &request.Point{}}, request.Click{Ref: "@e1"},
		request.Click{Ref: "e1", Button: "sideways"}, request.Click{At: &request.Point{X: -1}},
		request.Hover{}, request.Type{Ref: "x"}, request.Press{Key: "Hyper+X"}, request.Select{Ref: "e1"},
		request.Upload{Ref: "e1", Files: []string{"rel"}}, request.Upload{Ref: "e1"}, request.Drag{From: "e1"},
		request.Drag{From: "e1", To: "e2", Position: "middle"}, request.Drop{Ref: "e1"}, request.Drop{Ref: "e1", Files: []string{"rel"}},
		request.Drop{Ref: "e1", Data: []events.DropItem{{Text: "no type"}}}, request.Mouse{}, request.Mouse{Action: events.MouseMove, X: -1},
		request.Mouse{Action: events.MouseDown, Button: "thumb"}, request.Mouse{Action: events.MouseClick, DelayMS: -1},
		request.Resize{Width: 0, Height: 5}, request.Wait{}, request.Wait{Text: "a", Load: true},
		request.Screenshot{Format: "gif"}, request.Screenshot{Path: "rel.png"}, request.Eval{},
		request.Eval{Expression: "1", Ref: "e1", Frame: "F"}, request.CDP{}, request.SwitchTab{},
		request.AnswerDialog{PromptText: new(string)}, request.DialogPolicy{Policy: "never"}, request.Open{},
		request.Open{URL: "x", Wait: "soon"},
		request.Click{Ref: "role=buton"}, request.Find{}, request.Find{Locator: "text="}, request.Find{Locator: "css=a", Limit: -1},
		request.Read{Ref: "e01"}, request.Route{Pattern: "api"}, request.Route{Pattern: "**", Status: 99},
		request.Set{Device: "Nokia"}, request.Set{ColorScheme: "blue"},
		// Numbers a Go caller can give that JSON cannot carry.
		request.Set{Viewport: &events.Viewport{Width: 800, Height: 600, DPR: math.NaN()}},
		request.Set{Viewport: &events.Viewport{Width: 800, Height: 600, DPR: math.Inf(1)}},
		request.Set{Geolocation: &events.Geolocation{Latitude: math.NaN(), Longitude: 1}},
		request.Set{Geolocation: &events.Geolocation{Latitude: 1, Longitude: 1, Accuracy: math.NaN()}},
		request.Set{Geolocation: &events.Geolocation{Latitude: 1, Longitude: 1, Accuracy: math.Inf(1)}},
		request.Click{At: &request.Point{X: math.NaN(), Y: 1}},
		request.SetCookie{Name: "a", URL: "http://x.test/", Expires: math.NaN()},
		request.SetCookie{Name: "a", URL: "http://x.test/", Expires: math.Inf(1)},
		// Headers as the browser checks them.
		request.Set{Headers: map[string]string{"Host": "evil.example"}},
		request.Set{Headers: map[string]string{"X-A": "b\r\nSet-Cookie: a=1"}},
		request.Route{Pattern: "**", Status: 200, Headers: []events.Header{{Name: "X\x00A", Value: "1"}}},
		request.Route{Pattern: "**", Status: 200, Headers: []events.Header{{Name: "X-A", Value: "a\x00b"}}},
		request.Route{Pattern: "**", Status: 200, Body: make([]byte, 10<<20+1)},
		request.Cookies{Offset: -1}, request.Routes{Offset: -1}, request.Batch{Steps: []request.BatchStep{{Command: "routes"}}, MaxOutputBytes: -1},
	} {
		err := request.Validate(q)
		require.ErrorIs(t, err, events.ErrInvalidArgument, "%#v", q)
	}
}

// A fault keeps its next step apart, so that each surface says it once,
// in its own words.
func TestFaultSaysTheStepOnce(t *testing.T) {
	err := events.Errorf(events.CodeStaleRef, "ref e5 is stale: the element is gone").
		WithNext(events.StepSnapshot).WithDetails(events.ErrorDetails{Ref: "e5"})
	require.Equal(t, "ref e5 is stale: the element is gone; take a new snapshot", err.Error())
	f := request.FaultOf(err)
	require.Equal(t, "ref e5 is stale: the element is gone", f.Message)
	require.Equal(t, events.StepSnapshot, f.Next)
	said := f.Say(map[events.Step]string{events.StepSnapshot: "take a new browser_snapshot and use its refs"})
	require.Equal(t, "ref e5 is stale: the element is gone; take a new browser_snapshot and use its refs", said.Message)
	require.Equal(t, events.Ref("e5"), said.Details.Ref)
	require.Equal(t, err.Error(), f.Say(nil).Message)

	// Over the wire and back it is the same error.
	b, err2 := json.Marshal(f)
	require.NoError(t, err2)
	var back request.Fault
	require.NoError(t, json.Unmarshal(b, &back))
	require.Equal(t, f, back)
	require.ErrorIs(t, back.Err(), events.ErrStaleRef)
	require.Equal(t, err.Error(), back.Err().Error())
}
