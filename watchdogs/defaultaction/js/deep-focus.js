function () {
  // deep-focus answers the element that has focus in this element's
  // document, through shadow roots and same-origin frames, or null for the
  // body (nothing focused).
  const d = this.ownerDocument;
  let a = d.activeElement;
  for (let i = 0; a && i < 32; i++) {
    if (a.shadowRoot && a.shadowRoot.activeElement) { a = a.shadowRoot.activeElement; continue; }
    if (a.localName === 'iframe' || a.localName === 'frame') {
      let cd = null;
      try { cd = a.contentDocument; } catch (e) { cd = null; }
      if (cd && cd.activeElement && (cd.activeElement !== cd.body || cd.designMode === 'on' || cd.body.isContentEditable)) { a = cd.activeElement; continue; }
    }
    break;
  }
  if (!a || (a === a.ownerDocument.body && a.ownerDocument.designMode !== 'on' && !a.isContentEditable)) return null;
  return a;
}
