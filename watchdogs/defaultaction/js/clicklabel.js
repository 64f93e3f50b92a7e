function () {
  // clickLabel clicks, as a user would, the first of the element's labels
  // that the page draws (a native checkbox hidden behind a styled label is
  // toggled by a click on that label), and answers whether there was one.
  const drawn = (n) => {
    const r = n.getBoundingClientRect(), cs = n.ownerDocument.defaultView.getComputedStyle(n);
    return r.width > 1 && r.height > 1 && cs.visibility !== 'hidden' && cs.opacity !== '0';
  };
  const label = Array.from(this.labels || []).find(drawn);
  if (!label) return false;
  if ((__INTOVIEW__)(label).held) return false;
  label.click();
  return true;
}
