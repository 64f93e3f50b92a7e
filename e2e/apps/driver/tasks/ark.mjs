// A workspace settings page built on Ark UI (bundled from @ark-ui/react by
// driver/build.mjs, see testdata/ark.jsx): zag.js state machines that drive
// themselves by pointer events. Its Select is a button over a hidden
// native select with a positioned list; the Combobox filters as one types;
// the DatePicker reads a typed date; the TagsInput adds a tag on Enter;
// the Editable shows a preview until clicked; the FileUpload's button opens
// the chooser of a hidden file input; the PinInput is one input per digit;
// the RatingGroup is a radio group of stars; the Splitter's handle is a
// focusable separator; the Menu nests a menu; the Dialog's action raises a
// Toast. The app copies its React state to window.app.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StepError } from '../agent.mjs';
import { all, textOf, outline } from '../snap.mjs';

export const app = 'ark';

const ready = (t) => all(t, { role: 'tab', name: 'Profile' }).length > 0 && all(t, { role: 'button', name: /^Actions/ }).length > 0;
// tab opens the page and then its tab name, and waits until shown.
const tab = async (c, name, shown, what) => {
  const tree = await c.open('/ark.html', ready, 'the workspace page');
  await c.act(c.agent.click(c.ref(tree, { role: 'tab', name }, `the ${name} tab`)));
  return c.lookFor(shown, what);
};

