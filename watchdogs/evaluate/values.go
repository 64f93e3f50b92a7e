package evaluate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/events"
)

// deep asks Runtime for its deep serialisation, which keeps what JSON loses
// (NaN, -0, undefined, cycles) and describes DOM nodes without walking
// their subtree.
var deep = runtime.SerializationOptions{
	Serialization:        "deep",
	MaxDepth:             new(serialDepth),
	AdditionalParameters: json.RawMessage(`{"maxNodeDepth":0,"includeShadowTree":"none"}`),
}

// serialDepth is how deep Chrome serialises a value; what is nested deeper
// comes as its type alone ("[array]"). Past a few hundred levels Chrome
// fails the whole reply instead (its CBOR stack limit).
const serialDepth = 100

// maxDepth bounds the decoder's recursion; deeper values are cut with a
// Special. Chrome's own serialiser nests no deeper in practice.
const maxDepth = 1000

// describedOnly are the deep types that carry no data worth returning: at
// the top level the result is the object's description ("div#main",
// "Error: boom\n at ...", the function's source), nested a short Special.
var describedOnly = map[string]string{
	"node":        "",
	"window":      "Window",
	"function":    "function",
	"error":       "Error",
	"symbol":      "Symbol()",
	"promise":     "Promise",
	"weakmap":     "WeakMap",
	"weakset":     "WeakSet",
	"proxy":       "Proxy",
	"typedarray":  "TypedArray",
	"arraybuffer": "ArrayBuffer",
	"generator":   "Generator",
}

// resultOf turns a remote object into the evaluation's result. The
// description is kept only for values that are returned as it.
func resultOf(o *runtime.RemoteObject) events.EvaluateResult {
	r := events.EvaluateResult{Type: o.Type}
	if o.Subtype != nil && *o.Subtype != "" {
		r.Type = *o.Subtype
	}
	desc := ""
	if o.Description != nil {
		desc = *o.Description
	}
	if typ, v, ok := plainJSON(o); ok {
		r.Type, r.Value = typ, v
		return r
	}
	dv := o.DeepSerializedValue
	switch {
	case dv != nil:
		if _, only := describedOnly[dv.Type]; only && desc != "" {
			r.Value, r.Description = desc, desc
			return r
		}
		r.Value = (&decoder{done: map[int]any{}, open: map[int]bool{}}).value(*dv, 0)
	case o.UnserializableValue != nil:
		r.Value = events.Special(*o.UnserializableValue)
	case o.Type == "undefined":
		r.Value = events.Undefined
	case len(o.Value) > 0:
		var v any
		if json.Unmarshal(o.Value, &v) == nil {
			r.Value = v
		}
	default:
		r.Value, r.Description = desc, desc
	}
	return r
}

// decoder turns a deep serialised value into Go data. Chrome sends an object
// met more than once in full the first time and as a bare reference after;
// a reference to an object still being decoded (an ancestor) is a cycle and
// becomes "[Circular]", any other repeats the finished value.
type decoder struct {
	done map[int]any
	open map[int]bool
}

func (d *decoder) value(v runtime.DeepSerializedValue, depth int) any {
	if depth > maxDepth {
		return events.Special("[" + v.Type + "]")
	}
	ref := -1
	if v.WeakLocalObjectReference != nil {
		ref = *v.WeakLocalObjectReference
		if len(v.Value) == 0 {
			if d.open[ref] {
				return events.Circular
			}
			if x, ok := d.done[ref]; ok {
				return x
			}
		}
	}
	if ref >= 0 {
		d.open[ref] = true
	}
	out := d.decode(v, depth)
	if ref >= 0 {
		delete(d.open, ref)
		d.done[ref] = out
	}
	return out
}

func (d *decoder) decode(v runtime.DeepSerializedValue, depth int) any {
	switch v.Type {
	case "undefined":
		return events.Undefined
	case "null":
		return nil
	case "string":
		var s string
		json.Unmarshal(v.Value, &s)
		return s
	case "boolean":
		var b bool
		json.Unmarshal(v.Value, &b)
		return b
	case "number":
		var f float64
		if json.Unmarshal(v.Value, &f) == nil {
			return f
		}
		// NaN, Infinity, -Infinity and -0 come as strings.
		var s string
		json.Unmarshal(v.Value, &s)
		return events.Special(s)
	case "bigint":
		var s string
		json.Unmarshal(v.Value, &s)
		return events.Special(s + "n")
	case "regexp":
		var re struct{ Pattern, Flags string }
		json.Unmarshal(v.Value, &re)
		return events.Special("/" + re.Pattern + "/" + re.Flags)
	case "date":
		var s string
		json.Unmarshal(v.Value, &s)
		return s
	case "array", "set", "nodelist", "htmlcollection", "object", "map":
		if len(v.Value) == 0 {
			// Nested deeper than serialDepth.
			return events.Special("[" + v.Type + "]")
		}
	}
	switch v.Type {
	case "array", "set", "nodelist", "htmlcollection":
		var items []runtime.DeepSerializedValue
		json.Unmarshal(v.Value, &items)
		out := make([]any, 0, len(items))
		for _, it := range items {
			out = append(out, d.value(it, depth+1))
		}
		return out
	case "object", "map":
		var entries [][2]json.RawMessage
		json.Unmarshal(v.Value, &entries)
		out := make(map[string]any, len(entries))
		for _, e := range entries {
			var val runtime.DeepSerializedValue
			json.Unmarshal(e[1], &val)
			out[d.key(e[0], depth)] = d.value(val, depth+1)
		}
		return out
	case "node":
		return events.Special(nodeDescription(v.Value))
	}
	if name, ok := describedOnly[v.Type]; ok {
		return events.Special(name)
	}
	if len(v.Value) == 0 {
		return events.Special(v.Type)
	}
	var x any
	json.Unmarshal(v.Value, &x)
	return x
}

