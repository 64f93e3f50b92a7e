function () {
  if (!this.isConnected) return false;
  const cs = this.ownerDocument.defaultView.getComputedStyle(this);
  if (cs.visibility === 'hidden' || cs.display === 'none' || cs.opacity === '0') return false;
  const r = this.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
}