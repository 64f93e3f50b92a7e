// listeners.js runs in the page's main world of every document, before the
// page's own scripts (Page.addScriptToEvaluateOnNewDocument), as
// `(<this file>)(secret)`. It notes the elements that page script gives
// listeners for input a user makes (clicks, presses, touches, drags,
// keys), through addEventListener or an on<event> property, so that the
// snapshot can give them refs: an element a library made draggable or
// clickable looks like any other div. An element whose on<event>
// properties are all cleared again, and that got no listener through
// addEventListener, is no longer noted.
//
// It changes nothing the page does: the wrapped functions call the
// originals with the same receiver and arguments and return what they
// return, and a failure to note is swallowed. The page cannot reach what
// it noted: the state lives in this closure, and the walk in
// agentbrowser's isolated world asks for it with events of a type named
// by the secret, which the page does not know. On such a query event at
// a document, each element of that document that is no longer noted gets
// a cancelable event of the revoke type, then each noted element not yet
// handed over one of the answer type; the isolated world's listener (on
// the window, or on the shadow root the element is in) cancels them to
// say it has them. The query itself is cancelled when some connected
// element found no listener, so that the walk asks again once it listens
// on more shadow roots. It also keeps the ElementInternals custom
// elements attach, and on a query hands over the roles and ARIA states
// they hold (see ARIA_PROPS below), which no attribute shows. And it
// tells, on a query, whether the page has asked for an animation frame it
// has not had yet.
(function (secret) {
  'use strict';
  const QUERY = 'ab' + secret + 'q', ANSWER = 'ab' + secret + 'a', REVOKE = 'ab' + secret + 'r';
  const INTERNALS = 'ab' + secret + 'i', FRESH = 'ab' + secret + 'f', FRAME = 'ab' + secret + 'n';
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
  const CustomEventCtor = CustomEvent;
  const wmGet = WeakMap.prototype.get, wmSet = WeakMap.prototype.set;
  const WeakRefCtor = WeakRef, deref = WeakRef.prototype.deref;
  const wsHas = WeakSet.prototype.has, wsAdd = WeakSet.prototype.add, wsDelete = WeakSet.prototype.delete;
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
  // MAX bounds the elements waiting to be handed over or revoked.
  const MAX = 50000;
  // noted: elements with listeners; byListener: those that got one
  // through addEventListener, which stay noted; delivered: those handed
  // over; pending and revoking wait for the next query.
  const noted = new WeakSet(), byListener = new WeakSet(), delivered = new WeakSet();
  let pending = [], revoking = [];

  function push(list, e) {
    if (list.length >= MAX) list = apply(slice, list, [list.length - MAX / 2]);
    list[list.length] = new WeakRefCtor(e);
    return list;
  }
  function isElement(e) {
    try {
      return apply(nodeType, e, []) === 1;
    } catch (err) {
      // Not a node (a window, an XHR).
      return false;
    }
  }

  function note(target, type, listener) {
    if (typeof type !== 'string' || TYPES[type] !== 1 || !isElement(target)) return;
    if (listener) apply(wsAdd, byListener, [target]);
    if (apply(wsHas, noted, [target])) return;
    apply(wsAdd, noted, [target]);
    pending = push(pending, target);
  }
  function revoke(target) {
    if (!apply(wsHas, noted, [target]) || apply(wsHas, byListener, [target])) return;
    apply(wsDelete, noted, [target]);
    if (apply(wsHas, delivered, [target])) revoking = push(revoking, target);
  }

  // wrap returns a function that calls fn as it was called, then after
  // with the receiver and arguments. A proxy keeps fn's name and length,
  // and prints as native. Its handler has no prototype: the proxy looks
  // its traps up there, and must find none the page defined on
  // Object.prototype.
  function wrap(fn, after) {
    const handler = Object.create(null);
    handler.apply = (t, self, args) => {
      const r = apply(t, self, args);
      try {
        after(self, args);
      } catch (err) {
        // Never in the page's way.
      }
      return r;
    };
    return new ProxyCtor(fn, handler);
  }

  ET.addEventListener = wrap(add, (self, args) => {
    if (args.length >= 2 && args[1]) note(self, args[0], true);
  });
  // on<event> properties of elements (a handler set as onmousedown = f,
  // or cleared with null).
  for (const proto of [HTMLElement.prototype, SVGElement.prototype]) {
    const getters = [];
    for (const t in TYPES) {
      const d = getDescriptor(proto, 'on' + t);
      if (d && d.get) getters[getters.length] = d.get;
    }
    const anySet = (e) => {
      for (let i = 0; i < getters.length; i++) {
        if (typeof apply(getters[i], e, []) === 'function') return true;
      }
      return false;
    };
    for (const t in TYPES) {
      const d = getDescriptor(proto, 'on' + t);
      if (!d || !d.set || !d.configurable) continue;
      defineProperty(proto, 'on' + t, {
        get: d.get,
        set: wrap(d.set, (self) => {
          if (!isElement(self)) return;
          if (anySet(self)) note(self, t, false);
          else revoke(self);
        }),
        enumerable: d.enumerable,
        configurable: true,
      });
    }
  }

  // Roles and states a custom element gives itself through its
  // ElementInternals (internals.role = 'checkbox', internals.ariaChecked)
  // show in no attribute, and only the element holds its internals. The
  // record keeps each element's internals as attachInternals hands them
  // out, and on a query hands over the role and ARIA states of those whose
  // values changed since, as text: lines `name=value`, the first the role.
  const ARIA_PROPS = [['role', 'role'], ['ariaLabel', 'aria-label'], ['ariaChecked', 'aria-checked'],
    ['ariaSelected', 'aria-selected'], ['ariaExpanded', 'aria-expanded'], ['ariaPressed', 'aria-pressed'],
    ['ariaDisabled', 'aria-disabled'], ['ariaRequired', 'aria-required'], ['ariaLevel', 'aria-level'],
    ['ariaValueNow', 'aria-valuenow'], ['ariaValueText', 'aria-valuetext'], ['ariaValueMin', 'aria-valuemin'],
    ['ariaValueMax', 'aria-valuemax'], ['ariaOrientation', 'aria-orientation'], ['ariaHidden', 'aria-hidden'],
    ['ariaPlaceholder', 'aria-placeholder'], ['ariaReadOnly', 'aria-readonly'],
    ['ariaMultiSelectable', 'aria-multiselectable'], ['ariaHasPopup', 'aria-haspopup']];
  const propGetters = [];
  const internalsOf = new WeakMap();
  let sentOf = new WeakMap();
  let withInternals = [];
  const HE = HTMLElement.prototype;
  const attach = HE.attachInternals;
  if (typeof ElementInternals === 'function' && typeof attach === 'function') {
    for (const [prop, name] of ARIA_PROPS) {
      const d = getDescriptor(ElementInternals.prototype, prop);
      if (d && d.get) propGetters[propGetters.length] = [d.get, name];
    }
    const handler = Object.create(null);
    handler.apply = (t, self, args) => {
      const r = apply(t, self, args);
      try {
        apply(wmSet, internalsOf, [self, r]);
        if (withInternals.length >= MAX) withInternals = apply(slice, withInternals, [withInternals.length - MAX / 2]);
        withInternals[withInternals.length] = new WeakRefCtor(self);
      } catch (err) {
        // Never in the page's way.
      }
      return r;
    };
    HE.attachInternals = new ProxyCtor(attach, handler);
  }
  // ariaText is the text of e's internals' role and states.
  function ariaText(internals) {
    let s = '';
    for (let i = 0; i < propGetters.length; i++) {
      const v = apply(propGetters[i][0], internals, []);
      if (typeof v === 'string') s += propGetters[i][1] + '=' + v + '\n';
    }
    return s;
  }
  // sendInternals hands over the states of doc's elements with internals
  // that changed since they were last handed over, and tells whether some
  // could not be (no listener where they are yet).
  function sendInternals(doc) {
    let missed = false;
    const keep = [];
    for (let i = 0; i < withInternals.length; i++) {
      const e = apply(deref, withInternals[i], []);
      if (!e) continue;
      keep[keep.length] = withInternals[i];
      if (!here(e, doc)) continue;
      const s = ariaText(apply(wmGet, internalsOf, [e]));
      if (apply(wmGet, sentOf, [e]) === s) continue;
      const init = Object.create(null);
      init.cancelable = true;
      init.bubbles = false;
      init.composed = false;
      init.detail = s;
      const ev = new CustomEventCtor(INTERNALS, init);
      apply(dispatch, e, [ev]);
      if (apply(prevented, ev, [])) apply(wmSet, sentOf, [e, s]);
      else missed = true;
    }
    withInternals = keep;
    return missed;
  }

  // send dispatches an event of type at e and tells whether our listener
  // in the isolated world took it.
  function send(e, type) {
    const ev = new EventCtor(type, answerInit);
    apply(dispatch, e, [ev]);
    return apply(prevented, ev, []);
  }
  // here tells whether e is connected and in doc.
  function here(e, doc) {
    return apply(connected, e, []) && apply(getDoc, e, []) === doc;
  }

  // Whether the page has asked for an animation frame it has not had yet:
  // an input's handler that leaves its work to the next frame (a map that
  // zooms there) makes the action wait for that frame, and one that asked
  // for none need not. A request notes it and asks for one frame of its
  // own after the page's, which clears the note; a query event of the
  // FRAME type at the window is cancelled while it is noted.
  const raf = window.requestAnimationFrame;
  let frameAsked = false;
  const frameSeen = () => { frameAsked = false; };
  if (typeof raf === 'function') {
    window.requestAnimationFrame = wrap(raf, () => {
      if (frameAsked) return;
      frameAsked = true;
      apply(raf, window, [frameSeen]);
    });
  }
  apply(add, window, [FRAME, (ev) => {
    if (frameAsked) apply(preventDefault, ev, []);
  }, true]);

  // Timers an input's handlers queue: a field that searches a pause
  // after the last key (a debounce), a menu that opens a moment after the
  // click. A timer of up to TIMER_MAX ms queued while the page handles a
  // trusted input event is noted until it has run or been cleared; a
  // query event of the TIMERS type at the window is cancelled while one
  // is noted, and one of the FIRED type is dispatched there when the last
  // has gone, so that an action can wait for what such a timer starts (a
  // request to the server) instead of answering before it.
  const TIMERS = 'ab' + secret + 't', FIRED = 'ab' + secret + 'T';
  const TIMER_MAX = 1000;
  const INPUTS = Object.create(null);
  // The pointer's moves count too: a menu opens its submenu a moment after
  // the pointer comes to rest on its item, which a click there is.
  for (const t of ['keydown', 'keyup', 'keypress', 'input', 'beforeinput', 'change', 'click', 'dblclick',
    'mousedown', 'mouseup', 'pointerdown', 'pointerup', 'focusout', 'blur',
    'pointermove', 'mousemove', 'pointerover', 'mouseover', 'pointerenter', 'mouseenter']) INPUTS[t] = 1;
  const eventNow = (getDescriptor(window, 'event') || {}).get;
  const typeOf = getDescriptor(EventCtor.prototype, 'type').get;
  const setTimer = window.setTimeout, clearTimer = window.clearTimeout;
  const mapHas = Map.prototype.has, mapSet = Map.prototype.set, mapDelete = Map.prototype.delete;
  const mapSize = getDescriptor(Map.prototype, 'size').get;
  const timers = new Map();
  const firedInit = Object.create(null);
  firedInit.bubbles = false;
  // inInput: the page is handling a trusted input event now.
  const inInput = () => {
    if (!eventNow) return false;
    const ev = apply(eventNow, window, []);
    return !!ev && ev.isTrusted === true && INPUTS[apply(typeOf, ev, [])] === 1;
  };
  const timerGone = (id) => {
    if (!apply(mapHas, timers, [id])) return;
    apply(mapDelete, timers, [id]);
    if (apply(mapSize, timers, []) === 0) apply(dispatch, window, [new EventCtor(FIRED, firedInit)]);
  };
  if (typeof setTimer === 'function' && eventNow) {
    const th = Object.create(null);
    th.apply = (t, self, args) => {
      let noted = false;
      try {
        const ms = +args[1] || 0;
        noted = typeof args[0] === 'function' && ms > 0 && ms <= TIMER_MAX && inInput();
      } catch (err) {
        noted = false;
      }
      if (!noted) return apply(t, self, args);
      const fn = args[0];
      const call = apply(slice, args, [0]);
      let id = 0;
      call[0] = function () {
        try {
          return apply(fn, this, arguments);
        } finally {
          timerGone(id);
        }
      };
      id = apply(t, self, call);
      apply(mapSet, timers, [id, true]);
      return id;
    };
    window.setTimeout = new ProxyCtor(setTimer, th);
    window.clearTimeout = wrap(clearTimer, (self, args) => timerGone(args[0]));
  }
  apply(add, window, [TIMERS, (ev) => {
    if (apply(mapSize, timers, []) > 0) apply(preventDefault, ev, []);
  }, true]);

  // A world that has not asked at this document before knows no
  // internals: those of every element are handed over again.
  apply(add, window, [FRESH, () => {
    sentOf = new WeakMap();
  }, true]);

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
    let keep = [];
    for (let i = 0; i < revoking.length; i++) {
      const e = apply(deref, revoking[i], []);
      // Gone, or noted again since: nothing to take back.
      if (!e || apply(wsHas, noted, [e])) continue;
      if (!here(e, doc)) {
        keep[keep.length] = revoking[i];
      } else if (send(e, REVOKE)) {
        apply(wsDelete, delivered, [e]);
      } else {
        keep[keep.length] = revoking[i];
        missed = true;
      }
    }
    revoking = keep;
    keep = [];
    for (let i = 0; i < pending.length; i++) {
      const e = apply(deref, pending[i], []);
      // Gone, or no longer noted: nothing to hand over.
      if (!e || !apply(wsHas, noted, [e])) continue;
      if (!here(e, doc)) {
        keep[keep.length] = pending[i];
      } else if (send(e, ANSWER)) {
        apply(wsAdd, delivered, [e]);
      } else {
        keep[keep.length] = pending[i];
        missed = true;
      }
    }
    pending = keep;
    if (sendInternals(doc)) missed = true;
    if (missed) apply(preventDefault, ev, []);
  }, true]);
})
