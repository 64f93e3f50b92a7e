function () {
  // spread-values lists the values of the text fields that follow the
  // element in its group (the nearest ancestor that holds another text
  // field), the element's own first, in document order: text typed into
  // the first of several one-character fields (a code, a PIN) that the
  // page spread across them is read back from them all. Null when the
  // element is in no group.
  const textual = (n) => n.localName === 'textarea' ||
    (n.localName === 'input' && /^(text|tel|number|password|search|email|url)$/.test(n.type));
  for (let p = this.parentElement; p; p = p.parentElement) {
    const fields = Array.from(p.querySelectorAll('input, textarea')).filter(textual);
    if (fields.length < 2) continue;
    const i = fields.indexOf(this);
    return i < 0 ? null : fields.slice(i, i + 64).map((f) => f.value);
  }
  return null;
}
