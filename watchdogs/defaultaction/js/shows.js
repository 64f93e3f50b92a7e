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
  const textOf = (e) => {
    const c = e.cloneNode(true);
    for (const l of c.querySelectorAll('[role=listbox],[role=option],[role=menu],[role=tree],[role=grid]')) l.remove();
    return norm(c.textContent);
  };
  // around is the text of the box drawn around a field one types into
  // (its parent), where a widget that empties the field shows the choice.
  let text = '', around = '';
  if (this.localName === 'input') {
    text = this.value;
    if (this.parentElement) around = textOf(this.parentElement);
  } else text = textOf(this);
  return {text: norm(text), selected: sel, around};
}
