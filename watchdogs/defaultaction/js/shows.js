function () {
  // shows reads what a custom combobox or listbox shows as its choice: its
  // value (an input's), its text, and the names of its options marked
  // selected.
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
  return {text: norm(this.localName === 'input' ? this.value : this.innerText), selected: sel};
}
