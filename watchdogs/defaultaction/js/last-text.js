function () {
  // last-text answers the last text node of an editable host (this) that
  // shows a character and can be edited (not inside an island the page
  // made read-only), or null: where the host's text ends.
  const w = this.ownerDocument.createTreeWalker(this, NodeFilter.SHOW_TEXT);
  let last = null;
  for (let n = w.nextNode(); n; n = w.nextNode()) {
    const p = n.parentElement;
    if (!/\S/.test(n.data) || !p || !p.isContentEditable || !p.checkVisibility()) continue;
    last = n;
  }
  return last;
}
