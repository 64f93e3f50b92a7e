function () {
  // Where a drag lets go over this element: the largest part of its boxes
  // that layout leaves visible, in the viewport of its world, and the axis
  // its siblings are laid out along ('x' for a row, 'y' otherwise). It
  // marks the element as the drag's target for drag-report.js.
  const el = this;
  globalThis.__agentbrowserDragTarget = el;
  const parts = (__PARTS__)(el);
  if (!parts.length) return null;
  let dx = 0, dy = 0;
  try {
    for (let v = el.ownerDocument.defaultView; v && v.frameElement; v = v.parent) {
      const fe = v.frameElement, fr = fe.getBoundingClientRect(), cs = fe.ownerDocument.defaultView.getComputedStyle(fe);
      dx += fr.left + fe.clientLeft + parseFloat(cs.paddingLeft);
      dy += fr.top + fe.clientTop + parseFloat(cs.paddingTop);
    }
  } catch (e) {}
  const r = el.getBoundingClientRect();
  let axis = 'y';
  const sib = el.previousElementSibling || el.nextElementSibling;
  if (sib) {
    const b = sib.getBoundingClientRect();
    if (b.width > 0 && b.height > 0 && Math.abs(b.top - r.top) < r.height / 2 && Math.abs(b.left - r.left) >= r.width / 2) axis = 'x';
  } else if (el.parentElement) {
    const cs = getComputedStyle(el.parentElement);
    if (/flex/.test(cs.display) && /^row/.test(cs.flexDirection)) axis = 'x';
  }
  const p = parts[0];
  return {x0: p[0] + dx, y0: p[1] + dy, x1: p[2] + dx, y1: p[3] + dy, axis: axis};
}
