function () {
  // watch-arm starts watching what typing changes in this element's
  // document (watch.js), this being the field typed into, and answers the
  // watch, to be held by its handle.
  return (__WATCH__)([this.ownerDocument], null, this);
}
