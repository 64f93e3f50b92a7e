function (e) {
  // blank tells whether e shows nothing of itself to a user: it is
  // transparent (opacity 0 on it or an ancestor) or hidden, a pixel or
  // less wide or high, off the page, or cut by layout to a pixel or less
  // (it lies in a box too small to show it that hides its overflow, as a
  // code editor's textarea in a 0-px-high wrapper does). Scrolled out of
  // view is not blank: a scroll shows it.
  const w = e.ownerDocument.defaultView;
  const r = e.getBoundingClientRect();
  if (r.width < 2 || r.height < 2) return true;
  if (w.getComputedStyle(e).visibility === 'hidden') return true;
  for (let c = e; c; c = c.parentElement || (c.parentNode && c.parentNode.host) || null) {
    if (w.getComputedStyle(c).opacity === '0') return true;
  }
  if (r.right + w.scrollX <= 0 || r.bottom + w.scrollY <= 0) return true;
  return !(__PARTS__)(e, true).some((p) => p[2] - p[0] > 1 && p[3] - p[1] > 1);
}