// key decodes an object or map key: a string, or a serialised value for
// symbols and a Map's non-string keys, which becomes its text.
func (d *decoder) key(raw json.RawMessage, depth int) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var kv runtime.DeepSerializedValue
	json.Unmarshal(raw, &kv)
	switch k := d.value(kv, depth+1).(type) {
	case string:
		return k
	case events.Special:
		return string(k)
	default:
		b, _ := json.Marshal(k)
		return string(b)
	}
}

// nodeDescription describes a DOM node as DevTools does: an element as its
// tag with #id and .classes, other nodes by kind.
func nodeDescription(raw json.RawMessage) string {
	var n struct {
		NodeType   int               `json:"nodeType"`
		LocalName  string            `json:"localName"`
		NodeValue  string            `json:"nodeValue"`
		Attributes map[string]string `json:"attributes"`
	}
	json.Unmarshal(raw, &n)
	switch n.NodeType {
	case 1:
		var sb strings.Builder
		sb.WriteString(n.LocalName)
		if id := n.Attributes["id"]; id != "" {
			sb.WriteString("#" + id)
		}
		for _, c := range strings.Fields(n.Attributes["class"]) {
			sb.WriteString("." + c)
		}
		return sb.String()
	case 3:
		return "#text"
	case 8:
		return "#comment"
	case 9:
		return "#document"
	case 10:
		return "<!DOCTYPE>"
	case 11:
		return "#document-fragment"
	}
	return fmt.Sprintf("node(%d)", n.NodeType)
}

// exceptionError turns a script's exception into a js_exception error with
// its message and where it was thrown. Lines and columns are 1-based.
func exceptionError(d *runtime.ExceptionDetails) error {
	desc := ""
	class := ""
	if ex := d.Exception; ex != nil {
		switch {
		case ex.Description != nil:
			desc = *ex.Description
		case ex.UnserializableValue != nil:
			desc = string(*ex.UnserializableValue)
		case len(ex.Value) > 0:
			var v any
			if json.Unmarshal(ex.Value, &v) == nil {
				desc = fmt.Sprint(v)
			}
		case ex.Type == "undefined":
			desc = "undefined"
		}
		if ex.ClassName != nil {
			class = *ex.ClassName
		}
	}
	msg, _, _ := strings.Cut(desc, "\n")
	if msg == "" {
		msg = d.Text
	}
	line, col, url := d.LineNumber, d.ColumnNumber, ""
	if d.URL != nil {
		url = *d.URL
	}
	if st := d.StackTrace; st != nil && len(st.CallFrames) > 0 {
		top := st.CallFrames[0]
		line, col, url = top.LineNumber, top.ColumnNumber, top.URL
	}
	text := d.Text
	if text == "" {
		text = "Uncaught"
	}
	e := events.Errorf(events.CodeJSException, "%s %s (line %d, column %d)", text, msg, line+1, col+1).
		WithDetails(events.ErrorDetails{Message: new(msg), Line: line + 1, Column: col + 1})
	if url != "" {
		e.Details.URL = url
	}
	if class != "" {
		e.Details.Class = class
	}
	if desc != msg {
		e.Details.Stack = desc
	}
	return e
}

// plainJSON reads the string the sized script returns for a plain object or
// array (jsonTag, its type, a colon and its JSON text): its type and the
// value decoded from the text.
func plainJSON(o *runtime.RemoteObject) (typ string, v any, ok bool) {
	if o.Type != "string" || !bytes.HasPrefix(o.Value, []byte(`"`+jsonTag)) {
		return "", nil, false
	}
	var s string
	if json.Unmarshal(o.Value, &s) != nil {
		return "", nil, false
	}
	typ, text, ok := strings.Cut(strings.TrimPrefix(s, jsonTag), ":")
	if !ok || (typ != "array" && typ != "object") || json.Unmarshal([]byte(text), &v) != nil {
		return "", nil, false
	}
	return typ, v, true
}
