function () {
  // caret-end puts the caret at the end of an editable host's (this)
  // content, after its last text when it has some, as a click after the
  // last word or Control+End does, so that typing goes on after what the
  // host holds.
  const d = this.ownerDocument;
  const root = this.getRootNode();
  const s = root.getSelection ? root.getSelection() : d.getSelection();
  if (!s) return false;
  const last = (__LAST_TEXT__).call(this);
  const r = d.createRange();
  if (last) r.setStart(last, last.data.length);
  else r.selectNodeContents(this);
  r.collapse(last !== null);
  if (s.rangeCount === 1 && s.isCollapsed) {
    const c = s.getRangeAt(0);
    if (c.startContainer === r.startContainer && c.startOffset === r.startOffset) return true;
  }
  s.removeAllRanges();
  s.addRange(r);
  return true;
}
