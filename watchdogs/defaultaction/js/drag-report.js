function (position) {
  // What the drag drag-arm.js watched did, read back from the page: where
  // the dragged element is now (or the element the page drew in its
  // place), how far its box moved, what the page added, removed and
  // changed, what a drop event received, and, when position asks for
  // before or after, on which side of the target (drop-box.js marked it)
  // the element ended.
  const s = globalThis.__agentbrowserDrag;
  if (!s) return null;
  // Read once the page has answered the release: its next frame and the
  // short transitions the release began (frame.js). A page that undoes a
  // drag slides the element back where it was, and a box read mid-slide
  // would report a move the page is taking back.
  const report = () => {
    s.stop();
    globalThis.__agentbrowserDrag = null;
    const ab = globalThis.__ab;
    const idOf = (n) => (ab && ab.idOf && n && n.nodeType === 1 ? ab.idOf(n) : 0);
    const short = (t) => { t = (t || '').replace(/\s+/g, ' ').trim(); return t.length > 40 ? t.slice(0, 39) + '\u2026' : t; };
    const describe = (p) => {
      if (!p) return {desc: 'nothing (it left the page)', id: 0};
      if (p.nodeType === 9) return {desc: 'the document', id: 0};
      let e = p.host || p;
      // An event's target can be a text node (a drop on a link's words).
      if (e.nodeType !== 1) e = e.parentElement;
      if (!e) return {desc: 'nothing (it left the page)', id: 0};
      let d = e.localName;
      if (e.id) d += '#' + e.id;
      else if (e.classList && e.classList.length) d += '.' + Array.from(e.classList).slice(0, 2).join('.');
      let head = e.getAttribute('aria-label') || e.getAttribute('title') || '';
      if (!head) {
        for (const c of [e, e.parentElement]) {
          const h = c && c.querySelector(':scope > h1, :scope > h2, :scope > h3, :scope > h4, :scope > h5, :scope > h6, :scope > [role=heading], :scope > header, :scope > legend, :scope > caption');
          if (h) { head = h.textContent; break; }
        }
      }
      if (head) d += ' "' + short(head) + '"';
      return {desc: d, id: idOf(e)};
    };
    // placedApart tells whether where e shows is set apart from its
    // place among its siblings: taken out of the flow (absolutely or
    // fixed positioned, as the widgets of a dashboard that a drag moves by
    // coordinates) or put elsewhere by its grid cell or flex order. Its
    // index among its siblings then says nothing of where it shows.
    const placedApart = (e) => {
      const cs = getComputedStyle(e);
      return cs.position === 'absolute' || cs.position === 'fixed' || (cs.order !== '0' && cs.order !== '') ||
        (/grid/.test(getComputedStyle(e.parentElement || e).display) && (cs.gridRowStart !== 'auto' || cs.gridColumnStart !== 'auto'));
    };
    // sideByBox judges by the boxes on which side of t e shows and
    // whether nothing shows between them: along their row when they share
    // one (their boxes overlap over half the shorter one's height), down
    // their column when they share one, else in reading order (a row
    // above first, then left to right). Between them is another of their
    // siblings shown in that row or column, or in reading order.
    const sideByBox = (e, t) => {
      const a = e.getBoundingClientRect(), b = t.getBoundingClientRect();
      const overlap = (p0, p1, q0, q1) => Math.min(p1, q1) - Math.max(p0, q0);
      const sameRow = (p, q) => overlap(p.top, p.bottom, q.top, q.bottom) > Math.min(p.height, q.height) / 2;
      const sameCol = (p, q) => overlap(p.left, p.right, q.left, q.right) > Math.min(p.width, q.width) / 2;
      const cx = (r) => (r.left + r.right) / 2, cy = (r) => (r.top + r.bottom) / 2;
      const reads = (p, q) => sameRow(p, q) ? cx(p) < cx(q) : cy(p) < cy(q);
      let first, between;
      if (sameRow(a, b)) {
        first = cx(a) < cx(b);
        const [lo, hi] = [Math.min(cx(a), cx(b)), Math.max(cx(a), cx(b))];
        between = (c) => overlap(c.top, c.bottom, Math.max(a.top, b.top), Math.min(a.bottom, b.bottom)) > 0 && cx(c) > lo && cx(c) < hi;
      } else if (sameCol(a, b)) {
        first = cy(a) < cy(b);
        const [lo, hi] = [Math.min(cy(a), cy(b)), Math.max(cy(a), cy(b))];
        between = (c) => overlap(c.left, c.right, Math.max(a.left, b.left), Math.min(a.right, b.right)) > 0 && cy(c) > lo && cy(c) < hi;
      } else {
        first = reads(a, b);
        const [lo, hi] = first ? [a, b] : [b, a];
        between = (c) => reads(lo, c) && reads(c, hi);
      }
      if (Math.abs(cx(a) - cx(b)) < 1 && Math.abs(cy(a) - cy(b)) < 1) return ['', false];
      for (const o of e.parentElement.children) {
        if (o === e || o === t) continue;
        const c = o.getBoundingClientRect();
        if (c.width <= 0 || c.height <= 0 || getComputedStyle(o).visibility === 'hidden') continue;
        if (between(c)) return [first ? 'before' : 'after', false];
      }
      return [first ? 'before' : 'after', true];
    };
    const inside = (n, set) => { for (let c = n.parentNode; c; c = c.parentNode) if (set.has(c)) return true; return false; };
    let el = s.el, replaced = false;
    const addedNow = new Set(Array.from(s.added).filter((n) => n.isConnected));
    if (!el.isConnected) {
      // The page drew a new element in its place: one of those it added with
      // the same tag and text, else the one such element in the document.
      el = null;
      const like = (n) => n.localName === s.tag && (n.textContent || '').replace(/\s+/g, ' ').trim() === s.text;
      for (const n of addedNow) {
        if (like(n)) { el = n; break; }
        const m = Array.from(n.querySelectorAll(s.tag)).find(like);
        if (m) { el = m; break; }
      }
      if (!el) {
        const all = Array.from(s.doc.querySelectorAll(s.tag)).filter(like);
        if (all.length === 1) el = all[0];
      }
      replaced = !!el;
    }
    const was = Object.assign(describe(s.parent), {index: s.index, of: s.of});
    let now = null, dx = 0, dy = 0;
    if (el) {
      const p = el.parentNode;
      now = Object.assign(describe(p), {index: p ? Array.prototype.indexOf.call(p.children, el) : -1, of: p ? p.children.length : 0});
      const b = el.getBoundingClientRect();
      dx = b.left - s.left; dy = b.top - s.top;
    }
    const placeMoved = !el || replaced || el.parentNode !== s.parent || now.index !== s.index;
    let added = 0, removed = 0, changed = 0;
    for (const n of addedNow) if (n !== el && !inside(n, addedNow)) added++;
    for (const n of s.removed) if (!n.isConnected && n !== s.el) removed++;
    // kept counts the changes beyond the style and class of the element
    // and what holds it (how a page draws a drag it then takes back), the
    // fields' values included.
    let kept = 0;
    for (const [n, m] of s.attrs) if (n.isConnected) for (const [k, v] of m) if ((n.getAttribute(k) || '') !== (v || '')) {
      changed++;
      if (!((k === 'style' || k === 'class') && el && n.contains(el))) kept++;
    }
    for (const [n, v] of s.texts) if (n.isConnected && n.data !== v) { changed++; kept++; }
    for (const n of s.textParents) if (n.isConnected && !inside(n, addedNow) && !addedNow.has(n)) { changed++; kept++; }
    let values = 0;
    for (const [f, v] of s.values) if (f.isConnected && s.valueOf(f) !== v) { values++; kept++; }
    let side = '', adjacent = false;
    const t = globalThis.__agentbrowserDragTarget;
    globalThis.__agentbrowserDragTarget = null;
    if (position && el && t && t.isConnected && t !== el) {
      // Each as the child of the element that holds both (a widget's
      // body as its widget on the dashboard).
      const both = (() => { let c = el.parentElement; while (c && !c.contains(t)) c = c.parentElement; return c; })();
      const lift = (e) => { while (e && e.parentElement !== both) e = e.parentElement; return e; };
      const le = both && lift(el), lt = both && lift(t);
      if (le && lt && le !== lt && [el, t, le, lt].some(placedApart)) [side, adjacent] = sideByBox(le, lt);
      else if (el.parentNode === t.parentNode) {
        const kids = Array.prototype.indexOf.bind(el.parentNode.children);
        const a = kids(el), b = kids(t);
        side = a < b ? 'before' : 'after';
        adjacent = Math.abs(a - b) === 1;
      }
    }
    const d = s.seen;
    return {
      was: was, now: now, replaced: replaced, gone: !el, placeMoved: placeMoved,
      dx: dx, dy: dy, added: added, removed: removed, changed: changed, kept: kept, values: values,
      side: side, adjacent: adjacent, targetKnown: !!t, followed: s.far(),
      dropped: !!d.drop, dropHandled: !!d.drop && d.drop.defaultPrevented, dropFiles: d.dropFiles, dropTypes: d.dropTypes,
      dropTarget: d.dropTarget ? describe(d.dropTarget).desc : '',
    };
  };
  return (__FRAME__)(s.doc.defaultView || window).then(report);
}
