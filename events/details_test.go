package events_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
)

// The details used to be map[string]any, printed by encoding/json. Each
// case below is one key as a site set it (the old value, of the Go type the
// site used) and the typed field that replaces it: both must print the
// same "details" object, and the printed form must decode back to the typed
// value.

type oldDetails struct {
	Details map[string]any `json:"details,omitempty"`
}

type detailsCase[D any] struct {
	name  string
	old   map[string]any
	typed D
}

var opened = time.Date(2026, 11, 30, 22, 0, 0, 0, time.UTC)

var options = []events.OptionInfo{{Value: "a", Label: "Apple"}, {Value: "b", Label: "Banana", Selected: true}, {Value: "c", Label: "Cherry", Disabled: true}}

var actionCases = []detailsCase[events.ActionDetails]{
	{"nothing", nil, events.ActionDetails{}},
	{"click x y", map[string]any{"x": 12.5, "y": 0.0}, events.ActionDetails{X: new(12.5), Y: new(0.0)}},
	{"click disabled", map[string]any{"x": 1.0, "y": 2.0, "disabled": true}, events.ActionDetails{X: new(1.0), Y: new(2.0), Disabled: true}},
	{"forced", map[string]any{"forced": true}, events.ActionDetails{Forced: true}},
	{"select clicked", map[string]any{"options": options, "multiple": false, "hint": "a <select> is not opened by clicking; use select e3 VALUE..."},
		events.ActionDetails{Options: options, Multiple: new(false), Hint: "a <select> is not opened by clicking; use select e3 VALUE..."}},
	{"select clicked, no options", map[string]any{"options": []events.OptionInfo{}, "multiple": true, "hint": "h"},
		events.ActionDetails{Options: []events.OptionInfo{}, Multiple: new(true), Hint: "h"}},
	{"scroll page", map[string]any{"x": 0.0, "y": 300.0, "moved": false, "scrolled": "page"},
		events.ActionDetails{X: new(0.0), Y: new(300.0), Moved: new(false), Scrolled: "page"}},
	{"scroll into view", map[string]any{"scrolled": "into_view"}, events.ActionDetails{Scrolled: "into_view"}},
	{"selected", map[string]any{"selected": options[:1]}, events.ActionDetails{Selected: options[:1]}},
	{"checked false", map[string]any{"checked": false}, events.ActionDetails{Checked: new(false)}},
	{"checked true", map[string]any{"checked": true}, events.ActionDetails{Checked: new(true)}},
	{"files", map[string]any{"files": []string{"/tmp/a.txt", "/tmp/b c.txt"}}, events.ActionDetails{Files: []string{"/tmp/a.txt", "/tmp/b c.txt"}}},
	{"value empty", map[string]any{"value": ""}, events.ActionDetails{Value: new("")}},
	{"value", map[string]any{"value": "hello <world> & \"you\""}, events.ActionDetails{Value: new("hello <world> & \"you\"")}},
	{"waited", map[string]any{"waited_for": `text "Hello later"`, "elapsed_ms": int64(0)},
		events.ActionDetails{WaitedFor: `text "Hello later"`, ElapsedMS: new(int64(0))}},
	{"extra", map[string]any{"x": 3.0, "zoom": map[string]any{"level": 2}, "a_plugin": []int{1}},
		events.ActionDetails{X: new(3.0), Extra: map[string]json.RawMessage{"zoom": json.RawMessage(`{"level":2}`), "a_plugin": json.RawMessage(`[1]`)}}},
}

var dialog = events.DialogInfo{ID: "d-1", Type: "confirm", Message: "Sure?", OpenedAt: opened, TabID: "T1"}

var blocked = []events.BlockedLoad{{URL: "https://evil.example/", Code: events.CodeURLNotAllowed, Message: "blocked", TabID: "T1", At: opened}}

