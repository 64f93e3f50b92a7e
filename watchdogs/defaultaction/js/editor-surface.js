function () {
  // editor-surface answers the surface a click on this element reaches as
  // a user's does, when this element takes text but shows nothing of
  // itself (a code editor's transparent or clipped textarea, an
  // EditContext's 0-px element): the surface drawn around it (surface.js),
  // provided that what the browser's hit test finds at the element's place
  // is drawn inside that surface (the editor's own text or layers, not an
  // overlay over the editor). null otherwise: the click then fails as for
  // any element it cannot reach.
  const e = this;
  if (!e.isConnected) return null;
  const t = e.localName;
  const takes = !!e.editContext || e.isContentEditable ||
    (t === 'textarea' && !e.disabled && !e.readOnly) ||
    (t === 'input' && !e.disabled && !e.readOnly && !['button', 'checkbox', 'radio', 'file', 'submit', 'reset', 'image', 'hidden', 'color', 'range'].includes(e.type));
  if (!takes || !(__BLANK__)(e)) return null;
  const s = (__SURFACE__).call(e);
  if (!s) return null;
  const w = e.ownerDocument.defaultView;
  const r = e.getBoundingClientRect();
  const x = r.left + Math.min(r.width / 2, 1), y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x >= w.innerWidth || y >= w.innerHeight) return s;
  const up = (n) => n.parentElement || (n.parentNode && n.parentNode.host) || null;
  let hit = (e.getRootNode().elementFromPoint ? e.getRootNode() : e.ownerDocument).elementFromPoint(x, y);
  while (hit && hit.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  if (!hit) return s;
  for (let c = hit; c; c = up(c)) if (c === s) return s;
  return null;
}
