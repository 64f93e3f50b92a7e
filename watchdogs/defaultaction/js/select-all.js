function () {
  this.focus();
  if (this.localName === 'input' || this.localName === 'textarea') { this.select(); return; }
  const s = this.ownerDocument.getSelection(), r = this.ownerDocument.createRange();
  r.selectNodeContents(this); s.removeAllRanges(); s.addRange(r);
}