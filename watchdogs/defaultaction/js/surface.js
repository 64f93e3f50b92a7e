function () {
  // surface answers what a user clicks to type into this element, which
  // takes text but shows nothing of itself (a code editor's hidden
  // textarea, an EditContext's 0-px element): the nearest ancestor drawn
  // with a box of at least 4x4 px, short of the document's body, that
  // holds no other field a user could type into (a form is not an
  // editor's surface; a read-only or disabled field, or one that shows
  // nothing of itself, is no such field). null when there is none.
  const up = (n) => n.parentElement || (n.parentNode && n.parentNode.host) || null;
  const blank = __BLANK__;
  const takes = 'input:not([type=button]):not([type=checkbox]):not([type=radio]):not([type=submit]):not([type=reset]):not([type=hidden]):not([type=file]):not([type=image]),textarea,[contenteditable]:not([contenteditable=false])';
  const other = (o) => o !== this && !o.contains(this) && !this.contains(o) && !o.disabled && !o.readOnly &&
    (o.localName === 'input' || o.localName === 'textarea' || o.isContentEditable) && o.getClientRects().length && !blank(o);
  const d = this.ownerDocument, w = d.defaultView;
  for (let c = up(this); c && c !== d.body && c !== d.documentElement; c = up(c)) {
    const r = c.getBoundingClientRect();
    if (r.width < 4 || r.height < 4) continue;
    const cs = w.getComputedStyle(c);
    if (cs.visibility === 'hidden' || cs.opacity === '0') continue;
    for (const o of c.querySelectorAll(takes)) if (other(o)) return null;
    return c;
  }
  return null;
}
