function (i) {
  // segments answers, for an element that takes no text itself but holds
  // two or more fields that do and that are all spin buttons (a date or
  // time drawn as one field of parts, each typed on its own), those
  // fields' ranges and shown values in the order of the document:
  // {part: false, segs}. For one of those parts itself, it answers the
  // parts from it on, of the nearest element that holds it and others so:
  // {part: true, segs}. With i a number, it answers the i-th of those
  // fields instead; null when it is no such field or part.
  const takes = (e) => e.isContentEditable || (e.localName === 'input' && !/^(button|checkbox|radio|file|submit|reset|image|hidden)$/.test(e.type)) || e.localName === 'textarea';
  const spin = (e) => (e.getAttribute('role') || '').trim() === 'spinbutton';
  const partsOf = (g) => {
    const found = [];
    for (const e of g.querySelectorAll('*')) {
      if (!takes(e) || !e.getClientRects().length) continue;
      if (e.parentElement && e.parentElement.isContentEditable) continue;
      found.push(e);
    }
    return found.length >= 2 && found.every(spin) ? found : null;
  };
  let found = null, part = false;
  if (!takes(this)) {
    found = partsOf(this);
  } else if (spin(this)) {
    for (let g = this.parentElement; g && !found; g = g.parentElement) {
      const f = partsOf(g);
      if (f && f.includes(this)) found = f.slice(f.indexOf(this));
      else if (f || g.querySelectorAll('[role=spinbutton]').length > 8) break;
    }
    part = true;
  }
  if (!found) return null;
  if (typeof i === 'number') return found[i] || null;
  const num = (e, a) => { const v = parseFloat(e.getAttribute(a)); return isNaN(v) ? null : v; };
  return {part, segs: found.map((e) => ({min: num(e, 'aria-valuemin'), max: num(e, 'aria-valuemax'), now: num(e, 'aria-valuenow')}))};
}
