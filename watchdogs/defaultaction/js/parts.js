function (el, tiny) {
  // The parts of el's boxes that layout leaves visible, in its document's
  // viewport, largest first: each client rect cut to the viewport and to
  // the box of every ancestor that clips it. An ancestor clips el only
  // when it holds el by layout: a box whose overflow is not visible (or
  // that contains paint) clips what it is the containing block of, so an
  // absolutely positioned box escapes the static ancestors between it and
  // its containing block, and a fixed one every ancestor but a transformed
  // (or filtered, or contained) one. The top layer (a modal dialog, an
  // open popover) escapes them all. clip on an absolutely positioned box
  // and an inset clip-path cut too. The styles of ancestors that do not
  // hold el by layout say nothing. With tiny, only what no scrolling
  // can undo cuts: an ancestor's box on an axis where it is under 2 px
  // (a 0-px-high wrapper that hides its overflow), clip and clip-path;
  // the viewport and larger boxes, which may just be scrolled away from
  // el, do not.
  const doc = el.ownerDocument, w = doc.defaultView;
  const up = (n) => n.assignedSlot || n.parentElement || (n.parentNode && n.parentNode.host) || null;
  const cut = (a, b) => [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  const ALL = [-Infinity, -Infinity, Infinity, Infinity];
  const inTop = (c) => { try { return c.matches(':modal, :popover-open'); } catch (e) { return false; } };
  const need = (cs) => cs.position === 'fixed' ? 2 : cs.position === 'absolute' ? 1 : 0;
  const clipOf = (c, cs) => {
    // clip: rect(top, right, bottom, left) on an absolutely positioned box,
    // from its border box's corner.
    if ((cs.position !== 'absolute' && cs.position !== 'fixed') || !cs.clip || cs.clip === 'auto') return ALL;
    const m = /^rect\(([-\d.]+|auto)(?:px)?,? ([-\d.]+|auto)(?:px)?,? ([-\d.]+|auto)(?:px)?,? ([-\d.]+|auto)(?:px)?\)$/.exec(cs.clip);
    if (!m) return ALL;
    const r = c.getBoundingClientRect();
    const v = (s, d) => s === 'auto' ? d : +s;
    return [r.left + v(m[4], -Infinity), r.top + v(m[1], -Infinity), r.left + v(m[2], Infinity), r.top + v(m[3], Infinity)];
  };
  const pathGone = (cs) => /^inset\((5\d|[6-9]\d|100)(\.\d+)?%/.test(cs.clipPath || '');
  let box = ALL;
  let cs = w.getComputedStyle(el);
  if (pathGone(cs)) return [];
  box = cut(box, clipOf(el, cs));
  let want = inTop(el) ? -1 : need(cs);
  for (let c = up(el); c && want >= 0; c = up(c)) {
    if (c === doc.documentElement || c === doc.body) break;
    cs = w.getComputedStyle(c);
    // clip-path cuts every descendant, held by layout or not.
    if (pathGone(cs)) return [];
    const holdsFixed = cs.transform !== 'none' || cs.perspective !== 'none' || cs.filter !== 'none' ||
      /layout|paint|strict|content/.test(cs.contain || '') || /transform|perspective|filter/.test(cs.willChange || '');
    const holds = want === 0 || (want === 1 && (holdsFixed || cs.position !== 'static')) || (want === 2 && holdsFixed);
    if (!holds) continue;
    if (cs.display !== 'contents' && cs.display !== 'inline') {
      const paint = /paint|strict|content/.test(cs.contain || '');
      const ox = paint || cs.overflowX !== 'visible', oy = paint || cs.overflowY !== 'visible';
      if (ox || oy) {
        const r = c.getBoundingClientRect();
        // Inside the borders, unless a transform scales the box (then its
        // client sizes are not the drawn ones) or it has none.
        let p = [r.left, r.top, r.right, r.bottom];
        const ow = c.offsetWidth;
        if (ow && Math.abs(r.width - ow) < 0.5 && (c.clientWidth || c.clientHeight)) {
          p = [r.left + c.clientLeft, r.top + c.clientTop, r.left + c.clientLeft + c.clientWidth, r.top + c.clientTop + c.clientHeight];
        }
        const cx = ox && (!tiny || p[2] - p[0] < 2), cy = oy && (!tiny || p[3] - p[1] < 2);
        box = cut(box, [cx ? p[0] : -Infinity, cy ? p[1] : -Infinity, cx ? p[2] : Infinity, cy ? p[3] : Infinity]);
      }
    }
    box = cut(box, clipOf(c, cs));
    want = inTop(c) ? -1 : need(cs);
  }
  const vv = w.visualViewport;
  if (!tiny) box = cut(box, [0, 0, vv ? vv.width : w.innerWidth, vv ? vv.height : w.innerHeight]);
  const out = [];
  for (const r of el.getClientRects()) {
    const p = cut([r.left, r.top, r.right, r.bottom], box);
    if (p[2] > p[0] && p[3] > p[1]) out.push(p);
  }
  out.sort((a, b) => (b[2] - b[0]) * (b[3] - b[1]) - (a[2] - a[0]) * (a[3] - a[1]));
  return out;
}
