function (x, y) {
  const el = this;
  if (!el.isConnected) return 'nothing (the element was removed)';
  const doc = el.ownerDocument;
  const chain = [];
  try { for (let w = doc.defaultView; w && w.frameElement; w = w.parent) chain.push(w.frameElement); } catch (e) {}
  let lx = x, ly = y;
  for (let i = chain.length - 1; i >= 0; i--) {
    const fe = chain[i], r = fe.getBoundingClientRect(), cs = fe.ownerDocument.defaultView.getComputedStyle(fe);
    lx -= r.left + fe.clientLeft + parseFloat(cs.paddingLeft);
    ly -= r.top + fe.clientTop + parseFloat(cs.paddingTop);
  }
  // Over a shadow root, elementFromPoint answers with its host: go down
  // through open roots and through the roots el itself lives in, which
  // this world can reach from el even when they are closed.
  const roots = [];
  for (let r = el.getRootNode(); r && r.host; r = r.host.getRootNode()) roots.push(r);
  let hit = doc.elementFromPoint(lx, ly);
  while (hit) {
    let root = hit.shadowRoot;
    if (!root) for (const r of roots) if (r.host === hit) { root = r; break; }
    if (!root) break;
    const inner = root.elementFromPoint(lx, ly);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  if (!hit) return 'nothing (the point is outside the frame)';
  const up = (n) => n.parentNode || n.host || null;
  const within = (n, root) => { for (let c = n; c; c = up(c)) if (c === root) return true; return false; };
  if (within(hit, el)) return '';
  for (let c = hit; c; c = up(c)) if (c.localName === 'label' && c.control === el) return '';
  if (el.localName === 'label' && el.control && within(hit, el.control)) return '';
  let cover = hit;
  for (let c = hit; c && c.nodeType === 1; c = up(c)) {
    const p = c.ownerDocument.defaultView.getComputedStyle(c).position;
    if (p === 'fixed' || p === 'sticky' || p === 'absolute') { cover = c; }
  }
  let s = cover.localName;
  if (cover.id) s += '#' + cover.id;
  else if (cover.classList && cover.classList.length) s += '.' + Array.from(cover.classList).slice(0, 2).join('.');
  const t = (cover.innerText || cover.textContent || '').replace(/\s+/g, ' ').trim();
  if (t) s += ' "' + (t.length > 40 ? t.slice(0, 39) + '\u2026' : t) + '"';
  return s;
}