function () {
  // editor-find answers the element typing into this one reaches: this
  // element when it takes text itself (a field, a contenteditable host,
  // an EditContext's element, the body of a document in design mode), the
  // body of a same-origin frame's editable document, or, for an element
  // that is the visible surface of an editor, the one element inside it
  // that takes text (the focused one when focus is inside it; else an
  // EditContext's element, then a contenteditable host, then a textarea,
  // then an input, the first kind it holds). It answers the number of
  // such elements when the best kind has several (a form, not an editor),
  // "control" for a control of another kind (a button, a link, a checkbox:
  // a click would act on it) that holds none, and null when it holds none.
  const SKIP = ['button', 'checkbox', 'radio', 'file', 'submit', 'reset', 'image', 'hidden'];
  const kind = (e) => {
    if (!e || e.nodeType !== 1) return 0;
    if (e.editContext) return 1;
    const t = e.localName;
    if (t === 'textarea') return e.disabled ? 0 : 3;
    if (t === 'input') return e.disabled || SKIP.includes(e.type) ? 0 : 4;
    if (e.isContentEditable) return 2;
    const d = e.ownerDocument;
    if ((t === 'body' || t === 'html') && d.designMode === 'on') return 2;
    return 0;
  };
  // The host of a contenteditable region, not an element inside it.
  const host = (e) => {
    while (e.parentElement && e.parentElement.isContentEditable) e = e.parentElement;
    return e;
  };
  if (kind(this)) return kind(this) === 2 && this.isContentEditable ? host(this) : this;
  const frameDoc = (f) => {
    if (f.localName !== 'iframe' && f.localName !== 'frame') return null;
    try { return f.contentDocument; } catch (e) { return null; }
  };
  const fd = frameDoc(this);
  if (fd && fd.body && (fd.designMode === 'on' || fd.body.isContentEditable)) return fd.body;
  const up = (n) => n.parentElement || (n.parentNode && n.parentNode.host) || null;
  const inside = (n) => { for (let c = n; c; c = up(c)) if (c === this) return true; return false; };
  let a = this.ownerDocument.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  if (a && a !== this && inside(a) && kind(a)) return kind(a) === 2 && a.isContentEditable ? host(a) : a;
  // Every element inside that takes text and is laid out (display: none
  // is not an editor's), through open shadow roots and same-origin
  // frames.
  const found = [[], [], [], [], []];
  const walk = (root) => {
    const all = root.querySelectorAll('*');
    for (const e of all) {
      const k = kind(e);
      if (k && e.getClientRects().length && !(k === 2 && e.parentElement && e.parentElement.isContentEditable)) found[k].push(e);
      if (e.shadowRoot) walk(e.shadowRoot);
      const d = frameDoc(e);
      if (d && d.body) {
        if (d.designMode === 'on' || d.body.isContentEditable) found[2].push(d.body);
        else walk(d);
      }
    }
  };
  if (this.shadowRoot) walk(this.shadowRoot);
  walk(this);
  for (const list of found) {
    if (list.length === 1) return list[0];
    if (list.length > 1) return list.length;
  }
  const CONTROL = /^(button|link|checkbox|radio|switch|tab|menuitem|menuitemcheckbox|menuitemradio|option|slider|combobox|listbox|scrollbar|treeitem)$/;
  const role = (this.getAttribute('role') || '').trim().split(/\s+/)[0];
  const t = this.localName;
  if (CONTROL.test(role) || ['button', 'select', 'option', 'summary', 'input', 'textarea'].includes(t) || (t === 'a' && this.hasAttribute('href'))) return 'control';
  return null;
}
