function (w, changed) {
  // frame resolves once w's page has run an animation frame (its
  // requestAnimationFrame callbacks, style, layout) and the task after it:
  // what the page's handlers left for the next frame (an editor that reads
  // the selection there) is done by then. Bounded (1 s: a loaded machine
  // draws late, and an editor that renders its model in that frame, after
  // the input, would undo what the next input does if it came first), and
  // at once in a hidden document, which draws no frames.
  //
  // Then it waits, bounded, for the short transitions and animations the
  // input has just started to end, and for the task after their end
  // (their transitionend and animationend handlers): a page that ignores
  // input while it animates (a map that zooms, a panel that slides) has
  // taken this input only once its animation is over, and would drop the
  // next. Those that began before the input, run without end (a spinner)
  // or last longer than FRESH_MAX do not hold the answer.
  const FRESH = 250, FRESH_MAX = 800;
  const fresh = () => {
    let list;
    try { list = w.document.getAnimations(); } catch (e) { return []; }
    return list.filter((a) => {
      if (a.playState !== 'running' || a.playbackRate <= 0 || a.currentTime === null || !a.effect) return false;
      const t = a.effect.getComputedTiming();
      return a.currentTime <= FRESH && Number.isFinite(t.endTime) && t.endTime - a.currentTime <= FRESH_MAX;
    });
  };
  //
  // changed false (the input changed nothing in the page so far) skips
  // the frame unless the page has asked for one (its handler left work
  // there: the record in the main world tells, see __ab.framePending) or
  // the input began a transition: a click on an inert spot answers at
  // once. changed undefined always waits.
  return new Promise((r) => {
    if (w.document.hidden) { r(); return; }
    const ab = globalThis.__ab;
    if (changed === false && ab && ab.framePending && !ab.framePending(w) && !fresh().length) { r(); return; }
    const t = setTimeout(r, 1000);
    w.requestAnimationFrame(() => setTimeout(() => {
      clearTimeout(t);
      const running = fresh();
      if (!running.length) { r(); return; }
      const cap = setTimeout(r, FRESH_MAX);
      Promise.all(running.map((a) => a.finished.catch(() => null))).then(() => {
        w.requestAnimationFrame(() => setTimeout(() => { clearTimeout(cap); r(); }, 0));
      });
    }, 0));
  });
}