var errorCases = []detailsCase[events.ErrorDetails]{
	{"nothing", nil, events.ErrorDetails{}},
	{"ref", map[string]any{"ref": "e5"}, events.ErrorDetails{Ref: "e5"}},
	{"covering", map[string]any{"ref": "e5", "covering": `div#consent "Accept cookies"`}, events.ErrorDetails{Ref: "e5", Covering: `div#consent "Accept cookies"`}},
	{"dialog closed", map[string]any{"dialog_id": "d-2", "closed_by": "remote"}, events.ErrorDetails{DialogID: "d-2", ClosedBy: events.ClosedByRemote}},
	{"pending ids", map[string]any{"pending": []string{"d-1", "d-2"}}, events.ErrorDetails{PendingIDs: []string{"d-1", "d-2"}}},
	{"pending none", map[string]any{"pending": []string{}}, events.ErrorDetails{PendingIDs: []string{}}},
	{"pending dialogs", map[string]any{"pending": []events.DialogInfo{dialog, dialog}}, events.ErrorDetails{Pending: []events.DialogInfo{dialog, dialog}}},
	{"dialog blocking", map[string]any{"dialog_id": "d-1", "type": "alert", "message": "", "tab_id": "T1"},
		events.ErrorDetails{DialogID: "d-1", Type: "alert", Message: new(""), TabID: "T1"}},
	{"dialog", map[string]any{"dialog": &dialog}, events.ErrorDetails{Dialog: &dialog}},
	{"frame", map[string]any{"frame_id": "F1"}, events.ErrorDetails{FrameID: "F1"}},
	{"same origin frame", map[string]any{"frame_id": "F2", "host_target_id": ""}, events.ErrorDetails{FrameID: "F2", HostTargetID: new(events.TargetID(""))}},
	{"too large", map[string]any{"size": int64(5000), "cap": int64(4096), "method": "DOM.getDocument"},
		events.ErrorDetails{Size: 5000, Cap: 4096, Method: "DOM.getDocument"}},
	{"output too large", map[string]any{"size": 5000, "cap": 4096}, events.ErrorDetails{Size: 5000, Cap: 4096}},
	{"scheme", map[string]any{"url": "javascript:alert(1)", "scheme": "javascript"}, events.ErrorDetails{URL: "javascript:alert(1)", Scheme: "javascript"}},
	{"origin", map[string]any{"url": "https://evil.example/x?a=1&b=2", "origin": "https://evil.example"},
		events.ErrorDetails{URL: "https://evil.example/x?a=1&b=2", Origin: "https://evil.example"}},
	{"blocked", map[string]any{"url": "https://evil.example/", "blocked": blocked}, events.ErrorDetails{URL: "https://evil.example/", Blocked: blocked}},
	{"wait", map[string]any{"waited_for": "ref e4 gone"}, events.ErrorDetails{WaitedFor: "ref e4 gone"}},
	{"navigation", map[string]any{"url": "https://a.test/", "waited_for": "load", "tab_url": "about:blank", "stop_error": "still stopping when the budget ended"},
		events.ErrorDetails{URL: "https://a.test/", WaitedFor: "load", TabURL: "about:blank", StopError: "still stopping when the budget ended"}},
	{"page unstable", map[string]any{"documents": 0, "waited_ms": int64(0)}, events.ErrorDetails{Documents: new(0), WaitedMS: new(int64(0))}},
	{"select options", map[string]any{"ref": "e2", "options": options}, events.ErrorDetails{Ref: "e2", Options: options}},
	{"file", map[string]any{"file": "/no/such"}, events.ErrorDetails{File: "/no/such"}},
	{"exception", map[string]any{"message": "Error: boom", "line": 1, "column": 7, "url": "https://a.test/app.js", "class": "TypeError", "stack": "Error: boom\n    at <anonymous>:1:7"},
		events.ErrorDetails{Message: new("Error: boom"), Line: 1, Column: 7, URL: "https://a.test/app.js", Class: "TypeError", Stack: "Error: boom\n    at <anonymous>:1:7"}},
	{"crash", map[string]any{"tab_id": events.TargetID("T9"), "status": "crashed", "next_step": "open a URL or reload to recover"},
		events.ErrorDetails{TabID: "T9", Status: "crashed", NextStep: "open a URL or reload to recover"}},
	{"runtime dir", map[string]any{"path": "/run/user/0/agentbrowser", "owner_uid": 0, "mode": "0755"},
		events.ErrorDetails{Path: "/run/user/0/agentbrowser", OwnerUID: new(0), Mode: "0755"}},
	{"peer", map[string]any{"path": "/run/x.sock", "peer_uid": 0}, events.ErrorDetails{Path: "/run/x.sock", PeerUID: new(0)}},
	{"evaluation timed out", map[string]any{"budget_ms": int64(0), "reserve_ms": int64(0), "elapsed_ms": int64(0), "engine": "isolated",
		"terminated": false, "terminate_skipped": "a dialog is open", "detached": false, "cleanup_ms": int64(0), "cleanup": "still running when the answer was due"},
		events.ErrorDetails{BudgetMS: new(int64(0)), ReserveMS: new(int64(0)), ElapsedMS: new(int64(0)), Engine: "isolated",
			Terminated: new(false), TerminateSkipped: "a dialog is open", Detached: new(false), CleanupMS: new(int64(0)), Cleanup: "still running when the answer was due"}},
	{"terminated", map[string]any{"terminated": true, "terminated_on": "main_session", "budget_ms": int64(500)},
		events.ErrorDetails{Terminated: new(true), TerminatedOn: "main_session", BudgetMS: new(int64(500))}},
	{"terminate failed", map[string]any{"terminated": false, "terminate_error": "terminating the script: gone"},
		events.ErrorDetails{Terminated: new(false), TerminateError: "terminating the script: gone"}},
	{"waited for cleanup", map[string]any{"waited_for": "a terminated evaluation's cleanup"}, events.ErrorDetails{WaitedFor: "a terminated evaluation's cleanup"}},
	{"extra", map[string]any{"ref": "e1", "retry_after_ms": 250},
		events.ErrorDetails{Ref: "e1", Extra: map[string]json.RawMessage{"retry_after_ms": json.RawMessage(`250`)}}},
}

