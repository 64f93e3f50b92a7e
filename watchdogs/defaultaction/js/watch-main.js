(() => {
  // Evaluated in the page's main world before an input that has no
  // element of its own (a key press, text typed into whatever has focus),
  // and held only by the handle the evaluation returns (no global the page
  // could see): watches what the input changes (watch.js) from before it
  // is sent; settle(win, ms), called on the handle after it, waits up to ms
  // for the page to take it, settles as watch.js does and answers what
  // changed (effect.js).
  const watch = (__WATCH__)([document], null);
  return {
    settle(win, ms) {
      return watch.settle(win, ms).then(() => (__EFFECT__)(watch, false));
    },
  };
})()
