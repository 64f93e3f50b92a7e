function () {
  // The element's own root (a document or a shadow root, closed ones
  // included) knows its focused element.
  const a = this.getRootNode().activeElement;
  return !!a && (a === this || this.contains(a));
}