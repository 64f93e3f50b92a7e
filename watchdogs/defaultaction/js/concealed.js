function () {
  // concealed answers null when the element can be seen where it is, or
  // {why, id, desc}: why it cannot (transparent, a pixel or less, off the
  // page), and the element the page shows in its place (its world-local
  // id, for its ref, and a description), when there is one; or {held},
  // when a box the page scrolls itself keeps it out of view (into-view.js).
  // An option of a drop-down is seen through its <select>.
  const opt = this.localName === 'option';
  const el = opt ? this.closest('select') || this : this;
  if (!el.isConnected) return null;
  const doc = el.ownerDocument, w = doc.defaultView;
  const up = (n) => n.parentElement || (n.parentNode && n.parentNode.host) || null;
  let why = '';
  const tiny = (r) => r.width <= 1 || r.height <= 1;
  for (let c = el; c && !why; c = up(c)) {
    if (w.getComputedStyle(c).opacity === '0') why = 'it is transparent (opacity 0)';
  }
  let r = el.getBoundingClientRect();
  if (!why && tiny(r)) why = 'it is a pixel or less in size';
  if (!why && (r.right + w.scrollX <= 0 || r.bottom + w.scrollY <= 0)) why = 'it is off the page';
  // Into view as a user could bring it: a box the page scrolls itself
  // (a carousel) is not scrolled from outside (into-view.js).
  const shown = (__INTOVIEW__)(el);
  if (!why && shown.held) return {why: '', id: 0, desc: '', held: shown.held};
  r = el.getBoundingClientRect();
  // What layout leaves visible of it (not what its ancestors' styles
  // suggest: a box that hides its overflow does not clip an absolutely
  // positioned box it is not the containing block of), and whether the
  // browser's hit test reaches it at a point of that (in its middle: a
  // sliver left at the edge of a widget stacked on it shows nothing).
  const parts = (__PARTS__)(el);
  let dx = 0, dy = 0;
  try {
    for (let v = w; v && v.frameElement; v = v.parent) {
      const fe = v.frameElement, fr = fe.getBoundingClientRect(), fcs = fe.ownerDocument.defaultView.getComputedStyle(fe);
      dx += fr.left + fe.clientLeft + parseFloat(fcs.paddingLeft);
      dy += fr.top + fe.clientTop + parseFloat(fcs.paddingTop);
    }
  } catch (e) {}
  const cx = parts.length ? (parts[0][0] + parts[0][2]) / 2 : (r.left + r.right) / 2;
  const cy = parts.length ? (parts[0][1] + parts[0][3]) / 2 : (r.top + r.bottom) / 2;
  const reached = r.width > 0 && r.height > 0 && (__REACH__).call(el, cx + dx, cy + dy, null, [0.5, 0.3, 0.7]).cover === '';
  if (!why && !parts.some((p) => p[2] - p[0] > 1 && p[3] - p[1] > 1) && !(reached && !parts.length)) why = 'it is clipped to a pixel or less';
  if (opt && why) why = why.replace(/^it /, 'its <select> ');
  // What is drawn where the element is: the nearest control or clickable
  // element up from what a click there would hit.
  let hit = null;
  if (r.width > 0 && r.height > 0) {
    const x = Math.min(Math.max(cx, 0), w.innerWidth - 1);
    const y = Math.min(Math.max(cy, 0), w.innerHeight - 1);
    const root = el.getRootNode();
    hit = (root.elementFromPoint ? root : doc).elementFromPoint(x, y);
  }
  const within = (n) => { for (let c = n; c; c = up(c)) if (c === el) return true; return false; };
  // valueBeneath tells whether the first element under the point (x, y)
  // that is not el or inside it shows el's value: a select's chosen
  // option, a field's text.
  const valueBeneath = (x, y) => {
    const sq = (t) => (t || '').replace(/\s+/g, ' ').trim();
    const o = el.localName === 'select' ? el.selectedOptions[0] : null;
    const v = sq(o ? o.label : el.localName === 'select' ? '' : el.value);
    if (!v) return false;
    const root = el.getRootNode();
    for (const c of (root.elementsFromPoint ? root : doc).elementsFromPoint(x, y)) {
      if (within(c)) continue;
      return sq(c.innerText).includes(v);
    }
    return false;
  };
  const shows = (n) => { for (let c = el; c; c = up(c)) if (c === n) return true; return false; };
  // boxedAncestor is el's nearest ancestor drawn with a box of its own.
  const boxedAncestor = () => {
    for (let c = up(el); c; c = up(c)) if (!tiny(c.getBoundingClientRect())) return c;
    return null;
  };
  // ownedBy tells whether b, the element drawn at el's place, holds it
  // (see the clipped control below).
  const ownedBy = (b) => {
    if (!b) return false;
    if (hit === b) return true;
    // Only through a wrapper of a pixel or less around a control of its
    // own size, inside an element drawn for it (not the page itself).
    if (up(el) === b || tiny(r) || b === doc.body || b === doc.documentElement) return false;
    const q = b.getBoundingClientRect();
    if (tiny(q) || r.left < q.left - 1 || r.left > q.right + 1 || r.top < q.top - 1 || r.top > q.bottom + 1) return false;
    const x = (q.left + q.right) / 2, y = (q.top + q.bottom) / 2;
    if (x < 0 || y < 0 || x >= w.innerWidth || y >= w.innerHeight) return false;
    const root = el.getRootNode();
    const at = (root.elementFromPoint ? root : doc).elementFromPoint(x, y);
    for (let c = at; c; c = up(c)) if (c === b) return true;
    return false;
  };
  if (!why) {
    // Drawn in full, but is it under something else? Only another control
    // drawn over it (a custom widget stacked on its native control) makes
    // it concealed: a click there reaches that control, not this one. What
    // a click there would still bring to this element (its own label, an
    // ancestor it shows through) does not count, nor an unfocusable overlay,
    // nor a cover that leaves some point of it where the hit test reaches it.
    if (reached || !hit || within(hit) || shows(hit)) return null;
    for (let c = hit; c; c = up(c)) if (c.localName === 'label' && c.control === el) return null;
  } else if (!hit || within(hit)) {
    // A transparent control that a click at its middle reaches, over
    // what shows its value, is the one a user works: the page draws its
    // value beneath it (a month's name under a <select> laid over it at
    // opacity 0), and a user's click opens it.
    if (reached && hit && within(hit) && /transparent/.test(why) && valueBeneath(cx, cy)) return null;
    return { why: why, id: 0, desc: '' };
  } else if (/pixel or less/.test(why) && el === this && ownedBy(boxedAncestor()) && el.tabIndex >= 0 && !el.disabled) {
    // A control clipped to nothing inside the very element drawn at its
    // place (a slider's thumb holding its range input), and left in the
    // tab order, is that element's own input: a keyboard user reaches it
    // and edits it, and the page draws what it takes. Its place is where
    // the hit test finds that element, or, when the control's own box
    // reaches beyond it (a wrapper of a pixel clips a control of its
    // full size), where that element holds the control's corner and is
    // what is drawn at its own middle.
    return null;
  }
  // A control first (a custom select's combobox rather than the list
  // showing its choice), then anything focusable.
  const CONTROL = /^(button|link|combobox|textbox|searchbox|checkbox|radio|switch|slider|spinbutton|tab|menuitem)$/;
  const NATIVE = /^(button|a|input|select|textarea|summary)$/;
  const roleOf = (c) => (c.getAttribute('role') || '').trim().split(/\s+/)[0];
  // When the element itself is drawn, the search stops where the element's
  // own ancestors begin: a control holding both is not drawn over it.
  const stop = (c) => !c || (!why && shows(c));
  let widget = null;
  for (let c = hit; !stop(c) && !widget; c = up(c)) if (CONTROL.test(roleOf(c)) || NATIVE.test(c.localName)) widget = c;
  for (let c = hit; !stop(c) && !widget; c = up(c)) if (roleOf(c) === 'listbox' || c.hasAttribute('tabindex') && c.tabIndex >= 0) widget = c;
  if (!widget && !why) return null;
  if (!why) why = (opt ? 'its <select> ' : 'it ') + 'is covered by another control';
  if (!widget) widget = hit;
  let desc = widget.localName;
  if (widget.id) desc += '#' + widget.id;
  else if (widget.classList.length) desc += '.' + Array.from(widget.classList).slice(0, 2).join('.');
  const t = (widget.innerText || '').replace(/\s+/g, ' ').trim();
  if (t) desc += ' "' + (t.length > 40 ? t.slice(0, 39) + '\u2026' : t) + '"';
  const ab = globalThis.__ab;
  return { why: why, id: ab && ab.idOf ? ab.idOf(widget) : 0, desc: desc };
}
