function () {
  // shows reads what a custom combobox or listbox shows as its choice: its
  // value (an input's) or its own text (without the list of options it
  // may hold), the names of the options marked selected, and for an input
  // the text around it.
  const norm = (t) => (t || '').replace(/\s+/g, ' ').trim();
  const d = this.ownerDocument;
  const sel = [];
  const scopes = [this];
  for (const a of ['aria-controls', 'aria-owns']) {
    for (const id of (this.getAttribute(a) || '').split(/\s+/)) {
      const el = id && d.getElementById(id);
      if (el) scopes.push(el);
    }
  }
  for (const s of scopes) for (const o of s.querySelectorAll('[aria-selected=true],[aria-checked=true]')) sel.push(norm(o.getAttribute('aria-label') || o.innerText));
  // textOf leaves out lists of options and what a live region announces
  // (an announcement of the choice is not the choice shown).
  const textOf = (e) => {
    const c = e.cloneNode(true);
    for (const l of c.querySelectorAll('[role=listbox],[role=option],[role=menu],[role=tree],[role=grid],[aria-live],[role=log],[role=status],[role=alert]')) l.remove();
    return norm(c.textContent);
  };
  // drawn tells whether e draws a box: a border or a background.
  const drawn = (e) => {
    const st = getComputedStyle(e);
    const side = (s) => parseFloat(st['border' + s + 'Width']) > 0 && st['border' + s + 'Style'] !== 'none';
    return side('Top') || side('Bottom') || side('Left') || side('Right') || !/^(transparent|rgba\(0, 0, 0, 0\))$/.test(st.backgroundColor);
  };
  // boxOf is the box drawn around a field one types into: its nearest
  // ancestor, a few levels up at most, that draws a border or a
  // background (a select box around the wrapper the field sits in), else
  // its parent.
  const boxOf = (f) => {
    let e = f.parentElement;
    for (let i = 0; e && i < 4 && e !== d.body; i++, e = e.parentElement) if (drawn(e)) return e;
    return f.parentElement;
  };
  // around is the text of the box drawn around a field one types into,
  // where a widget that empties the field shows the choice.
  let text = '', around = '';
  if (this.localName === 'input') {
    text = this.value;
    const box = boxOf(this);
    if (box) around = textOf(box);
  } else text = textOf(this);
  return {text: norm(text), selected: sel, around};
}
