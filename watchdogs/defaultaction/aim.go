package defaultaction

import (
	"context"
)

// jsAimInPage does in one call into the isolated world what scrollIntoView,
// clickPoint and hit do in five CDP round trips, for an element of a tab's
// top document: scroll it into view if needed, take the centre of the
// largest part of its boxes inside the viewport, and hit-test there. It
// returns null whenever the fast path cannot answer exactly (the element is
// gone or has no visible box, it lives in a child frame, the visual
// viewport is zoomed or panned); the caller then takes the CDP path, which
// also gives the precise error.
const jsAimInPage = `function () {
  const el = this;
  if (!el.isConnected) return null;
  const w = el.ownerDocument.defaultView;
  if (!w || w.frameElement) return null;
  const vv = w.visualViewport;
  if (vv && (vv.scale !== 1 || vv.offsetLeft !== 0 || vv.offsetTop !== 0)) return null;
  if (el.scrollIntoViewIfNeeded) el.scrollIntoViewIfNeeded(true); else el.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});
  const W = vv ? vv.width : w.innerWidth, H = vv ? vv.height : w.innerHeight;
  let best = null, area = 0;
  for (const r of el.getClientRects()) {
    const x0 = Math.max(r.left, 0), y0 = Math.max(r.top, 0), x1 = Math.min(r.right, W), y1 = Math.min(r.bottom, H);
    if (x1 > x0 && y1 > y0 && (x1 - x0) * (y1 - y0) > area) { area = (x1 - x0) * (y1 - y0); best = [x0, y0, x1, y1]; }
  }
  if (!best) return null;
  const x = (best[0] + best[2]) / 2, y = (best[1] + best[3]) / 2;
  const hit = ` + jsHit + `;
  return {x: x, y: y, cover: hit.call(el, x, y)};
}`

// aimInPage runs jsAimInPage. ok is false when the fast path declined and
// the caller must take the CDP path.
func (a *attachment) aimInPage(ctx context.Context, el *element) (p point, cover string, ok bool, err error) {
	var r *struct {
		X, Y  float64
		Cover string
	}
	if err := el.callOn(ctx, jsAimInPage, &r); err != nil {
		return point{}, "", false, err
	}
	if r == nil {
		return point{}, "", false, nil
	}
	return point{x: r.X, y: r.Y}, r.Cover, true, nil
}
