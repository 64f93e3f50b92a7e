// listeners.js runs in the page's main world of every document, before the
// page's own scripts (Page.addScriptToEvaluateOnNewDocument), as
// `(<this file>)(secret)`. It notes the elements that page script gives
// listeners for input a user makes (clicks, presses, touches, drags,
// keys), through addEventListener or an on<event> property, so that the
// snapshot can give them refs: an element a library made draggable or
// clickable looks like any other div.
//
// It changes nothing the page does: the wrapped functions call the
// originals with the same receiver and arguments and return what they
// return, and a failure to note is swallowed. The page cannot reach what
// it noted: the state lives in this closure, and the walk in
// agentbrowser's isolated world asks for it with events of a type named
// by the secret, which the page does not know. On such a query event at
// a document, each noted element of that document not yet handed over
// gets a cancelable event of the answer type, which the isolated world's
// listener (on the window, or on the shadow root the element is in)
// cancels to say it has it; the query itself is cancelled when some
// connected element found no listener, so that the walk asks again once
// it listens on more shadow roots.
(function (secret) {
  'use strict';
  const QUERY = 'ab' + secret + 'q', ANSWER = 'ab' + secret + 'a';
  // The functions used later are taken now, before any page script can
  // replace them.
  const apply = Reflect.apply;
  const ET = EventTarget.prototype;
  const add = ET.addEventListener, dispatch = ET.dispatchEvent;
  const EventCtor = Event;
  const nodeType = Object.getOwnPropertyDescriptor(Node.prototype, 'nodeType').get;
  const connected = Object.getOwnPropertyDescriptor(Node.prototype, 'isConnected').get;
  const getDoc = Object.getOwnPropertyDescriptor(Node.prototype, 'ownerDocument').get;
  const prevented = Object.getOwnPropertyDescriptor(EventCtor.prototype, 'defaultPrevented').get;
  const targetOf = Object.getOwnPropertyDescriptor(EventCtor.prototype, 'target').get;
  const slice = Array.prototype.slice;
  const preventDefault = EventCtor.prototype.preventDefault;
  const WeakRefCtor = WeakRef, deref = WeakRef.prototype.deref;
  const wsHas = WeakSet.prototype.has, wsAdd = WeakSet.prototype.add;
  const defineProperty = Object.defineProperty, getDescriptor = Object.getOwnPropertyDescriptor;
  const ProxyCtor = Proxy;
  // The answer's options have no prototype, so that reading them runs
  // nothing of the page's.
  const answerInit = Object.create(null);
  answerInit.cancelable = true;
  answerInit.bubbles = false;
  answerInit.composed = false;

  // TYPES are the events a user's input fires at an element: a listener
  // for one makes the element something to act on. Hover and focus
  // alone do not.
  const TYPES = Object.create(null);
  for (const t of ['click', 'dblclick', 'auxclick', 'contextmenu', 'mousedown', 'mouseup',
    'pointerdown', 'pointerup', 'touchstart', 'touchend', 'dragstart', 'dragover', 'drop',
    'keydown', 'keyup', 'keypress']) TYPES[t] = 1;
  // MAX bounds the elements waiting to be handed over.
  const MAX = 50000;
  const noted = new WeakSet();
  let pending = [];

  function note(target, type) {
    if (typeof type !== 'string' || TYPES[type] !== 1) return;
    try {
      if (apply(nodeType, target, []) !== 1 || apply(wsHas, noted, [target])) return;
      apply(wsAdd, noted, [target]);
      if (pending.length >= MAX) pending = apply(slice, pending, [pending.length - MAX / 2]);
      pending[pending.length] = new WeakRefCtor(target);
    } catch (err) {
      // Not an element (a window, an XHR): nothing to note.
    }
  }

  // wrap returns a function that notes and then calls fn as it was
  // called. A proxy keeps fn's name and length, and prints as native.
  function wrap(fn, noteCall) {
    return new ProxyCtor(fn, {
      apply(t, self, args) {
        try {
          noteCall(self, args);
        } catch (err) {
          // Never in the page's way.
        }
        return apply(t, self, args);
      },
    });
  }

  ET.addEventListener = wrap(add, (self, args) => {
    if (args.length >= 2 && args[1]) note(self, args[0]);
  });
  // on<event> properties of elements (a handler set as onmousedown = f).
  for (const proto of [HTMLElement.prototype, SVGElement.prototype]) {
    for (const t in TYPES) {
      const d = getDescriptor(proto, 'on' + t);
      if (!d || !d.set || !d.configurable) continue;
      defineProperty(proto, 'on' + t, {
        get: d.get,
        set: wrap(d.set, (self, args) => {
          if (typeof args[0] === 'function') note(self, t);
        }),
        enumerable: d.enumerable,
        configurable: true,
      });
    }
  }

  // A query at this document hands its noted elements over.
  apply(add, window, [QUERY, (ev) => {
    let doc = null;
    try {
      const t = apply(targetOf, ev, []);
      doc = apply(getDoc, t, []) || t;
    } catch (err) {
      return;
    }
    let missed = false;
    const keep = [];
    for (let i = 0; i < pending.length; i++) {
      const e = apply(deref, pending[i], []);
      if (!e) continue;
      if (!apply(connected, e, []) || apply(getDoc, e, []) !== doc) {
        keep[keep.length] = pending[i];
        continue;
      }
      const a = new EventCtor(ANSWER, answerInit);
      apply(dispatch, e, [a]);
      if (!apply(prevented, a, [])) {
        keep[keep.length] = pending[i];
        missed = true;
      }
    }
    pending = keep;
    if (missed) apply(preventDefault, ev, []);
  }, true]);
})
