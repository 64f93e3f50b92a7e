function (el) {
  // intoView brings el into view as a user could: it scrolls the viewport
  // and the boxes a user can scroll (overflow auto or scroll), never, on an
  // axis, a box that hides its overflow there. A user cannot scroll such a
  // box; a page that shows a part of its content at a time (a carousel, a
  // slider of panels) moves it itself, by a transform or by setting its
  // scroll position, and keeps its own state of what it shows (the active
  // slide). Scrolling that box from outside would leave the page's state
  // saying one thing and the screen another. The browser's scroll into view
  // scrolls every ancestor, so those it moved on a hidden axis are put back
  // at once (before anything is drawn), and, when el lay out of view inside
  // one, that box is brought into view instead.
  //
  // Answers {nobox} when el has no box at all (or lies in a box of a
  // pixel or less that hides it), and {held} when, after
  // that, no part of el is visible: held describes the innermost box that
  // hides its overflow and keeps el out of view, so that the action fails
  // saying so instead of acting on a page moved behind its back.
  const doc = el.ownerDocument, w = doc.defaultView;
  if (!el.isConnected || !el.getClientRects().length) return {nobox: true, held: ''};
  const up = (n) => n.assignedSlot || n.parentElement || (n.parentNode && n.parentNode.host) || null;
  // The boxes up from n that hide (or clip) their overflow on an axis,
  // with their positions. The document and its body stand for the
  // viewport, which a user scrolls (or the page does not scroll).
  const hold = (n) => {
    const held = [];
    for (let c = up(n); c; c = up(c)) {
      if (c === doc.documentElement || c === doc.body || c === doc.scrollingElement) continue;
      const cs = w.getComputedStyle(c);
      const x = /hidden|clip/.test(cs.overflowX), y = /hidden|clip/.test(cs.overflowY);
      if (x || y) held.push({c: c, x: x, y: y, left: c.scrollLeft, top: c.scrollTop});
    }
    return held;
  };
  // restore puts each box back where it was on its hidden axes and
  // answers those that had moved, innermost first.
  const restore = (held) => {
    const moved = [];
    for (const h of held) {
      const mx = h.x && h.c.scrollLeft !== h.left, my = h.y && h.c.scrollTop !== h.top;
      if (!mx && !my) continue;
      h.c.scrollTo({left: mx ? h.left : h.c.scrollLeft, top: my ? h.top : h.c.scrollTop, behavior: 'instant'});
      moved.push(h.c);
    }
    return moved;
  };
  const show = (n) => {
    if (n.scrollIntoViewIfNeeded) n.scrollIntoViewIfNeeded(true);
    else n.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});
  };
  const held = hold(el);
  show(el);
  const moved = restore(held);
  if (moved.length) {
    // el lay (at least in part) out of view inside moved[0]: show that
    // box instead, under the same rule.
    const outer = hold(moved[0]);
    show(moved[0]);
    restore(outer);
  }
  if ((__PARTS__)(el).some((p) => p[2] - p[0] > 1 && p[3] - p[1] > 1)) return {nobox: false, held: ''};
  // Nothing of el is visible: the innermost of those boxes that el lies
  // outside of keeps it out of view (the rest, if any, is for the checks
  // that follow to explain).
  const r = el.getBoundingClientRect();
  const box = (held.find((h) => {
    const b = h.c.getBoundingClientRect();
    return r.right <= b.left + 1 || r.left >= b.right - 1 || r.bottom <= b.top + 1 || r.top >= b.bottom - 1;
  }) || {}).c;
  if (!box) return {nobox: false, held: ''};
  // A box of a pixel or less on an axis shows nothing of what it holds:
  // it is no part of the page shown a part at a time but a way to hide
  // (a native input kept for assistive technology while its label or a
  // sibling draws it), so el has no box to act on, as when it has none.
  const b = box.getBoundingClientRect();
  if (b.width <= 1 || b.height <= 1) return {nobox: true, held: ''};
  let desc = box.localName;
  if (box.id) desc += '#' + box.id;
  else if (box.classList.length) desc += '.' + Array.from(box.classList).slice(0, 2).join('.');
  const label = box.getAttribute('aria-label') || box.getAttribute('aria-roledescription') || '';
  if (label) desc += ' "' + label.slice(0, 40) + '"';
  return {nobox: false, held: desc};
}
