async function () {
  const el = this;
  if (!el.isConnected) return null;
  const w = el.ownerDocument.defaultView;
  if (!w || w.frameElement) return null;
  const vv = w.visualViewport;
  if (vv && (vv.scale !== 1 || vv.offsetLeft !== 0 || vv.offsetTop !== 0)) return null;
  const r0 = el.getBoundingClientRect();
  // Into view as a user could bring it (into-view.js); when a box the
  // page scrolls itself keeps it out of view, the CDP path explains.
  const shown = (__INTOVIEW__)(el);
  if (shown.nobox || shown.held) return null;
  const r1 = el.getBoundingClientRect();
  if (r0.top !== r1.top || r0.left !== r1.left) {
    // A scroll moved it: the page may lay itself out again in answer (a
    // virtual list renders the rows now in view, which moves them). Aim
    // once it has drawn twice since (bounded, for a page that draws
    // nothing: a hidden one).
    await new Promise((r) => {
      const t = setTimeout(r, w.document.hidden ? 100 : 1000);
      w.requestAnimationFrame(() => w.requestAnimationFrame(() => { clearTimeout(t); r(); }));
    });
    if (!el.isConnected) return null;
  }
  const W = vv ? vv.width : w.innerWidth, H = vv ? vv.height : w.innerHeight;
  let best = null, area = 0;
  for (const r of el.getClientRects()) {
    const x0 = Math.max(r.left, 0), y0 = Math.max(r.top, 0), x1 = Math.min(r.right, W), y1 = Math.min(r.bottom, H);
    if (x1 > x0 && y1 > y0 && (x1 - x0) * (y1 - y0) > area) { area = (x1 - x0) * (y1 - y0); best = [x0, y0, x1, y1]; }
  }
  if (!best) return null;
  // The centre of the largest part in the viewport first; only when the
  // hit test there fails, other points inside the visible parts.
  const reach = __REACH__;
  return reach.call(el, (best[0] + best[2]) / 2, (best[1] + best[3]) / 2, null);
}