var evaluateCases = []detailsCase[events.EvaluateDetails]{
	{"nothing", nil, events.EvaluateDetails{}},
	{"fallback", map[string]any{"fallback_reason": "dial_failed", "fallback_error": "websocket: bad handshake"},
		events.EvaluateDetails{FallbackReason: "dial_failed", FallbackError: "websocket: bad handshake"}},
	{"extra", map[string]any{"world": "isolated"}, events.EvaluateDetails{Extra: map[string]json.RawMessage{"world": json.RawMessage(`"isolated"`)}}},
}

// runDetails checks every case of one details type.
func runDetails[D interface{ IsZero() bool }](t *testing.T, cases []detailsCase[D]) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			want, err := json.Marshal(oldDetails{tc.old})
			require.NoError(t, err)
			got, err := json.Marshal(struct {
				Details D `json:"details,omitzero"`
			}{tc.typed})
			require.NoError(t, err)
			require.Equal(t, string(want), string(got), "the typed details print as the map did")
			require.Equal(t, len(tc.old) == 0, tc.typed.IsZero())

			var back struct {
				Details D `json:"details"`
			}
			require.NoError(t, json.Unmarshal(got, &back))
			require.Equal(t, tc.typed, back.Details, "the printed form decodes to the same value")
		})
	}
}

func TestActionDetailsPrintAsTheMapDid(t *testing.T)   { runDetails(t, actionCases) }
func TestErrorDetailsPrintAsTheMapDid(t *testing.T)    { runDetails(t, errorCases) }
func TestEvaluateDetailsPrintAsTheMapDid(t *testing.T) { runDetails(t, evaluateCases) }

func TestResultsLeaveOutEmptyDetails(t *testing.T) {
	b, err := json.Marshal(events.ActionResult{TabID: "T1"})
	require.NoError(t, err)
	require.JSONEq(t, `{"tab_id":"T1"}`, string(b))
	b, err = json.Marshal(events.ActionResult{Details: events.ActionDetails{Extra: map[string]json.RawMessage{}}})
	require.NoError(t, err)
	require.Equal(t, `{}`, string(b), "an empty Extra is nothing to print")
	b, err = json.Marshal(events.EvaluateResult{Type: "number", Value: 1.0})
	require.NoError(t, err)
	require.JSONEq(t, `{"value":1,"type":"number"}`, string(b))

	b, err = json.Marshal(events.ActionResult{Details: events.ActionDetails{Checked: new(false)}})
	require.NoError(t, err)
	require.Equal(t, `{"details":{"checked":false}}`, string(b))
}

func TestDetailsExtraNeverHidesATypedKey(t *testing.T) {
	d := events.ErrorDetails{Ref: "e1"}
	require.NoError(t, d.SetExtra("ref", "e2"))
	require.NoError(t, d.SetExtra("hint", "try again"))
	b, err := json.Marshal(d)
	require.NoError(t, err)
	require.Equal(t, `{"hint":"try again","ref":"e1"}`, string(b))
	require.Equal(t, `{"hint":"try again","ref":"e1"}`, d.String())

	e := events.Errorf(events.CodeNotFound, "no such thing").WithExtra("looked_in", []string{"a", "b"})
	require.JSONEq(t, `["a","b"]`, string(e.Details.Extra["looked_in"]))
	e = e.WithDetails(events.ErrorDetails{Ref: "e3"})
	require.Equal(t, events.Ref("e3"), e.Details.Ref)
}
