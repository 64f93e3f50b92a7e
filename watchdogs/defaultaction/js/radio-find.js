function (name) {
  // radio-find answers the radio button of this group (a radiogroup, a
  // fieldset, any element holding radio buttons) whose label, name or
  // value is name: exactly, then ignoring case. Answers {options: [labels]}
  // when none is.
  const norm = (t) => (t || '').replace(/\s+/g, ' ').trim();
  const radios = Array.from(this.querySelectorAll('input[type=radio],[role=radio]'));
  const labelOf = (r) => {
    if (r.getAttribute('aria-label')) return norm(r.getAttribute('aria-label'));
    if (r.labels && r.labels.length) return norm(r.labels[0].innerText);
    return norm(r.innerText || r.value);
  };
  const want = norm(name), low = want.toLowerCase();
  const hit = radios.find((r) => labelOf(r) === want || r.value === want) ||
    radios.find((r) => labelOf(r).toLowerCase() === low || (r.value || '').toLowerCase() === low);
  if (hit) return hit;
  return {options: radios.map(labelOf)};
}
