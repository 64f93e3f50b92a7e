function (v) {
  // set-value sets an input whose value a user picks rather than types
  // (date, time, month, week, color, range) as the user's pick does: the
  // value through the element's native setter (a framework's own setter
  // on the element is bypassed, as a user's edit bypasses it), then input
  // and change events that bubble. A color may be any CSS color; it is
  // turned into the #rrggbb form the input holds. Answers the value set
  // (want) and the value the input holds afterwards.
  const e = this;
  if (e.type === 'color') {
    const c = document.createElement('canvas').getContext('2d');
    c.fillStyle = '#010203';
    c.fillStyle = v;
    const got = c.fillStyle;
    if (/^#[0-9a-f]{6}$/i.test(got) && (got !== '#010203' || /^#?010203$/i.test(v.trim()))) v = got;
  }
  const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  e.focus();
  set.call(e, v);
  e.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
  e.dispatchEvent(new Event('change', {bubbles: true}));
  return {want: v, value: e.value};
}
