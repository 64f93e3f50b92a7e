function (w) {
  // frame resolves once w's page has run an animation frame (its
  // requestAnimationFrame callbacks, style, layout) and the task after it:
  // what the page's handlers left for the next frame (an editor that reads
  // the selection there) is done by then. Bounded, and at once in a hidden
  // document, which draws no frames.
  return new Promise((r) => {
    if (w.document.hidden) { r(); return; }
    const t = setTimeout(r, 100);
    w.requestAnimationFrame(() => setTimeout(() => { clearTimeout(t); r(); }, 0));
  });
}
