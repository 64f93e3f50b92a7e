function (win) {
  // Sent after the text went in: lets the timers the input's handlers
  // queued have their turn, as settleScript does, and then reads the
  // element's value for the result, in the same call.
  return new Promise(r => setTimeout(() => setTimeout(() => r((__VALUE__).call(this)), 0), win));
}
