// Material Web 2 (lit): every control renders inside a shadow root; the
// tabs take their roles from ElementInternals (no attribute shows them);
// the checkbox and switch are named by the <label> that wraps their host;
// the select is a custom listbox and the confirmation is an md-dialog.
// Loaded as ES modules from node_modules through an import map.
export const app = 'material';

const ready = (t, c) => c.all(t, { role: 'button', name: 'Save settings' }).length > 0;

export const tasks = [
  {
    name: 'material-save-settings',
    // "Set the display name to Grace Hopper, the language to French, turn
    // on the weekly digest and the public profile, and save."
    async run(c) {
      let tree = await c.open('/material.html', (t) => ready(t, c), 'the settings form');
      const field = (role, name, what) => c.ref(tree, { role, name }, what);
      await c.act(c.agent.fill([
        { target: field('textbox', 'Display name', 'the Display name field'), name: 'Display name', type: 'textbox', value: 'Grace Hopper' },
        { target: field('combobox', /^Language/, 'the Language select'), name: 'Language', type: 'combobox', value: 'French' },
        { target: field('checkbox', 'Weekly digest email', 'the digest checkbox'), name: 'Weekly digest email', type: 'checkbox', value: 'true' },
        { target: field('switch', 'Public profile', 'the Public profile switch'), name: 'Public profile', type: 'switch', value: 'true' },
      ]));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Save settings' }, 'the Save settings button')));
      await c.expect('the settings the app saved',
        "() => { const q = (s) => document.querySelector(s); return { saved: window.saved || null, display: q('md-filled-text-field').value, language: q('md-outlined-select').value, digest: q('md-checkbox').checked, public: q('md-switch').selected }; }",
        { saved: { display: 'Grace Hopper', bio: '', language: 'fr', digest: 'on', public: 'on', size: '14' }, display: 'Grace Hopper', language: 'fr', digest: true, public: true });
    },
  },
  {
    name: 'material-pick-language',
    // "Change the language to Japanese" (open the select, pick the option).
    async run(c) {
      let tree = await c.open('/material.html', (t) => c.all(t, { role: 'combobox', name: /^Language/ }).length > 0, 'the Language select');
      await c.act(c.agent.click(c.ref(tree, { role: 'combobox', name: /^Language/ }, 'the Language select')));
      tree = await c.lookFor((t) => c.all(t, { role: 'option', name: /Japanese/ }).length > 0, 'the language options');
      await c.act(c.agent.click(c.ref(tree, { role: 'option', name: /Japanese/ }, 'the option Japanese')));
      await c.expect('the Language select', "() => document.querySelector('md-outlined-select').value", 'ja');
    },
  },
  {
    name: 'material-open-tab',
    // "Go to the Privacy section."
    async run(c) {
      const tree = await c.open('/material.html', (t) => c.all(t, { role: 'tab', name: 'Privacy' }).length > 0, 'the Privacy tab');
      await c.act(c.agent.click(c.ref(tree, { role: 'tab', name: 'Privacy' }, 'the Privacy tab')));
      await c.expect('the tabs', "() => { const t = document.querySelector('md-tabs'); return { index: t.activeTabIndex, active: t.activeTab.id }; }", { index: 2, active: 'tab-privacy' });
    },
  },
  {
    name: 'material-confirm-dialog',
    // "Delete the account, giving 'Moving abroad' as the reason."
    async run(c) {
      let tree = await c.open('/material.html', (t) => c.all(t, { role: 'button', name: 'Delete account' }).length > 0, 'the Delete account button');
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Delete account' }, 'the Delete account button')));
      tree = await c.lookFor((t) => c.all(t, { role: 'dialog' }).some((d) => c.all(d, { role: 'textbox', name: 'Reason for leaving' }).length > 0), 'the confirmation dialog');
      const dialog = c.all(tree, { role: 'dialog' }).find((d) => c.all(d, { role: 'textbox', name: 'Reason for leaving' }).length > 0);
      await c.act(c.agent.type(c.ref(dialog, { role: 'textbox', name: 'Reason for leaving' }, 'the Reason field'), 'Moving abroad'));
      tree = await c.look();
      const again = c.all(tree, { role: 'dialog' })[0] || tree;
      await c.act(c.agent.click(c.ref(again, { role: 'button', name: 'Delete' }, 'the Delete button of the dialog')));
      await c.expect('the dialog', "() => window.deletion || null", { action: 'delete', reason: 'Moving abroad' });
    },
  },
];
