function () {
  // lists tells whether this combobox says it has a list of options: one
  // it controls or owns (aria-controls, aria-owns), or a popup it marks
  // open (aria-expanded).
  return !!((this.getAttribute('aria-controls') || '').trim() || (this.getAttribute('aria-owns') || '').trim() ||
    this.getAttribute('aria-expanded') === 'true');
}
