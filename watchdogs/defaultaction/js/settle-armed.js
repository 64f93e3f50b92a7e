function (n, win) {
  // Sent along with a click's input, in the world info-aim.js armed: waits
  // until the document has seen the click's n-th release (its pointerup,
  // mouseup or click, whichever the page lets through), then lets the
  // timers the input's handlers queued have their turn as settleScript
  // does. The first hop, queued from the release's listener, runs after
  // the release's task, so it is behind every handler of that task; the
  // window's timer is then queued behind the zero-delay timers those
  // handlers queued, and one more hop lets a navigation they start be
  // requested before the reply. false when nothing is armed.
  const a = globalThis.__agentbrowserInput;
  if (!a) return false;
  return new Promise(r => {
    const check = () => {
      if (!a.reached(n)) { a.wait(check); return; }
      a.stop();
      if (globalThis.__agentbrowserInput === a) delete globalThis.__agentbrowserInput;
      setTimeout(() => setTimeout(() => setTimeout(() => r(true), 0), win), 0);
    };
    check();
  });
}
