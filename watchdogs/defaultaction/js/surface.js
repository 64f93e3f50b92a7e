function () {
  // surface answers what a user clicks to type into this element, which
  // has no box a user can see (a code editor's hidden textarea, an
  // EditContext's 0-px element): its nearest ancestor drawn with a box of
  // at least 4x4 px, short of the document's body, that holds no other
  // element taking text (a form is not an editor's surface). null when
  // there is none.
  const up = (n) => n.parentElement || (n.parentNode && n.parentNode.host) || null;
  const takes = 'input:not([type=button]):not([type=checkbox]):not([type=radio]):not([type=submit]):not([type=reset]):not([type=hidden]):not([type=file]):not([type=image]),textarea,[contenteditable]:not([contenteditable=false])';
  const d = this.ownerDocument, w = d.defaultView;
  for (let c = up(this); c && c !== d.body && c !== d.documentElement; c = up(c)) {
    const r = c.getBoundingClientRect();
    if (r.width < 4 || r.height < 4) continue;
    const cs = w.getComputedStyle(c);
    if (cs.visibility === 'hidden' || cs.opacity === '0') continue;
    for (const o of c.querySelectorAll(takes)) {
      if (o !== this && !o.contains(this) && !this.contains(o) && o.getClientRects().length) return null;
    }
    return c;
  }
  return null;
}
