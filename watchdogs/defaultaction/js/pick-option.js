function () {
  // pick-option selects an option of a drop-down <select>, as a user's
  // pick from its popup does, and fires input and change.
  const o = this, s = o.closest('select');
  const norm = (t) => (t || '').replace(/\s+/g, ' ').trim();
  if (!s) return { error: 'the option is in no <select>' };
  if (o.disabled || s.disabled || (o.parentElement && o.parentElement.localName === 'optgroup' && o.parentElement.disabled)) {
    return { error: 'the option is disabled' };
  }
  if (!o.selected) {
    o.selected = true;
    s.dispatchEvent(new Event('input', { bubbles: true }));
    s.dispatchEvent(new Event('change', { bubbles: true }));
  }
  return { selected: Array.from(s.selectedOptions).map((x) => ({ value: x.value, label: norm(x.label || x.text) })) };
}
