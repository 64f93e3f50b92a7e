package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// registerFillForm adds browser_fill_form: one call fills text fields,
// checkboxes, radios and selects, each with the command its role needs.
func registerFillForm(s *mcpServer) {
	spec := toolSpec{name: "browser_fill_form", title: "Fill a form", desc: "Fill several fields in one call: text fields get the text typed (replacing what was there), checkboxes, radios and switches are set to checked when value is true, selects get the option by value or label. Returns what changed on the page.",
		destructive: true, idempotent: true, openWorld: true, out: actionOut}
	addTool(s, spec, func(ctx context.Context, c *mcpConn, req *mcp.CallToolRequest, in fillFormArgs) (*toolOut, error) {
		if len(in.Fields) == 0 {
			return nil, &toolError{Code: "invalid_argument", Message: "fields must list at least one field"}
		}
		roles, err := c.roles(ctx, in.pageArgs, in.Fields)
		if err != nil {
			return nil, err
		}
		var done []string
		for _, f := range in.Fields {
			name, ci := fillCommand(roles[f.Ref], f)
			if _, err := c.call(ctx, name, ci, in.pageArgs); err != nil {
				te := asToolError(err)
				label := f.Ref
				if f.Name != "" {
					label = f.Name + " (" + f.Ref + ")"
				}
				te.Message = fmt.Sprintf("filling %s: %s", label, te.Message)
				if len(done) > 0 {
					te.Message += "; already filled: " + strings.Join(done, ", ")
				}
				return nil, te
			}
			done = append(done, f.Ref)
		}
		out := &toolOut{text: "Filled " + strings.Join(done, ", "), data: map[string]any{"filled": done}}
		s.pageState(ctx, c, in.pageArgs, map[string]any{}, out)
		return out, nil
	})
}

// roles finds each field's role in the last snapshot this client received,
// taking a new one when a ref is not in it.
func (c *mcpConn) roles(ctx context.Context, a pageArgs, fields []formField) (map[string]string, error) {
	c.mu.Lock()
	known := c.refs[c.lastTab]
	c.mu.Unlock()
	for _, f := range fields {
		if _, ok := known[strings.TrimPrefix(f.Ref, "@")]; !ok || a.Tab != "" {
			p, err := c.snapshotPage(ctx, a, true)
			if err != nil {
				return nil, err
			}
			known = p.Refs
			break
		}
	}
	out := map[string]string{}
	for _, f := range fields {
		out[f.Ref] = known[strings.TrimPrefix(f.Ref, "@")]
	}
	return out, nil
}

// fillCommand picks the daemon command that sets a field of this role.
func fillCommand(role string, f formField) (string, Input) {
	switch role {
	case "checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio":
		if strings.EqualFold(f.Value, "false") || f.Value == "" || f.Value == "0" {
			return "uncheck", args(f.Ref)
		}
		return "check", args(f.Ref)
	case "combobox", "listbox":
		return "select", args(f.Ref, f.Value)
	}
	ci := args(f.Ref, f.Value)
	ci.Flags["clear"] = "true"
	return "type", ci
}
