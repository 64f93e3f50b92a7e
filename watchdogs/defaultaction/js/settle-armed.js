function (n, win) {
  // Sent along with a click's input, in the world info-aim.js armed: waits
  // until the document has seen the click's n-th release (its pointerup,
  // mouseup or click, whichever the page lets through), then lets the
  // timers the input's handlers queued have their turn as settleScript
  // does. The first hop, queued from the release's listener, runs after
  // the release's task, so it is behind every handler of that task; the
  // window's timer is then queued behind the zero-delay timers those
  // handlers queued, and one more hop lets a navigation they start be
  // requested before the reply. Then it waits for the page's next
  // animation frame (frame.js), where handlers leave work of their own (a
  // map that zooms in the frame after the click): a click that changed
  // nothing yet may change the page there. It answers what the click
  // changed (effect.js), {missed} when the click was withheld (the
  // element moved away from the point before the press), or null when
  // nothing is armed.
  const a = globalThis.__agentbrowserInput;
  if (!a) return null;
  return new Promise(r => {
    const check = () => {
      if (!a.reached(n)) { a.wait(check); return; }
      a.stop();
      if (globalThis.__agentbrowserInput === a) delete globalThis.__agentbrowserInput;
      // A click withheld because the element moved away from the point
      // (info-aim.js) changed nothing: say what was there instead.
      if (a.missed()) { a.watch.stop(); r({missed: a.missed()}); return; }
      // A selection the input moved: its selectionchange first (watch.js).
      a.watch.selected(100).then(() => setTimeout(() => setTimeout(() => setTimeout(async () => {
        await (__FRAME__)(a.win, a.watch.active());
        // Timers the input's handlers queued that have not run yet (a
        // submenu that opens a moment after the pointer rests): the click
        // waits for them only when there are some (awaitInputTimers).
        const ab = globalThis.__ab;
        const timers = !!(ab && ab.timers && ab.timers(a.win, 0));
        r({effect: (__EFFECT__)(a.watch, true), timers: timers});
      }, 0), win), 0));
    };
    check();
  });
}
