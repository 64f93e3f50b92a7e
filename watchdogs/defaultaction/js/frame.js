function (w) {
  // frame resolves once w's page has run an animation frame (its
  // requestAnimationFrame callbacks, style, layout) and the task after it:
  // what the page's handlers left for the next frame (an editor that reads
  // the selection there) is done by then. Bounded (1 s: a loaded machine
  // draws late, and an editor that renders its model in that frame, after
  // the input, would undo what the next input does if it came first), and
  // at once in a hidden document, which draws no frames.
  return new Promise((r) => {
    if (w.document.hidden) { r(); return; }
    const t = setTimeout(r, 1000);
    w.requestAnimationFrame(() => setTimeout(() => { clearTimeout(t); r(); }, 0));
  });
}
