function (x, y, loose) {
  // loose: a see-through decoration of el's own control on top of it
  // (below) counts as reaching el.
  const el = this;
  if (!el.isConnected) return 'nothing (the element was removed)';
  const doc = el.ownerDocument;
  const up = (n) => n.parentNode || n.host || null;
  const within = (n, root) => { for (let c = n; c; c = up(c)) if (c === root) return true; return false; };
  // The shadow roots el and its frames live in, which this world can reach
  // from el even when they are closed: elementFromPoint over a shadow
  // root answers with its host, so the hit goes down through open roots
  // and these.
  const rootsOf = (n) => { const rs = []; for (let r = n.getRootNode(); r && r.host; r = r.host.getRootNode()) rs.push(r); return rs; };
  const deep = (d, px, py, roots) => {
    let hit = d.elementFromPoint(px, py);
    while (hit) {
      let root = hit.shadowRoot;
      if (!root) for (const r of roots) if (r.host === hit) { root = r; break; }
      if (!root) break;
      const inner = root.elementFromPoint(px, py);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  };
  const describe = (hit) => {
    // What is on top: the outermost positioned box holding the hit (an
    // overlay, a dialog) that does not also hold el, else the hit itself.
    let cover = hit;
    for (let c = hit; c && c.nodeType === 1 && !within(el, c); c = up(c)) {
      const p = c.ownerDocument.defaultView.getComputedStyle(c).position;
      if (p === 'fixed' || p === 'sticky' || p === 'absolute') cover = c;
    }
    let s = cover.localName;
    if (cover.id) s += '#' + cover.id;
    else if (cover.classList && cover.classList.length) s += '.' + Array.from(cover.classList).slice(0, 2).join('.');
    const t = (cover.innerText || cover.textContent || '').replace(/\s+/g, ' ').trim();
    if (t) s += ' "' + (t.length > 40 ? t.slice(0, 39) + '\u2026' : t) + '"';
    return s;
  };
  // The frames of this process between the world's viewport and el's
  // document, outermost first: the point must reach each <iframe> in its
  // parent document, and moves into each frame's viewport.
  const chain = [];
  try { for (let w = doc.defaultView; w && w.frameElement; w = w.parent) chain.push(w.frameElement); } catch (e) {}
  let lx = x, ly = y;
  for (let i = chain.length - 1; i >= 0; i--) {
    const fe = chain[i], r = fe.getBoundingClientRect(), cs = fe.ownerDocument.defaultView.getComputedStyle(fe);
    const over = deep(fe.ownerDocument, lx, ly, rootsOf(fe));
    if (!over) return 'nothing (the point is outside the frame)';
    if (over !== fe) return describe(over);
    lx -= r.left + fe.clientLeft + parseFloat(cs.paddingLeft);
    ly -= r.top + fe.clientTop + parseFloat(cs.paddingTop);
  }
  const acts = (n) => {
    if (n.nodeType !== 1) return false;
    if (n.isContentEditable || n.tabIndex >= 0) return true;
    const role = n.getAttribute('role');
    if (role && role !== 'none' && role !== 'presentation') return true;
    return /^(a|button|input|select|textarea|label|summary|iframe)$/.test(n.localName);
  };
  const opaque = (n) => {
    const cs = n.ownerDocument.defaultView.getComputedStyle(n);
    if (cs.position === 'fixed' || cs.backgroundImage !== 'none') return true;
    const m = cs.backgroundColor.match(/[\d.]+/g);
    return !!m && (m.length < 4 || parseFloat(m[3]) > 0);
  };
  // A transparent field that takes text is an editor's hidden input: the
  // editor's surface is some other rule's to reach (editor-surface.js).
  const takesText = () => el.isContentEditable || (el.localName === 'textarea' && !el.readOnly) ||
    (el.localName === 'input' && !el.readOnly && !/^(button|checkbox|radio|file|submit|reset|image|color|range|hidden)$/.test(el.type));
  const transparent = () => { for (let c = el; c && c.nodeType === 1; c = up(c)) if (c.ownerDocument.defaultView.getComputedStyle(c).opacity === '0') return true; return false; };
  const decoration = (hit) => {
    if (el.ownerDocument !== hit.ownerDocument) return false;
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1 || (transparent() && takesText())) return false;
    let box = hit;
    if (within(el, hit)) {
      // The hit is el's own box: el lets the pointer through (its style
      // says so, it is not clipped away) to a see-through box around it.
      if (el.ownerDocument.defaultView.getComputedStyle(el).pointerEvents !== 'none' || opaque(hit)) return false;
    }
    for (; box && !within(el, box); box = up(box)) {
      if (box.nodeType === 1 && (acts(box) || opaque(box))) return false;
    }
    if (!box || box.nodeType !== 1 || box === doc.body || box === doc.documentElement) return false;
    for (const n of box.querySelectorAll('a[href], button, input, select, textarea, [tabindex], [contenteditable], [role]')) {
      if (!within(n, el) && acts(n)) return false;
    }
    return true;
  };
  const hit = deep(doc, lx, ly, rootsOf(el));
  if (!hit) return 'nothing (the point is outside the frame)';
  if (within(hit, el)) return '';
  for (let c = hit; c; c = up(c)) if (c.localName === 'label' && c.control === el) return '';
  if (el.localName === 'label' && el.control && within(hit, el.control)) return '';
  // A see-through decoration drawn over el inside el's own control (a
  // placeholder or the chosen value's text laid over a field, an icon):
  // the smallest box holding both holds nothing else a user could act
  // on, and nothing between the hit and that box is focusable, has a
  // role, or paints a background or sits fixed that could hide el. A
  // click there lands where the control listens, as a user's does on
  // the words the control shows. The field itself may be transparent
  // (the words are drawn in its place), or let the pointer through to a
  // see-through box around it. Only when asked (loose), after no point
  // reached el itself.
  if (loose && decoration(hit)) return '';
  // A shape, label or image of an SVG group is one thing with the group's
  // other parts: a point on the group's shape under el's text reaches
  // what the group listens on, as a user's click there does.
  const SVG = 'http://www.w3.org/2000/svg';
  const group = (n) => { for (let c = n.parentNode; c && c.namespaceURI === SVG && c.localName !== 'svg'; c = c.parentNode) if (c.localName === 'g') return c; return null; };
  if (el.namespaceURI === SVG && el.localName !== 'g' && el.localName !== 'svg' && hit.namespaceURI === SVG) {
    const g = group(el);
    if (g && group(hit) === g) {
      const a = el.getBoundingClientRect(), b = hit.getBoundingClientRect();
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) return '';
    }
  }
  // The hit holds el: the pointer goes through el to what holds it, as
  // pointer-events: none on el or an ancestor makes it (a page sets it on
  // its body while a modal menu or dialog is open). What set it is said.
  if (within(el, hit)) {
    let off = null;
    for (let c = el; c && c !== hit && c.nodeType === 1; c = up(c)) if (c.ownerDocument.defaultView.getComputedStyle(c).pointerEvents === 'none') off = c;
    if (off) {
      let s = off.localName;
      if (off.id) s += '#' + off.id;
      return 'nothing: pointer-events: none on ' + s + ' lets the pointer through it';
    }
  }
  return describe(hit);
}
