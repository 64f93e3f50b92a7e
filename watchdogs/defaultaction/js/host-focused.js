function () {
  // host-focused answers whether an editable host (this) has the
  // keyboard: its document's focused element is it or inside it, and that
  // document has focus (an unfocused frame's document still names its
  // body as active).
  const a = this.getRootNode().activeElement;
  return !!a && (a === this || this.contains(a)) && this.ownerDocument.hasFocus();
}
