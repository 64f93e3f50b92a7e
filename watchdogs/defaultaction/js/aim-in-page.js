function () {
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
  const hit = __HIT__;
  return {x: x, y: y, cover: hit.call(el, x, y)};
}