package request

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// marshalLean is the lean encoder alone, without Marshal behind it: ok is
// false when it leaves v to Marshal.
func marshalLean(v any) ([]byte, bool) {
	e := leanEncoder{}
	ok := e.value(reflect.ValueOf(v))
	return e.buf, ok
}

// requireSameAsMarshal checks that MarshalRequest writes q as Marshal
// does, or fails as it does; lean says whether the lean encoder alone
// wrote it.
func requireSameAsMarshal(t *testing.T, q Request) (lean bool) {
	t.Helper()
	want, wantErr := Marshal(q)
	got, gotErr := MarshalRequest(q)
	if wantErr != nil {
		require.EqualError(t, gotErr, wantErr.Error(), "%#v", q)
	} else {
		require.NoError(t, gotErr, "%#v", q)
	}
	require.Equal(t, string(want), string(got), "%#v", q)
	appended, err := AppendRequest([]byte("x"), q)
	require.Equal(t, gotErr, err)
	if err == nil {
		require.Equal(t, "x"+string(want), string(appended), "%#v", q)
	}
	b, ok := marshalLean(q)
	if ok {
		require.NoError(t, wantErr, "%#v: the lean encoder wrote what Marshal refuses: %s", q, b)
		require.Equal(t, string(want), string(b), "%#v", q)
	}
	return ok
}

// filler fills a value with random contents, reaching every field that
// can be set, with the strings, numbers and raw JSON that encoders get
// wrong: escapes, invalid UTF-8, U+2028, HTML characters, exponents.
type filler struct {
	r *rand.Rand
	// invalid lets it write what Marshal refuses (NaN, raw JSON that is
	// not JSON).
	invalid bool
	// extra is one more string to draw from (the fuzzer's).
	extra string
}