export const tasks = [
  {
    name: 'ark-role-calendar',
    // "Make me an Admin, starting on the 15th of this month." (the Role
    // select: a trigger and a positioned list; the date picked in the
    // calendar's grid)
    async run(c) {
      let tree = await c.open('/ark.html', ready, 'the workspace page');
      await c.act(c.agent.click(c.ref(tree, { role: 'combobox', name: /Role/ }, 'the Role select')));
      tree = await c.lookFor((t) => all(t, { role: 'option', name: 'Admin', ref: true }).length > 0, 'the option Admin');
      await c.act(c.agent.click(c.ref(tree, { role: 'option', name: 'Admin' }, 'the option Admin')));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Open calendar' }, 'the calendar button')));
      tree = await c.lookFor((t) => all(t, { role: 'grid' }).length > 0, 'the calendar');
      const grid = all(tree, { role: 'grid' })[0];
      const day = all(grid, {}).find((n) => n.ref && (n.name === '15' || /\b15\b/.test(n.name) || textOf(n).trim() === '15'));
      if (!day) throw new StepError(`no 15th in the calendar:\n${outline(grid, 60)}`);
      await c.act(c.agent.click(day.ref));
      const d = new Date();
      await c.expect('the profile', '() => [window.app.role, window.app.start]', ['Admin', `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-15`]);
    },
  },
  {
    name: 'ark-profile-fill',
    // "Country Germany, start date March 15, 2026, role Editor." (a form
    // filled at once: a filtering combobox, a typed date, a select)
    async run(c) {
      const tree = await c.open('/ark.html', ready, 'the workspace page');
      await c.act(c.agent.fill([
        { target: c.ref(tree, { role: 'combobox', name: /Country/ }, 'the Country field'), name: 'Country', type: 'combobox', value: 'Germany' },
        { target: c.ref(tree, { name: /Start date/, role: /textbox|combobox/ }, 'the Start date field'), name: 'Start date', type: 'textbox', value: '03/15/2026' },
        { target: c.ref(tree, { role: 'combobox', name: /Role/ }, 'the Role select'), name: 'Role', type: 'combobox', value: 'Editor' },
      ]));
      await c.expect('the profile', '() => [window.app.country, window.app.start, window.app.role]', ['Germany', '2026-03-15', 'Editor']);
    },
  },
  {
    name: 'ark-name-skills',
    // "Rename me to Grace Hopper, add TypeScript to my skills and drop CSS."
    async run(c) {
      let tree = await c.open('/ark.html', ready, 'the workspace page');
      await c.act(c.agent.click(c.target(tree, 'Ada Lovelace', 'the display name')));
      tree = await c.lookFor((t) => all(t, { role: 'textbox', name: /Display name/ }).length > 0, 'the name field');
      await c.act(c.agent.type(c.ref(tree, { role: 'textbox', name: /Display name/ }, 'the name field'), 'Grace Hopper', { clear: true, submit: true, focused: true }));
      tree = await c.look();
      await c.act(c.agent.type(c.ref(tree, { role: 'textbox', name: /Skills|Add a skill/ }, 'the Skills field'), 'TypeScript', { submit: true }));
      tree = await c.lookFor((t) => t.source.includes('TypeScript'), 'the new tag');
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: /CSS/ }, 'the delete button of the CSS tag')));
      await c.expect('the profile', '() => [window.app.name, window.app.skills]', ['Grace Hopper', ['React', 'TypeScript']]);
    },
  },
  {
    name: 'ark-avatar-upload',
    // "Upload avatar.txt as my avatar." (the Choose file button of a
    // dropzone; the file input is hidden)
    async run(c) {
      const file = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'testdata', 'avatar.txt');
      let tree = await c.open('/ark.html', ready, 'the workspace page');
      await c.act(c.agent.upload(c.ref(tree, { role: 'button', name: 'Choose file' }, 'the Choose file button'), [file]));
      tree = await c.lookFor((t) => t.source.includes('avatar.txt'), 'the uploaded file');
      await c.expect('the avatar', '() => window.app.files', ['avatar.txt']);
    },
  },
  {
    name: 'ark-preferences',
    // "Dark mode on, weekly digest, Pro plan, roomy density, 5 seats."
    async run(c) {
      const tree = await tab(c, 'Preferences', (t) => all(t, { role: 'spinbutton' }).length > 0, 'the preferences');
      await c.act(c.agent.fill([
        { target: c.ref(tree, { role: /switch|checkbox/, name: /Dark mode/ }, 'the Dark mode switch'), name: 'Dark mode', type: 'checkbox', value: true },
        { target: c.ref(tree, { role: 'checkbox', name: /Weekly digest/ }, 'the Weekly digest checkbox'), name: 'Weekly digest', type: 'checkbox', value: true },
        { target: c.ref(tree, { role: 'radio', name: 'Pro' }, 'the Pro radio'), name: 'Pro', type: 'radio', value: true },
        { target: c.ref(tree, { role: 'radio', name: 'Roomy' }, 'the Roomy segment'), name: 'Roomy', type: 'radio', value: true },
        { target: c.ref(tree, { role: 'spinbutton', name: /Seats/ }, 'the Seats field'), name: 'Seats', type: 'spinbutton', value: '5' },
      ]));
      await c.expect('the preferences', '() => { const p = window.app.prefs; return [p.dark, p.digest, p.plan, p.density, p.seats]; }', [true, true, 'Pro', 'Roomy', 5]);
    },
  },
  {
    name: 'ark-rating-sliders',
    // "Rate the workspace 4 stars, volume 70, prices up to 500, and one
    // more seat." (the stars are radios; the seats' + button)
    async run(c) {
      let tree = await tab(c, 'Preferences', (t) => all(t, { role: 'slider' }).length > 0, 'the preferences');
      const stars = all(tree, { role: 'radio' }).filter((n) => /star/i.test(n.name));
      if (stars.length !== 5) throw new Error(`the rating shows ${stars.length} stars: ${stars.map((s) => s.line).join(' | ')}`);
      await c.act(c.agent.click(stars[3].ref));
      tree = await c.look();
      await c.act(c.agent.fill([
        { target: c.ref(tree, { role: 'slider', name: /Volume/ }, 'the Volume slider'), name: 'Volume', type: 'slider', value: '70' },
        { target: c.ref(tree, { role: 'slider', name: /Maximum price|Price range/ }, 'the maximum price', { index: -1 }), name: 'Maximum price', type: 'slider', value: '500' },
      ]));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: /increment|increase/i }, 'the + button of Seats')));
      await c.expect('the preferences', '() => { const p = window.app.prefs; return [p.rating, p.volume, p.price, p.seats]; }', [4, 70, [200, 500], 4]);
    },
  },
  {
    name: 'ark-pin-code',
    // "Enter the code 428613 and verify." (one input per digit: the agent
    // types the code into the first)
    async run(c) {
      let tree = await tab(c, 'Security', (t) => all(t, { role: 'button', name: 'Verify' }).length > 0, 'the security tab');
      const first = all(tree, { role: 'textbox' }).find((n) => n.ref && /code|pin|1/i.test(n.name));
      await c.act(c.agent.type(first ? first.ref : c.ref(tree, { role: 'textbox' }, 'the first code field'), '428613'));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Verify' }, 'the Verify button')));
      await c.expect('the verification', '() => [window.app.code, window.app.verified]', ['428613', '428613']);
    },
  },
  {
    name: 'ark-menu-nested',
    // "Move the workspace to Engineering." (Actions menu, Move to submenu)
    async run(c) {
      let tree = await c.open('/ark.html', ready, 'the workspace page');
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: /^Actions/ }, 'the Actions button')));
      tree = await c.lookFor((t) => all(t, { role: 'menuitem', name: /^Move to/ }).length > 0, 'the Actions menu');
      await c.act(c.agent.click(c.ref(tree, { role: 'menuitem', name: /^Move to/ }, 'Move to')));
      tree = await c.lookFor((t) => all(t, { role: 'menuitem', name: 'Engineering' }).length > 0, 'the Move to submenu');
      await c.act(c.agent.click(c.ref(tree, { role: 'menuitem', name: 'Engineering' }, 'Engineering')));
      await c.expect('the actions', '() => window.app.actions', ['move:Engineering']);
    },
  },
  {
    name: 'ark-invite-toast',
    // "Invite grace@example.com, and open the FAQ on sessions." (a dialog;
    // a toast says it was sent; an accordion on the Security tab)
    async run(c) {
      let tree = await c.open('/ark.html', ready, 'the workspace page');
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Invite member' }, 'the Invite member button')));
      tree = await c.lookFor((t) => all(t, { role: 'dialog' }).length > 0, 'the invite dialog');
      const dialog = all(tree, { role: 'dialog' })[0];
      await c.act(c.agent.type(c.ref(dialog, { role: 'textbox', name: /Email/ }, 'the email field'), 'grace@example.com'));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Send invitation' }, 'the Send button')));
      tree = await c.lookFor((t) => t.source.includes('Invitation sent to grace@example.com') && !all(t, { role: 'dialog' }).length, 'the toast');
      await c.act(c.agent.click(c.ref(tree, { role: 'tab', name: 'Security' }, 'the Security tab')));
      tree = await c.lookFor((t) => all(t, { role: 'button', name: /Where am I signed in/ }).length > 0, 'the security tab');
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: /Where am I signed in/ }, 'the sessions question')));
      tree = await c.lookFor((t) => t.source.includes('On this device only'), 'the answer');
      await c.expect('the app', '() => [window.app.invites, window.app.faq]', [['grace@example.com'], ['sessions']]);
    },
  },
  {
    name: 'ark-splitter',
    // "Make the files panel 30% wide." (the handle between the panels is a
    // separator with a value)
    async run(c) {
      const tree = await c.open('/ark.html', ready, 'the workspace page');
      await c.act(c.agent.fill([{ target: c.ref(tree, { role: 'separator', name: /Resize/ }, 'the resize handle'), name: 'Resize the files panel', type: 'slider', value: '30' }]));
      await c.expect('the layout', '() => window.app.sizes', [30, 70]);
    },
  },
];
