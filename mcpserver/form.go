package mcpserver

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

type formField struct {
	Ref   string `json:"ref" jsonschema:"the field's ref from the page snapshot"`
	Value string `json:"value" jsonschema:"text for a text field; the option's value or label for a select; true or false for a checkbox, radio or switch"`
	Name  string `json:"name,omitempty" jsonschema:"a human description of the field, used in messages"`
}

type fillFormArgs struct {
	Fields []formField `json:"fields" jsonschema:"the fields to fill, in order"`
	pageArgs
}

// registerFillForm adds browser_fill_form: one call fills text fields,
// checkboxes, radios and selects, each with the request its role needs.
func registerFillForm(s *Server) {
	spec := toolSpec{name: "browser_fill_form", title: "Fill a form", desc: "Fill several fields in one call: text fields get the text typed (replacing what was there), checkboxes, radios and switches are set to checked when value is true, selects get the option by value or label. Returns what changed on the page.",
		destructive: true, idempotent: true, openWorld: true, out: actionOut}
	addTool(s, spec, func(ctx context.Context, c *conn, req *mcp.CallToolRequest, in fillFormArgs) (*toolOut, error) {
		if len(in.Fields) == 0 {
			return nil, events.Errorf(events.CodeInvalidArgument, "fields must list at least one field")
		}
		refs := make([]events.Ref, len(in.Fields))
		for i, f := range in.Fields {
			r, err := ref(f.Ref)
			if err != nil {
				return nil, err
			}
			refs[i] = r
		}
		roles, err := c.roles(ctx, in.pageArgs, refs)
		if err != nil {
			return nil, err
		}
		var done []string
		for i, f := range in.Fields {
			if _, _, err := doAny(ctx, c, fillRequest(roles[refs[i]], refs[i], f.Value), in.options()); err != nil {
				fe := describe(err)
				label := f.Ref
				if f.Name != "" {
					label = f.Name + " (" + f.Ref + ")"
				}
				msg := fmt.Sprintf("filling %s: %s", label, fe.Message)
				if len(done) > 0 {
					msg += "; already filled: " + strings.Join(done, ", ")
				}
				return nil, &events.Error{Code: fe.Code, Message: msg, Details: fe.Details}
			}
			done = append(done, f.Ref)
		}
		out := &toolOut{text: "Filled " + strings.Join(done, ", "), fields: fields{"filled": rawJSON(done)}}
		s.pageState(ctx, c, in.pageArgs, out)
		return out, nil
	})
}

// roles finds each ref's role in the last snapshot this client received,
// taking a new one when a ref is not in it.
func (c *conn) roles(ctx context.Context, a pageArgs, refs []events.Ref) (map[events.Ref]string, error) {
	c.mu.Lock()
	known := c.refs[c.lastTab]
	c.mu.Unlock()
	for _, r := range refs {
		if _, ok := known[r]; !ok || a.Tab != "" {
			p, err := c.snapshotPage(ctx, a, true)
			if err != nil {
				return nil, err
			}
			known = p.roles
			break
		}
	}
	out := map[events.Ref]string{}
	for _, r := range refs {
		out[r] = known[r]
	}
	return out, nil
}

// fillRequest picks the request that sets a field of this role.
func fillRequest(role string, r events.Ref, value string) request.Request {
	switch role {
	case "checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio":
		if strings.EqualFold(value, "false") || value == "" || value == "0" {
			return request.Uncheck{Ref: r}
		}
		return request.Check{Ref: r}
	case "combobox", "listbox":
		return request.Select{Ref: r, Values: []string{value}}
	}
	return request.Type{Ref: r, Text: value, Clear: true}
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