var fillStrings = []string{
	"", "a", "e5", "css=#x", `role=button[name="Save"]`, "<p>Hi & bye</p>", "\u2028", "x\u2029y",
	"\xff", "a\xc3", "\x00\x01\b\f\n\r\t\x1f\x7f", `"\`, "é😀", `\u003c`, `\\u003c`, "\ufffd", "\u00e9\u0026",
	strings.Repeat("long ", 40),
}

var fillRaw = []string{
	`{}`, `null`, ` { "a" : [1, 2.5e3, "x<y&z>"] } `, `"\u003cb\u003e"`, "\"\u2028 \u2029\"", `[true,false,null]`,
	`"\\u003c"`, ` 7 `, "{\n\t\"k\": \"\\u0026\"\n}", `1e400`, `"\u2028"`,
}

var fillRawInvalid = []string{`{`, `nope`, ``, `{"a":}`, `"x`}

var rawMessageType = reflect.TypeFor[json.RawMessage]()

func (f *filler) str() string {
	switch f.r.IntN(8) {
	case 0:
		return f.extra
	case 1:
		// Random bytes, often not UTF-8.
		b := make([]byte, f.r.IntN(12))
		for i := range b {
			b[i] = byte(f.r.IntN(256))
		}
		return string(b)
	case 2:
		// Random runes.
		var sb strings.Builder
		for range f.r.IntN(8) {
			sb.WriteRune(rune(f.r.IntN(0x3000)))
		}
		return sb.String()
	}
	return fillStrings[f.r.IntN(len(fillStrings))]
}

func (f *filler) float() float64 {
	pool := []float64{0, math.Copysign(0, -1), 1, -1.5, 1e-7, 1e-6, 9.99e-7, 1e21, 1e20, 123.456, 3e-9, -2.5e-10,
		math.MaxFloat64, math.SmallestNonzeroFloat64, 0.1, 1.0 / 3}
	if f.invalid && f.r.IntN(20) == 0 {
		return []float64{math.NaN(), math.Inf(1), math.Inf(-1)}[f.r.IntN(3)]
	}
	if f.r.IntN(2) == 0 {
		return pool[f.r.IntN(len(pool))]
	}
	return f.r.NormFloat64() * math.Pow(10, float64(f.r.IntN(50)-25))
}

func (f *filler) int() int64 {
	switch f.r.IntN(6) {
	case 0:
		return 0
	case 1:
		return math.MaxInt64
	case 2:
		return math.MinInt64
	case 3:
		return -f.r.Int64N(1000)
	}
	return f.r.Int64N(100000)
}

// fill gives v random contents; depth bounds recursive types.
func (f *filler) fill(v reflect.Value, depth int) {
	t := v.Type()
	if t == rawMessageType {
		switch {
		case f.r.IntN(4) == 0:
			v.SetBytes(nil)
		case f.invalid && f.r.IntN(4) == 0:
			v.SetBytes([]byte(fillRawInvalid[f.r.IntN(len(fillRawInvalid))]))
		default:
			v.SetBytes([]byte(fillRaw[f.r.IntN(len(fillRaw))]))
		}
		return
	}
	switch t.Kind() {
	case reflect.Bool:
		v.SetBool(f.r.IntN(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n := f.int()
		if v.OverflowInt(n) {
			n = int64(int8(n))
		}
		v.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n := uint64(f.r.Int64N(1 << 20))
		if v.OverflowUint(n) {
			n = uint64(uint8(n))
		}
		v.SetUint(n)
	case reflect.Float32:
		x := f.float()
		if v.OverflowFloat(x) {
			x = float64(float32(f.r.NormFloat64()))
		}
		v.SetFloat(x)
	case reflect.Float64:
		v.SetFloat(f.float())
	case reflect.String:
		v.SetString(f.str())
	case reflect.Pointer:
		if depth > 3 || f.r.IntN(3) == 0 {
			return
		}
		p := reflect.New(t.Elem())
		f.fill(p.Elem(), depth+1)
		v.Set(p)
	case reflect.Slice:
		switch {
		case f.r.IntN(4) == 0:
			return
		case depth > 3 || f.r.IntN(4) == 0:
			v.Set(reflect.MakeSlice(t, 0, 0))
			return
		}
		s := reflect.MakeSlice(t, 1+f.r.IntN(3), 3)
		for i := range s.Len() {
			f.fill(s.Index(i), depth+1)
		}
		v.Set(s)
	case reflect.Array:
		for i := range v.Len() {
			f.fill(v.Index(i), depth+1)
		}
	case reflect.Map:
		if f.r.IntN(4) == 0 {
			return
		}
		m := reflect.MakeMap(t)
		for range f.r.IntN(4) {
			k := reflect.New(t.Key()).Elem()
			f.fill(k, depth+1)
			e := reflect.New(t.Elem()).Elem()
			f.fill(e, depth+1)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.Struct:
		for i := range v.NumField() {
			if fv := v.Field(i); fv.CanSet() && f.r.IntN(4) != 0 {
				f.fill(fv, depth)
			}
		}
	case reflect.Interface:
		if t.NumMethod() == 0 && f.r.IntN(2) == 0 {
			pool := []any{f.str(), f.float(), f.r.IntN(2) == 0, nil, map[string]any{f.str(): f.float()}, []any{f.str(), nil}}
			if x := pool[f.r.IntN(len(pool))]; x != nil {
				v.Set(reflect.ValueOf(x))
			}
		}
	}
}

// randomRequest is the request named name, filled at random.
func randomRequest(t *testing.T, name string, f *filler) Request {
	q, ok := New(name)
	require.True(t, ok, name)
	v := reflect.New(reflect.TypeOf(q)).Elem()
	f.fill(v, 0)
	return v.Interface().(Request)
}

// Every request, however filled, is written by MarshalRequest exactly as
// Marshal writes it; a request Marshal can write, the lean encoder writes
// itself.
func TestMarshalRequestIsMarshal(t *testing.T) {
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			for seed := range uint64(300) {
				f := &filler{r: rand.New(rand.NewPCG(seed, 51)), invalid: seed%3 == 2, extra: "seed"}
				q := randomRequest(t, name, f)
				lean := requireSameAsMarshal(t, q)
				if !f.invalid {
					require.True(t, lean, "%#v: left to Marshal", q)
				}
			}
			zero, _ := New(name)
			require.True(t, requireSameAsMarshal(t, zero), "the zero %s left to Marshal", name)
		})
	}
}

// The fuzzer's strings and seeds, in every request.
func FuzzMarshalRequest(f *testing.F) {
	for _, s := range fillStrings {
		f.Add(uint64(len(s)), s)
	}
	names := Names()
	f.Fuzz(func(t *testing.T, seed uint64, s string) {
		fl := &filler{r: rand.New(rand.NewPCG(seed, 7)), invalid: seed%2 == 1, extra: s}
		requireSameAsMarshal(t, randomRequest(t, names[seed%uint64(len(names))], fl))
	})
}

// Types the requests do not use yet, written as encoding/json writes them
// (or left to it).
type (
	leanText  struct{ s string }
	leanPText struct{ s string }
	leanPJSON struct{ n int }
	leanZero  struct{ n int }
	leanPZero struct{ n int }
	leanBytes []byte
	leanByte  byte
	leanInner struct {
		A string `json:"a"`
		B int    `json:"b,omitempty"`
	}
	// LeanA and LeanOther are exported for reflect.StructOf.
	LeanA struct {
		A string `json:"a"`
	}
	LeanOther struct {
		A string `json:"a"`
	}
	leanHidden struct {
		C string `json:"c"`
	}
	leanNamed string
)

func (t leanText) MarshalText() ([]byte, error)   { return []byte("<" + t.s + ">\u2028"), nil }
func (t *leanPText) MarshalText() ([]byte, error) { return []byte("p:" + t.s), nil }
func (t *leanPJSON) MarshalJSON() ([]byte, error) {
	return []byte(` {"n": ` + string(rune('0'+t.n%10)) + `, "h": "\u003c&"} `), nil
}
func (z leanZero) IsZero() bool   { return z.n == 1 }
func (z *leanPZero) IsZero() bool { return z.n == 2 }
func (b leanByte) MarshalText() ([]byte, error) {
	return []byte{'b', '0' + byte(b)%10}, nil
}

func TestLeanEncoderWritesWhatEncodingJSONWrites(t *testing.T) {
	n := 3
	for _, v := range []any{
		nil, true, 1.5, float32(1e-7), float32(3.4e38), 1e21, -1e-7, 5e-324, "x<y",
		[]any{1, "a", nil, map[string]any{"z": 1, "a": []int{}, "m": nil}},
		map[string]int{"b": 1, "a": 2, "\u2028": 3, "<": 4},
		map[leanNamed]string{"k": "v"},
		[2]int{1, 2}, [0]string{}, []byte("hi\x00"), leanBytes("x"), []leanByte{1, 2}, [3]byte{1, 2, 3},
		leanText{"t"}, &leanText{"pt"}, []leanText{{"a"}}, leanPText{"v"}, []leanPText{{"addr"}}, &leanPText{"ptr"},
		leanPJSON{4}, []leanPJSON{{5}}, &leanPJSON{6}, (*leanPJSON)(nil), []*leanPJSON{nil},
		map[string]leanPJSON{"a": {7}},
		struct {
			Z  leanZero   `json:"z,omitzero"`
			PZ leanPZero  `json:"pz,omitzero"`
			P  *leanPZero `json:"p,omitzero"`
			T  [2]int     `json:"t,omitzero"`
			E  []int      `json:"e,omitempty"`
			M  map[string]int
			I  any `json:"i,omitempty"`
			N  *int
			X  int `json:"-"`
			D  int `json:"-,"`
			Q  int `json:"bad\"name"`
			W  int `json:"with space,omitempty"`
			U  int `json:",omitempty"`
			h  int
		}{Z: leanZero{1}, PZ: leanPZero{2}, P: &leanPZero{2}, N: &n, h: 1},
		struct {
			Z  leanZero   `json:"z,omitzero"`
			PZ leanPZero  `json:"pz,omitzero"`
			P  *leanPZero `json:"p,omitzero"`
			T  [2]int     `json:"t,omitzero"`
		}{Z: leanZero{0}, PZ: leanPZero{0}, P: &leanPZero{3}, T: [2]int{0, 1}},
		&struct {
			PZ leanPZero `json:"pz,omitzero"`
			In []leanPZero
		}{PZ: leanPZero{2}, In: []leanPZero{{2}}},
		struct {
			leanInner
			leanHidden
			Outer string `json:"outer"`
		}{leanInner{"a", 0}, leanHidden{"c"}, "o"},
		struct {
			Outer string `json:"outer"`
			leanInner
		}{"o", leanInner{"a", 2}},
	} {
		want, err := json.Marshal(v)
		require.NoError(t, err, "%#v", v)
		want = UnescapeHTML(want)
		got, ok := marshalLean(v)
		require.True(t, ok, "%#v: left to encoding/json", v)
		require.Equal(t, string(want), string(got), "%#v", v)
	}
}

// What the lean encoder leaves to encoding/json, which decides it.
func TestLeanEncoderLeavesTheRest(t *testing.T) {
	for _, v := range []any{
		json.Number("1"), math.NaN(), map[int]string{1: "a"}, make(chan int),
		struct {
			N int `json:"n,string"`
		}{1},
		// Two embedded structs with a field "a" each (built here, as vet
		// refuses the clash written out).
		reflect.New(reflect.StructOf([]reflect.StructField{
			{Name: "LeanA", Type: reflect.TypeFor[LeanA](), Anonymous: true},
			{Name: "LeanOther", Type: reflect.TypeFor[LeanOther](), Anonymous: true},
		})).Elem().Interface(),
		struct {
			*leanInner
		}{},
		struct {
			A int `json:"é"`
		}{},
		json.RawMessage(`{`),
	} {
		_, ok := marshalLean(v)
		require.False(t, ok, "%#v", v)
	}
}

// A response as the CLI decodes it (any JSON, read into maps, slices and
// scalars) is written by MarshalValue as Marshal writes it, by the lean
// encoder alone.
func FuzzMarshalValue(f *testing.F) {
	for _, s := range []string{
		`{"value":2,"type":"number","engine":"isolated","ok":true}`, `{"b":[1,"<&>",null,{"z":1e21,"a":-0.0000001}],"a":"\u2028"}`,
		`[]`, `"x"`, `1.5`, `{"":{}}`, `{"k\u00e9":"\ud800","\ufffd":"\xff"}`, `{"n":123456789012345678901234567890}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var v any
		if json.Unmarshal([]byte(s), &v) != nil {
			return
		}
		var m map[string]any
		json.Unmarshal([]byte(s), &m)
		for _, x := range []any{v, m, []map[string]any{m}} {
			want, err := Marshal(x)
			require.NoError(t, err)
			got, err := MarshalValue(x)
			require.NoError(t, err)
			require.Equal(t, string(want), string(got))
			b, ok := marshalLean(x)
			require.True(t, ok, "%s: left to Marshal", s)
			require.Equal(t, string(want), string(b))
		}
	})
}
