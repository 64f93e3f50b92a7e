function () {
  // Typing's fast path, in one call in the element's world: describes the
  // element and, when it is editable, enabled and not concealed, scrolls
  // it into view and focuses it, then reports whether the focus took.
  // ready false sends the action down the full path, which explains every
  // refusal.
  const info = (__INFO__).call(this);
  if (!info.connected || !info.editable || info.disabled) return {info: info, ready: false};
  if ((__CONCEALED__).call(this)) return {info: info, ready: false};
  this.scrollIntoViewIfNeeded(true);
  this.focus();
  return {info: info, ready: (__FOCUSED__).call(this)};
}
