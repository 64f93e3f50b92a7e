// Fluent UI web components 3 (FAST): the controls are custom elements
// whose roles and states (checkbox, switch, radio, aria-checked) live in
// ElementInternals (the slider's value too), named by labels slotted into
// a field; the dropdown is
// a combobox slotted into its host, the label's control, and opens a
// popover listbox of options. Loaded as ES modules from node_modules
// through an import map.
export const app = 'fluent';

export const tasks = [
  {
    name: 'fluent-save-preferences',
    // "Send weekly summaries to kim@example.com by SMS, mentions only, at
    // alert volume 30, and save."
    async run(c) {
      let tree = await c.open('/fluent.html', (t) => c.all(t, { role: 'button', name: 'Save preferences' }).length > 0, 'the preferences form');
      await c.act(c.agent.type(c.ref(tree, { role: 'textbox', name: 'Email address' }, 'the Email address field'), 'kim@example.com'));
      await c.act(c.agent.fill([
        { target: c.ref(tree, { role: 'combobox', name: 'Frequency' }, 'the Frequency dropdown'), name: 'Frequency', type: 'combobox', value: 'Weekly summary' },
        { target: c.ref(tree, { role: 'checkbox', name: 'Mentions only' }, 'the Mentions only checkbox'), name: 'Mentions only', type: 'checkbox', value: 'true' },
        { target: c.ref(tree, { role: 'slider', name: 'Alert volume' }, 'the Alert volume slider'), name: 'Alert volume', type: 'slider', value: '30' },
      ]));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'radio', name: 'SMS' }, 'the SMS radio')));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Save preferences' }, 'the Save preferences button')));
      await c.expect('the preferences the app saved',
        "() => { const q = (s) => document.querySelector(s); return { saved: window.saved || null, mentions: q('fluent-checkbox').checked, paused: q('fluent-switch').checked, channel: q('fluent-radio-group').value, frequency: q('fluent-dropdown').value, volume: q('fluent-slider').value }; }",
        { saved: { email: 'kim@example.com', frequency: 'weekly', mentions: 'on', volume: '30', channel: 'sms' }, mentions: true, paused: false, channel: 'sms', frequency: 'weekly', volume: '30' });
    },
  },
];
