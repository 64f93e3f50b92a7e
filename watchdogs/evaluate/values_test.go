package evaluate_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
)

func TestValueRoundTrips(t *testing.T) {
	st := serve(t)
	s := start(t)
	open(t, s, "", st.MainURL("/frames"))

	tests := []struct {
		name     string
		expr     string
		want     any
		wantType string
		// wantJSON is the value as the CLI prints it, when it differs
		// from json.Marshal(want) in a way worth showing.
		wantJSON string
	}{
		{name: "integer", expr: "6*7", want: float64(42), wantType: "number"},
		{name: "fraction", expr: "1/4", want: 0.25, wantType: "number"},
		{name: "string", expr: "'héllo'", want: "héllo", wantType: "string"},
		{name: "boolean", expr: "!0", want: true, wantType: "boolean"},
		{name: "null", expr: "null", want: nil, wantType: "null", wantJSON: "null"},
		{name: "undefined", expr: "undefined", want: events.Undefined, wantType: "undefined", wantJSON: `"undefined"`},
		{name: "NaN", expr: "0/0", want: events.NaN, wantType: "number", wantJSON: `"NaN"`},
		{name: "Infinity", expr: "1/0", want: events.Infinity, wantType: "number"},
		{name: "-Infinity", expr: "-1/0", want: events.NegInfinity, wantType: "number"},
		{name: "-0", expr: "-0", want: events.NegZero, wantType: "number", wantJSON: `"-0"`},
		{name: "object", expr: "({a: 1, b: 'x', c: [true, null]})",
			want: map[string]any{"a": float64(1), "b": "x", "c": []any{true, nil}}, wantType: "object"},
		{name: "array", expr: "[1, 'two', [3]]", want: []any{float64(1), "two", []any{float64(3)}}, wantType: "array"},
		{name: "specials nested in an array", expr: "[NaN, Infinity, -Infinity, -0, undefined, null]",
			want:     []any{events.NaN, events.Infinity, events.NegInfinity, events.NegZero, events.Undefined, nil},
			wantType: "array", wantJSON: `["NaN","Infinity","-Infinity","-0","undefined",null]`},
		{name: "specials nested in an object", expr: "({u: undefined, n: {x: NaN, z: -0}})",
			want:     map[string]any{"u": events.Undefined, "n": map[string]any{"x": events.NaN, "z": events.NegZero}},
			wantType: "object", wantJSON: `{"n":{"x":"NaN","z":"-0"},"u":"undefined"}`},
		{name: "a DOM node is its description", expr: "document.getElementById('top')", want: "p#top.lead.big", wantType: "node"},
		{name: "nested DOM nodes", expr: "[document.body, document.getElementById('box'), document]",
			want: []any{events.Special("body"), events.Special("div#box.a.b"), events.Special("#document")}, wantType: "array"},
		{name: "a cyclic object", expr: "(() => { const o = {a: 1}; o.self = o; o.list = [o]; return o })()",
			want: map[string]any{"a": float64(1), "self": events.Circular, "list": []any{events.Circular}}, wantType: "object"},
		{name: "a shared object is not a cycle", expr: "(() => { const o = {k: 1}; return [o, o] })()",
			want: []any{map[string]any{"k": float64(1)}, map[string]any{"k": float64(1)}}, wantType: "array"},
		{name: "bigint", expr: "10n ** 20n", want: events.Special("100000000000000000000n"), wantType: "bigint"},
		{name: "awaited promise", expr: "new Promise(r => setTimeout(() => r({v: NaN}), 5))", want: map[string]any{"v": events.NaN}, wantType: "object"},
		{name: "date", expr: "new Date(0)", want: "1970-01-01T00:00:00.000Z", wantType: "date"},
		{name: "regexp", expr: "/a+b/gi", want: events.Special("/a+b/gi"), wantType: "regexp"},
		{name: "map and set", expr: "[new Map([['a', 1], [2, 'b']]), new Set([1, 1, 2])]",
			want: []any{map[string]any{"a": float64(1), "2": "b"}, []any{float64(1), float64(2)}}, wantType: "array"},
		{name: "function", expr: "(x) => x + 1", want: "(x) => x + 1", wantType: "function"},
		{name: "nested function and window", expr: "[() => 1, window]", want: []any{events.Special("function"), events.Special("Window")}, wantType: "array"},
		{name: "an error", expr: "Object.assign(new TypeError('nope'), {stack: 'TypeError: nope'})", want: "TypeError: nope", wantType: "error"},
		{name: "the window", expr: "window", want: "Window", wantType: "object"},
		{name: "a class instance", expr: "new (class P { constructor() { this.x = 1 } })()", want: map[string]any{"x": float64(1)}, wantType: "object"},
		{name: "a string shaped as the engine's JSON answer", expr: "'agentbrowser:json:object:{\"a\":1}'",
			want: `agentbrowser:json:object:{"a":1}`, wantType: "string"},
		{name: "an error value (not thrown)", expr: "new TypeError('nope').message", want: "nope", wantType: "string"},
	}
	tab := activeTab(t, s)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := eval(t, s, events.EvaluateEvent{TabID: tab, Expression: tt.expr})
			assert.Equal(t, tt.want, r.Value)
			assert.Equal(t, tt.wantType, r.Type)
			assert.Equal(t, events.EngineIsolated, r.Engine)
			if tt.wantJSON != "" {
				b, err := json.Marshal(r.Value)
				require.NoError(t, err)
				assert.JSONEq(t, tt.wantJSON, string(b))
			}
		})
	}

	t.Run("a function without a ref is called", func(t *testing.T) {
		r := eval(t, s, events.EvaluateEvent{Function: "() => document.title // trailing comment"})
		assert.Equal(t, "frames", r.Value)
	})
}

