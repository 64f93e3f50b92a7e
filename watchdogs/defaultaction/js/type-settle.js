function (win, sug, keyup) {
  // Sent along with the text, in the world type-ready.js armed: waits
  // until the element's window has seen the text's input event, then lets
  // the timers the input's handlers queued have their turn as
  // settle-armed.js does for a click (one hop past the event's task, the
  // window's timer behind the handlers' zero-delay timers, one more hop),
  // waits for the page's next animation frame when the text changed the
  // page beyond the field (frame.js), and reads the element's value for
  // the result. {armed: false} when nothing is armed.
  //
  // A field that announces a list of suggestions the text has not changed
  // yet (watch.js's suggests) starts waiting for them, up to sug ms, and
  // answers {suggest: true} at once: type-suggest.js waits for the end.
  // This answer does not wait, so that it comes before the usual settle
  // is taken for it (armedOrUsual). Timers the text's handlers queued (a
  // search that asks the server a pause after the last key: the record
  // notes them, __ab.timers) are waited for the same way, up to a second.
  //
  // keyup says that a key's release follows the text (typing.go): it is
  // waited for too (bounded), so that what its handlers queue is seen.
  const a = globalThis.__agentbrowserTyped;
  if (!a) return {armed: false};
  const w0 = a.win;
  const release = !keyup ? null : new Promise((res) => {
    const done = () => { clearTimeout(t); w0.removeEventListener('keyup', up, true); res(); };
    const up = (e) => { if (e.isTrusted) done(); };
    const t = setTimeout(done, 200);
    w0.addEventListener('keyup', up, true);
  });
  return new Promise(r => {
    const check = () => {
      if (!a.seen()) { a.wait(check); return; }
      a.stop();
      if (globalThis.__agentbrowserTyped === a) delete globalThis.__agentbrowserTyped;
      // A selection the input moved: its selectionchange first (watch.js).
      Promise.resolve(release).then(() => a.watch.selected(100)).then(() => setTimeout(() => setTimeout(() => setTimeout(async () => {
        if (a.watch.active()) await (__FRAME__)(a.win);
        const value = (__VALUE__).call(this);
        const ab = globalThis.__ab;
        const timers = ab && ab.timers ? ab.timers(a.win, 1000) : null;
        const sugs = sug > 0 && a.watch.suggests();
        if (sugs || timers) {
          globalThis.__agentbrowserSuggesting = Promise.all([sugs ? a.watch.suggested(sug) : null, timers])
            // One more task: a request the timers sent has been asked for.
            .then(() => new Promise((res) => setTimeout(res, 0))).then(() => { a.watch.stop(); });
          r({armed: true, value: value, suggest: true});
          return;
        }
        a.watch.stop();
        r({armed: true, value: value});
      }, 0), win), 0));
    };
    check();
  });
}
