function (dx, dy) {
  const can = (e, ax) => {
    const cs = e.ownerDocument.defaultView.getComputedStyle(e);
    const o = ax === 'x' ? cs.overflowX : cs.overflowY;
    return (ax === 'x' ? e.scrollWidth > e.clientWidth : e.scrollHeight > e.clientHeight) && /(auto|scroll|overlay)/.test(o);
  };
  let t = null;
  for (let e = this; e && e.nodeType === 1; e = e.parentElement || (e.getRootNode() && e.getRootNode().host) || null) {
    if ((dx && can(e, 'x')) || (dy && can(e, 'y'))) { t = e; break; }
  }
  const doc = this.ownerDocument;
  const target = t || doc.scrollingElement || doc.documentElement;
  const bx = target.scrollLeft, by = target.scrollTop;
  target.scrollBy({left: dx, top: dy, behavior: 'instant'});
  let name = target.localName;
  if (target.id) name += '#' + target.id;
  return { x: target.scrollLeft, y: target.scrollTop, moved: target.scrollLeft !== bx || target.scrollTop !== by, scrolled: t ? name : 'page' };
}