// Large values come back the same whether they take the plain JSON path
// (only what JSON keeps as it is) or Chrome's deep serialisation (anything
// JSON would change: a NaN, a hole, a Date, a cycle).
func TestLargeValues(t *testing.T) {
	st := serve(t)
	s := start(t)
	open(t, s, "", st.MainURL("/frames"))
	tab := activeTab(t, s)

	r := eval(t, s, events.EvaluateEvent{TabID: tab, Expression: "Array.from({length: 100000}, (_, i) => i % 7)"})
	require.Equal(t, "array", r.Type)
	arr, ok := r.Value.([]any)
	require.True(t, ok, "%T", r.Value)
	require.Len(t, arr, 100000)
	require.Equal(t, float64(6), arr[6])

	r = eval(t, s, events.EvaluateEvent{TabID: tab, Expression: "({rows: Array.from({length: 2000}, (_, i) => ({id: i, name: 'row ' + i, on: i % 2 === 0, none: null}))})"})
	require.Equal(t, "object", r.Type)
	rows := r.Value.(map[string]any)["rows"].([]any)
	require.Len(t, rows, 2000)
	require.Equal(t, map[string]any{"id": float64(1999), "name": "row 1999", "on": false, "none": nil}, rows[1999])

	for expr, want := range map[string]any{
		"(() => { const a = new Array(3000).fill(1); a[2999] = NaN; return a })()":         events.NaN,
		"(() => { const a = new Array(3000).fill(1); a[2999] = -0; return a })()":          events.NegZero,
		"(() => { const a = new Array(3000).fill(1); delete a[2999]; return a })()":        events.Undefined,
		"(() => { const a = new Array(3000).fill(1); a[2999] = new Date(0); return a })()": "1970-01-01T00:00:00.000Z",
	} {
		r := eval(t, s, events.EvaluateEvent{TabID: tab, Expression: expr})
		arr := r.Value.([]any)
		require.Len(t, arr, 3000, expr)
		require.Equal(t, want, arr[2999], expr)
	}
}

// A value nested deeper than Chrome serialises is cut there, with its type
// where the rest would be, instead of failing the whole reply.
func TestDeeplyNestedValue(t *testing.T) {
	st := serve(t)
	s := start(t)
	open(t, s, "", st.MainURL("/frames"))
	r := eval(t, s, events.EvaluateEvent{TabID: activeTab(t, s), Expression: "(() => { let a = []; for (let i = 0; i < 100000; i++) a = [a]; return a })()"})
	depth := 0
	v := r.Value
	for {
		a, ok := v.([]any)
		if !ok {
			break
		}
		require.Len(t, a, 1)
		v, depth = a[0], depth+1
	}
	require.Equal(t, events.Special("[array]"), v)
	require.Greater(t, depth, 50)
}

func TestExceptions(t *testing.T) {
	s := start(t)
	tests := []struct {
		name, expr string
		message    string
		line, col  int
	}{
		{name: "thrown error", expr: "1;\n  throw new Error('boom')", message: "Error: boom", line: 2, col: 9},
		{name: "thrown string", expr: "throw 'plain'", message: "plain", line: 1, col: 1},
		{name: "rejected promise", expr: "Promise.reject(new RangeError('late'))", message: "RangeError: late"},
		{name: "syntax error", expr: "1 +", message: "SyntaxError: Unexpected end of input", line: 1, col: 4},
		// A value whose reading throws is refused with what it threw:
		// deep serialising it crashes Chromium 148's renderer.
		{name: "throwing getter", expr: "({a: 1, get x() { throw new Error('getter') }})", message: "Error: getter"},
		{name: "throwing getter awaited", expr: "Promise.resolve({get x() { throw new Error('late getter') }})", message: "Error: late getter"},
		{name: "throwing proxy trap", expr: "new Proxy({}, {ownKeys() { throw new Error('keys') }})", message: "Error: keys"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err, _ := evalWithin(t.Context(), s, ceiling, events.EvaluateEvent{Expression: tt.expr})
			e := errorOf(t, err)
			require.Equal(t, events.CodeJSException, e.Code, e.Message)
			assert.Contains(t, e.Message, tt.message)
			assert.Equal(t, new(tt.message), e.Details.Message)
			if tt.line > 0 {
				assert.EqualValues(t, tt.line, e.Details.Line)
				assert.EqualValues(t, tt.col, e.Details.Column)
			}
		})
	}
	// The tab is fine afterwards.
	assert.Equal(t, float64(2), evalIn(t, s, "", "1+1"))
}
