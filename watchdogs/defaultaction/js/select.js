function (wanted) {
  if (this.localName !== 'select') return { error: 'not a <select> element' };
  const opts = Array.from(this.options);
  const norm = s => (s || '').replace(/\s+/g, ' ').trim();
  const pick = [];
  for (const w of wanted) {
    let o = opts.find(o => o.value === w) || opts.find(o => norm(o.label || o.text) === norm(w)) ||
      opts.find(o => norm(o.label || o.text).toLowerCase() === norm(w).toLowerCase());
    if (!o) return { error: 'no option with value or label ' + JSON.stringify(w), options: opts.map(o => ({ value: o.value, label: norm(o.label || o.text) })) };
    if (o.disabled) return { error: 'option ' + JSON.stringify(w) + ' is disabled' };
    pick.push(o);
  }
  if (pick.length > 1 && !this.multiple) return { error: 'the <select> takes one option, got ' + pick.length };
  const picked = opts.filter(o => this.multiple ? pick.includes(o) : o === pick[0]).map(o => ({ value: o.value, label: norm(o.label || o.text) }));
  if (this.multiple) { for (const o of opts) o.selected = pick.includes(o); }
  else { this.value = pick[0].value; pick[0].selected = true; }
  this.dispatchEvent(new Event('input', { bubbles: true }));
  this.dispatchEvent(new Event('change', { bubbles: true }));
  return { picked: picked, selected: opts.filter(o => o.selected).map(o => ({ value: o.value, label: norm(o.label || o.text) })) };
}