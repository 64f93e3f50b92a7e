// The dialog bridge: alert, confirm and prompt become a synchronous request
// to a reserved .invalid host that the DialogWatchdog pauses (Fetch domain)
// and answers with the agent's reply. The request blocks the page exactly
// as a native dialog does. When the request cannot be made (a Content
// Security Policy, a page that broke XMLHttpRequest), the native dialog is
// used instead.
(() => {
  const flag = Symbol.for('agentbrowser.dialogBridge');
  if (window[flag]) return;
  Object.defineProperty(window, flag, { value: true });
  const endpoint = '{{ENDPOINT}}';
  const native = { alert: window.alert, confirm: window.confirm, prompt: window.prompt };
  const XHR = window.XMLHttpRequest;
  const open = XHR.prototype.open;
  const send = XHR.prototype.send;
  const str = (v) => (v === undefined ? '' : String(v));
  // ask returns the watchdog's answer {accept, prompt_text}, or undefined
  // when the bridge is unavailable.
  const ask = (type, message, def) => {
    const q = new URLSearchParams();
    q.set('type', type);
    q.set('message', message);
    if (def !== undefined) q.set('default', def);
    q.set('url', String(location.href));
    try {
      const x = new XHR();
      open.call(x, 'GET', endpoint + '?' + q.toString(), false);
      send.call(x);
      if (x.status !== 200) return undefined;
      return JSON.parse(x.responseText);
    } catch (e) {
      return undefined;
    }
  };
  const replace = (name, fn) => {
    Object.defineProperty(window, name, { value: fn, writable: true, configurable: true, enumerable: true });
  };
  replace('alert', function alert(message) {
    const r = ask('alert', str(message));
    if (r === undefined) return native.alert.apply(window, arguments);
  });
  replace('confirm', function confirm(message) {
    const r = ask('confirm', str(message));
    if (r === undefined) return native.confirm.apply(window, arguments);
    return r.accept === true;
  });
  replace('prompt', function prompt(message, def) {
    const d = str(def);
    const r = ask('prompt', str(message), d);
    if (r === undefined) return native.prompt.apply(window, arguments);
    if (r.accept !== true) return null;
    return typeof r.prompt_text === 'string' ? r.prompt_text : d;
  });
})();
