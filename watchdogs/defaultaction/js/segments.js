function (i) {
  // segments answers, for an element that takes no text itself but holds
  // two or more fields that do and that are all spin buttons (a date or
  // time drawn as one field of parts, each typed on its own), those
  // fields' ranges and shown values in the order of the document, or,
  // with i a number, the i-th of them; null when it is no such field.
  const takes = (e) => e.isContentEditable || (e.localName === 'input' && !/^(button|checkbox|radio|file|submit|reset|image|hidden)$/.test(e.type)) || e.localName === 'textarea';
  if (takes(this)) return null;
  const found = [];
  for (const e of this.querySelectorAll('*')) {
    if (!takes(e) || !e.getClientRects().length) continue;
    if (e.parentElement && e.parentElement.isContentEditable) continue;
    found.push(e);
  }
  if (found.length < 2 || !found.every((e) => (e.getAttribute('role') || '').trim() === 'spinbutton')) return null;
  if (typeof i === 'number') return found[i] || null;
  const num = (e, a) => { const v = parseFloat(e.getAttribute(a)); return isNaN(v) ? null : v; };
  return found.map((e) => ({min: num(e, 'aria-valuemin'), max: num(e, 'aria-valuemax'), now: num(e, 'aria-valuenow')}));
}
