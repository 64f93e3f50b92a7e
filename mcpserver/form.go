package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

type formField struct {
	Target  string     `json:"target,omitempty" jsonschema:"the field: its ref from the page snapshot, or a locator such as label=Email (ref is the same argument under its older name)"`
	Ref     string     `json:"ref,omitempty" jsonschema:"the same as target (give one of them)"`
	Name    string     `json:"name,omitempty" jsonschema:"a human description of the field, used in messages"`
	Element string     `json:"element,omitempty" jsonschema:"the same as name"`
	Type    string     `json:"type,omitempty" jsonschema:"the kind of field, as the snapshot shows it; accepted for compatibility: the element itself decides how it is set"`
	Value   fieldValue `json:"value" jsonschema:"text for a text field; the option's value or label for a combobox; true or false (a JSON boolean or a string) for a checkbox, radio or switch; a number (a JSON number or text such as $25) for a slider or spinbutton"`
}

// label names a field in messages: its description and its target.
func (f formField) label() string {
	t := f.Target
	if t == "" {
		t = f.Ref
	}
	switch {
	case f.Name != "":
		return f.Name + " (" + t + ")"
	case f.Element != "":
		return f.Element + " (" + t + ")"
	}
	return t
}

// fieldValue is a field's value, given as a JSON string, boolean (a
// checkbox's true or false) or number (a slider's) and held as text.
type fieldValue string

// UnmarshalJSON implements json.Unmarshaler.
func (v *fieldValue) UnmarshalJSON(b []byte) error {
	var bl bool
	if err := json.Unmarshal(b, &bl); err == nil {
		*v = fieldValue(strconv.FormatBool(bl))
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err == nil {
		*v = fieldValue(n.String())
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return errors.New("value must be a string, a boolean or a number")
	}
	*v = fieldValue(s)
	return nil
}

// fieldTypes are the kinds of field browser_fill_form lists in its schema,
// Playwright MCP's and the roles that set a state.
var fieldTypes = []any{"textbox", "checkbox", "radio", "combobox", "slider", "switch", "listbox", "searchbox", "spinbutton"}

type fillFormArgs struct {
	Fields []formField `json:"fields" jsonschema:"the fields to fill, in order"`
	pageArgs
}

// fillFormSchema lets a field's value be a boolean or a number and lists
// the field types; the rest is derived from the argument structs.
func fillFormSchema(in *jsonschema.Schema) {
	field := in.Properties["fields"].Items
	field.Properties["value"].Type = ""
	field.Properties["value"].Types = []string{"string", "boolean", "number"}
	field.Properties["type"].Enum = fieldTypes
}

// registerFillForm adds browser_fill_form: one call fills text fields,
// editors, checkboxes, radios, switches, selects, comboboxes and picked
// inputs (dates, colours, sliders), each by the request that sets an
// element of its kind (request.Fill: the element decides, whether it is
// named by a ref or by a locator).
func registerFillForm(s *Server) {
	spec := toolSpec{name: "browser_fill_form", title: "Fill a form", desc: "Fill several fields in one call, each by a ref or a locator such as label=Email: text fields and editors get the text typed (replacing what was there; a date, time or colour field takes a common form such as 2026-12-25 or 12/25/2026, converted), checkboxes, radios and switches are set to checked when value is true, selects and comboboxes get the option by value or label, a radio group the radio labelled value, sliders the value. The element decides how; each field is read back and the call fails with not_applied when the page shows something else. Returns what changed on the page.",
		destructive: true, idempotent: true, openWorld: true, out: actionOut, schema: fillFormSchema}
	addTool(s, spec, func(ctx context.Context, c *conn, req *mcp.CallToolRequest, in fillFormArgs) (*toolOut, error) {
		if len(in.Fields) == 0 {
			return nil, events.Errorf(events.CodeInvalidArgument, "fields must list at least one field")
		}
		refs := make([]events.Target, len(in.Fields))
		for i, f := range in.Fields {
			r, err := parseTarget(fmt.Sprintf("fields[%d].target", i), f.Target, "ref", f.Ref, true)
			if err != nil {
				return nil, err
			}
			refs[i] = r
		}
		var done []string
		for i, f := range in.Fields {
			if _, _, err := doAny(ctx, c, request.Fill{Ref: refs[i], Value: string(f.Value)}, in.options()); err != nil {
				fe := describe(err)
				msg := fmt.Sprintf("filling %s: %s", f.label(), fe.Message)
				if len(done) > 0 {
					msg += "; already filled: " + strings.Join(done, ", ")
				}
				return nil, &events.Error{Code: fe.Code, Message: msg, Details: fe.Details}
			}
			done = append(done, refs[i].String())
		}
		out := &toolOut{text: "Filled " + strings.Join(done, ", "), fields: fields{"filled": rawJSON(done)}}
		s.pageState(ctx, c, in.pageArgs, out, false, actionFacts{})
		return out, nil
	})
}

// doAny runs q, whatever its response type.
func doAny(ctx context.Context, c *conn, q request.Request, o request.Options) (any, string, error) {
	b, err := c.doer(ctx)
	if err != nil {
		return nil, "", err
	}
	rep, err := b.Do(ctx, q, o)
	return rep.Value, rep.Notice, err
}
