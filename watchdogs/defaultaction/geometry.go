package defaultaction

import (
	"context"
	"fmt"
	"math"

	"github.com/mafredri/cdp/protocol/dom"

	"github.com/agentbrowser/agentbrowser/session"
)

// rect is an axis-aligned rectangle in CSS pixels.
type rect struct{ x0, y0, x1, y1 float64 }

func (r rect) empty() bool { return r.x1 <= r.x0 || r.y1 <= r.y0 }

func (r rect) area() float64 {
	if r.empty() {
		return 0
	}
	return (r.x1 - r.x0) * (r.y1 - r.y0)
}

func (r rect) intersect(o rect) rect {
	return rect{math.Max(r.x0, o.x0), math.Max(r.y0, o.y0), math.Min(r.x1, o.x1), math.Min(r.y1, o.y1)}
}

func (r rect) shift(dx, dy float64) rect { return rect{r.x0 + dx, r.y0 + dy, r.x1 + dx, r.y1 + dy} }

func quadRect(q dom.Quad) rect {
	r := rect{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for i := 0; i+1 < len(q); i += 2 {
		r.x0, r.x1 = math.Min(r.x0, q[i]), math.Max(r.x1, q[i])
		r.y0, r.y1 = math.Min(r.y0, q[i+1]), math.Max(r.y1, q[i+1])
	}
	return r
}

// viewport is the tab's visible area in CSS pixels.
func viewport(ctx context.Context, tab *session.Target) (rect, error) {
	m, err := tab.Client.Page.GetLayoutMetrics(ctx)
	if err != nil {
		return rect{}, fmt.Errorf("reading layout metrics: %w", err)
	}
	v := m.CSSVisualViewport
	return rect{0, 0, v.ClientWidth, v.ClientHeight}, nil
}
