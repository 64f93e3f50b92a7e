function () {
  // takes-any tells whether this field, a combobox one types into, takes
  // any text as its value without asking the page: it suggests from a
  // datalist (the browser's own suggestions, never a choice), or it says
  // nothing of a list of options (no list it controls or owns, no popup,
  // no expanded state, no list completing what is typed), or its popup is
  // a dialog or a grid (a calendar to pick a date from: the text typed is
  // the value, as in a date field).
  const ab = globalThis.__ab, aria = (x, a) => (ab && ab.aria ? ab.aria(x, a) : x.getAttribute(a));
  if (this.list) return true;
  const has = (a) => (aria(this, a) || '').trim() !== '';
  const popup = (aria(this, 'aria-haspopup') || '').trim();
  if (popup === 'dialog' || popup === 'grid') return true;
  const completes = (aria(this, 'aria-autocomplete') || '').trim();
  return !has('aria-controls') && !has('aria-owns') && !has('aria-expanded') &&
    (popup === '' || popup === 'false') && (completes === '' || completes === 'none' || completes === 'inline');
}
