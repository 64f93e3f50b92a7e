function (x, y, clip, fractions) {
  // reach answers where a click reaches el, in the viewport of its world
  // (its frame process's root frame): (x, y) when the hit test there
  // reaches it, else the first of a few points inside the visible parts of
  // its boxes (each part's centre, then a grid over it, nearest the centre
  // first) where it does. clip, [x0, y0, x1, y1] in the same viewport or
  // null, bounds the points (an out-of-process frame's visible box);
  // fractions, when given, place the grid's lines across each part. When
  // no point reaches el, cover says what is on top at (x, y), or why there
  // is no point.
  const el = this;
  const hit = __HIT__;
  const parts = __PARTS__;
  const first = hit.call(el, x, y);
  if (first === '') return {x: x, y: y, cover: ''};
  // The frames of this process between the world's viewport and el's
  // document move its boxes: each adds its content box's corner.
  let dx = 0, dy = 0;
  let frameClip = [-Infinity, -Infinity, Infinity, Infinity];
  try {
    for (let w = el.ownerDocument.defaultView; w && w.frameElement; w = w.parent) {
      const fe = w.frameElement, r = fe.getBoundingClientRect(), cs = fe.ownerDocument.defaultView.getComputedStyle(fe);
      const ox = r.left + fe.clientLeft + parseFloat(cs.paddingLeft), oy = r.top + fe.clientTop + parseFloat(cs.paddingTop);
      frameClip = [Math.max(frameClip[0] + ox, ox), Math.max(frameClip[1] + oy, oy), Math.min(frameClip[2] + ox, ox + fe.clientWidth), Math.min(frameClip[3] + oy, oy + fe.clientHeight)];
      dx += ox; dy += oy;
    }
  } catch (e) {}
  const c = clip || [-Infinity, -Infinity, Infinity, Infinity];
  const bound = [Math.max(c[0], frameClip[0]), Math.max(c[1], frameClip[1]), Math.min(c[2], frameClip[2]), Math.min(c[3], frameClip[3])];
  const F = fractions || [0.5, 0.3, 0.7, 0.12, 0.88];
  const grid = [];
  for (const fy of F) for (const fx of F) grid.push([fx, fy]);
  grid.sort((a, b) => Math.hypot(a[0] - 0.5, a[1] - 0.5) - Math.hypot(b[0] - 0.5, b[1] - 0.5));
  const seen = new Set([Math.round(x * 2) + ',' + Math.round(y * 2)]);
  const rects = parts(el);
  // points lists (x, y) and the points of the grid, at most 60 of them.
  const points = [[x, y]];
  for (const r of rects.slice(0, 4)) {
    const b = [Math.max(r[0] + dx, bound[0]), Math.max(r[1] + dy, bound[1]), Math.min(r[2] + dx, bound[2]), Math.min(r[3] + dy, bound[3])];
    if (!(b[2] > b[0] && b[3] > b[1])) continue;
    for (const [fx, fy] of grid) {
      const px = b[0] + (b[2] - b[0]) * fx, py = b[1] + (b[3] - b[1]) * fy;
      const k = Math.round(px * 2) + ',' + Math.round(py * 2);
      if (seen.has(k)) continue;
      seen.add(k);
      points.push([px, py]);
    }
  }
  const tried = points.slice(0, 61);
  for (const [px, py] of tried.slice(1)) if (hit.call(el, px, py) === '') return {x: px, y: py, cover: ''};
  // No point reaches el itself: one where only a see-through decoration
  // of el's own control lies on top (hit.js) does, as a user's click on
  // a field's placeholder does.
  for (const [px, py] of tried) if (hit.call(el, px, py, true) === '') return {x: px, y: py, cover: ''};
  if (!rects.length) return {x: x, y: y, cover: first, clipped: true};
  return {x: x, y: y, cover: first};
}
