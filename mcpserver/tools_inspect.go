package mcpserver

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentbrowser/agentbrowser/request"
)

type stylesArgs struct {
	elementArgs
	Props []string `json:"props,omitempty" jsonschema:"the CSS properties to read, such as color and font-size; default every computed property"`
	pageArgs
}

// registerInspectTools registers the tools that read an element without
// acting on it.
func registerInspectTools(s *Server) {
	spec := toolSpec{name: "browser_get_styles", title: "Computed styles",
		desc: "An element's computed CSS styles (all, or the props named) and its box model (content, padding, border and margin boxes in the tab's viewport, CSS pixels). Read with agentbrowser's own script: the page's scripts see nothing.",
		out: map[string]*jsonschema.Schema{
			"ref":       strProp("the element's ref"),
			"styles":    objProp("the computed styles by property name"),
			"box_model": objProp("content, padding, border and margin boxes: x, y, width, height"),
		},
		needs: elementNeeded,
	}
	addTool(s, spec, func(ctx context.Context, c *conn, req *mcp.CallToolRequest, in stylesArgs) (*toolOut, error) {
		r, err := in.element(true)
		if err != nil {
			return nil, err
		}
		res, _, err := do(ctx, c, request.Get{What: "styles", Ref: r, Props: in.Props}, in.options())
		if err != nil {
			return nil, err
		}
		f, err := fieldsOf(res)
		if err != nil {
			return nil, err
		}
		var b strings.Builder
		fmt.Fprintf(&b, "Computed styles of %s:\n", res.Ref)
		names := make([]string, 0, len(res.Styles))
		for n := range res.Styles {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			fmt.Fprintf(&b, "%s: %s\n", n, res.Styles[n])
		}
		if bm := res.BoxModel; bm != nil {
			fmt.Fprintf(&b, "box: content %gx%g at (%g, %g), padding %gx%g, border %gx%g, margin %gx%g\n",
				bm.Content.Width, bm.Content.Height, bm.Content.X, bm.Content.Y, bm.Padding.Width, bm.Padding.Height,
				bm.Border.Width, bm.Border.Height, bm.Margin.Width, bm.Margin.Height)
		}
		return &toolOut{text: b.String(), fields: f}, nil
	})
}
