function (el) {
  // focus-where says of the focused element (this) whether it takes text,
  // whether it is el or inside el, and what it is.
  const e = this, t = e.localName;
  const skip = ['button', 'checkbox', 'radio', 'file', 'submit', 'reset', 'image', 'hidden', 'color', 'range'];
  const takes = !!e.editContext || (t === 'textarea' && !e.readOnly) || (t === 'input' && !e.readOnly && !skip.includes(e.type)) ||
    e.isContentEditable || ((t === 'body' || t === 'html') && e.ownerDocument.designMode === 'on');
  let inside = false;
  for (let c = e; c; c = c.parentElement || (c.parentNode && c.parentNode.host) || null) if (c === el) { inside = true; break; }
  return {takes: takes, inside: inside, desc: (__DESCRIBE__)(e)};
}
