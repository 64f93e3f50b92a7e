function () {
  // file-input-for finds the file input an element that is not one stands
  // for, as a user who clicks it to pick a file means it: the control of a
  // label, the one file input inside the element, else the one file input
  // of its nearest ancestor that holds any (a dropzone's "Choose file"
  // button beside the hidden input its click opens). Null when there is
  // none, or when the nearest ancestor holding any holds several.
  const isFile = (n) => !!n && n.localName === 'input' && n.type === 'file';
  const label = this.closest ? this.closest('label') : null;
  if (label && isFile(label.control)) return label.control;
  const one = (root) => {
    const found = root.querySelectorAll('input[type=file]');
    return found.length === 0 ? undefined : (found.length === 1 ? found[0] : null);
  };
  let n = this;
  while (n) {
    const got = n.querySelectorAll ? one(n) : undefined;
    if (got !== undefined) return got;
    n = n.parentElement || (n.parentNode && n.parentNode.host) || null;
  }
  return null;
}
