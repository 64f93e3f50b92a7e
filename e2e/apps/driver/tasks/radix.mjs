// An admin page built as shadcn/ui builds one: Radix UI primitives
// (bundled from radix-ui by driver/build.mjs, see testdata/radix.jsx).
// Radix menus open on pointerdown and pick on pointerup; while a modal
// menu, select or dialog is open the body takes no pointer input and
// everything outside is aria-hidden; its Select is a button whose list is
// a portal; the Slider drags on pointer events on its track; the Switch
// and Checkbox are buttons with a role. The app copies its React state to
// window.app.
import { StepError } from '../agent.mjs';
import { all, textOf, outline } from '../snap.mjs';

export const app = 'radix';

const ready = (t) => all(t, { role: 'button', name: 'Settings' }).length > 0 && all(t, { role: 'row' }).length > 2;

// rowMenu is the ref of the row menu's button in the row that names who.
function rowMenu(c, tree, who) {
  const row = all(tree, { role: 'row' }).find((r) => textOf(r).includes(who));
  if (!row) throw new StepError(`no row for ${who}:\n${outline(tree, 40)}`);
  return c.ref(row, { role: 'button' }, `the menu button of ${who}'s row`);
}

export const tasks = [
  {
    name: 'radix-settings-theme',
    // "Open the Settings, set the theme to Dark, turn on email
    // notifications and save."
    async run(c) {
      let tree = await c.open('/radix.html', ready, 'the team page');
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Settings' }, 'the Settings button')));
      tree = await c.lookFor((t) => all(t, { role: 'dialog' }).length > 0, 'the settings dialog');
      await c.act(c.agent.click(c.ref(tree, { role: 'combobox', name: 'Theme' }, 'the Theme select')));
      tree = await c.lookFor((t) => all(t, { role: 'option', name: 'Dark', ref: true }).length > 0, 'the option Dark');
      await c.act(c.agent.click(c.ref(tree, { role: 'option', name: 'Dark' }, 'the option Dark')));
      tree = await c.lookFor((t) => all(t, { role: 'switch', name: 'Email notifications' }).length > 0, 'the dialog again');
      await c.act(c.agent.fill([{ target: c.ref(tree, { role: 'switch', name: 'Email notifications' }, 'the Email notifications switch'), name: 'Email notifications', type: 'checkbox', value: true }]));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Save changes' }, 'the Save button')));
      await c.expect('the settings', '() => [window.app.settings, window.app.draft.open]', [{ theme: 'dark', emails: true, workspace: 'Acme' }, false]);
    },
  },
  {
    name: 'radix-settings-fill',
    // "Rename the workspace to Globex, theme System, and save." (a form
    // filled at once: the Select picked by its option's text)
    async run(c) {
      let tree = await c.open('/radix.html', ready, 'the team page');
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Settings' }, 'the Settings button')));
      tree = await c.lookFor((t) => all(t, { role: 'dialog' }).length > 0, 'the settings dialog');
      await c.act(c.agent.fill([
        { target: c.ref(tree, { role: 'textbox', name: 'Workspace name' }, 'the name field'), name: 'Workspace name', type: 'textbox', value: 'Globex' },
        { target: c.ref(tree, { role: 'combobox', name: 'Theme' }, 'the Theme select'), name: 'Theme', type: 'combobox', value: 'System' },
      ]));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Save changes' }, 'the Save button')));
      await c.expect('the settings', '() => window.app.settings', { theme: 'system', emails: false, workspace: 'Globex' });
    },
  },
  {
    name: 'radix-archive-row',
    // "Archive the second member from their row menu, and confirm."
    async run(c) {
      let tree = await c.open('/radix.html', ready, 'the team page');
      const second = all(tree, { role: 'row' }).filter((r) => all(r, { role: 'cell' }).length > 0)[1];
      const who = all(second, { role: 'cell' })[0].name;
      await c.act(c.agent.click(rowMenu(c, tree, who)));
      tree = await c.lookFor((t) => all(t, { role: 'menuitem', name: 'Archive' }).length > 0, 'the row menu');
      await c.act(c.agent.click(c.ref(tree, { role: 'menuitem', name: 'Archive' }, 'Archive in the menu')));
      tree = await c.lookFor((t) => all(t, { role: 'alertdialog' }).length > 0, 'the confirmation');
      const dialog = all(tree, { role: 'alertdialog' })[0];
      await c.act(c.agent.click(c.ref(dialog, { role: 'button', name: 'Archive' }, 'the Archive button of the confirmation')));
      await c.expect('the members', '() => [window.app.archived, window.app.rows.length]', [[who], 3]);
    },
  },
  {
    name: 'radix-move-submenu',
    // "Move William Kim to the Support team." (row menu, Move to team
    // submenu)
    async run(c) {
      let tree = await c.open('/radix.html', ready, 'the team page');
      await c.act(c.agent.click(rowMenu(c, tree, 'William Kim')));
      tree = await c.lookFor((t) => all(t, { role: 'menuitem', name: /^Move to team/ }).length > 0, 'the row menu');
      await c.act(c.agent.click(c.ref(tree, { role: 'menuitem', name: /^Move to team/ }, 'Move to team')));
      tree = await c.lookFor((t) => all(t, { role: 'menuitem', name: 'Support' }).length > 0, 'the teams submenu');
      await c.act(c.agent.click(c.ref(tree, { role: 'menuitem', name: 'Support' }, 'Support in the submenu')));
      await c.expect('the members', '() => window.app.rows', ['Isabella Nguyen/Sales', 'Jackson Lee/Engineering', 'Olivia Martin/Design', 'William Kim/Support']);
    },
  },
  {
    name: 'radix-view-menu',
    // "Hide the Email column and sort the members by team." (View menu:
    // a checkbox item, then the Sort by submenu)
    async run(c) {
      let tree = await c.open('/radix.html', ready, 'the team page');
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: /^View/ }, 'the View button')));
      tree = await c.lookFor((t) => all(t, { role: 'menuitemcheckbox', name: /Email/ }).length > 0, 'the View menu');
      await c.act(c.agent.click(c.ref(tree, { role: 'menuitemcheckbox', name: /Email/ }, 'the Email item')));
      tree = await c.look();
      if (!all(tree, { role: 'menuitem', name: /^Sort by/ }).length) {
        // The menu closed on the pick: open it again.
        await c.act(c.agent.click(c.ref(tree, { role: 'button', name: /^View/ }, 'the View button')));
        tree = await c.lookFor((t) => all(t, { role: 'menuitem', name: /^Sort by/ }).length > 0, 'the View menu');
      }
      await c.act(c.agent.click(c.ref(tree, { role: 'menuitem', name: /^Sort by/ }, 'Sort by')));
      tree = await c.lookFor((t) => all(t, { role: 'menuitemradio', name: /Team/ }).length > 0, 'the Sort by submenu');
      await c.act(c.agent.click(c.ref(tree, { role: 'menuitemradio', name: /Team/ }, 'Team in Sort by')));
      await c.expect('the table', '() => [window.app.columns, window.app.sort, window.app.rows[0]]', [{ Email: false, Team: true }, 'Team', 'Olivia Martin/Design']);
    },
  },
  {
    name: 'radix-preferences',
    // "In the Notifications preferences: weekly digest, security alerts
    // on, volume 70."
    async run(c) {
      let tree = await c.open('/radix.html', ready, 'the team page');
      await c.act(c.agent.click(c.ref(tree, { role: 'tab', name: 'Notifications' }, 'the Notifications tab')));
      tree = await c.lookFor((t) => all(t, { role: 'slider' }).length > 0, 'the Notifications tab');
      await c.act(c.agent.fill([
        { target: c.ref(tree, { role: 'radio', name: 'Weekly' }, 'the Weekly radio'), name: 'Weekly', type: 'radio', value: true },
        { target: c.ref(tree, { role: 'checkbox', name: 'Security alerts' }, 'the Security alerts checkbox'), name: 'Security alerts', type: 'checkbox', value: true },
        { target: c.ref(tree, { role: 'slider', name: 'Volume' }, 'the Volume slider'), name: 'Volume', type: 'slider', value: '70' },
      ]));
      await c.expect('the preferences', '() => window.app.prefs', { digest: 'weekly', security: true, volume: 70, signedOutOthers: false });
    },
  },
  {
    name: 'radix-accordion',
    // "Sign out my other sessions." (Account tab, Danger zone section)
    async run(c) {
      let tree = await c.open('/radix.html', ready, 'the team page');
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Danger zone' }, 'the Danger zone section')));
      tree = await c.lookFor((t) => all(t, { role: 'button', name: 'Sign out other sessions' }).length > 0, 'the Danger zone section open');
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Sign out other sessions' }, 'the sign-out button')));
      await c.expect('the preferences', '() => window.app.prefs.signedOutOthers', true);
    },
  },
  {
    name: 'radix-share-toast',
    // "Copy the share link." (Share popover; the toast says it worked)
    async run(c) {
      let tree = await c.open('/radix.html', ready, 'the team page');
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Share' }, 'the Share button')));
      tree = await c.lookFor((t) => all(t, { role: 'button', name: 'Copy link' }).length > 0, 'the Share popover');
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Copy link' }, 'the Copy link button')));
      tree = await c.lookFor((t) => t.source.includes('Link copied'), 'the toast');
      await c.expect('the toasts', '() => window.app.toasts', ['Link copied']);
    },
  },
  {
    name: 'radix-tooltip',
    // "What does the help button say?" (its tooltip shows on hover)
    async run(c) {
      let tree = await c.open('/radix.html', ready, 'the team page');
      await c.act(c.agent.hover(c.ref(tree, { role: 'button', name: 'Help' }, 'the Help button')));
      tree = await c.lookFor((t) => all(t, { role: 'tooltip' }).length > 0, 'the tooltip');
      const tip = all(tree, { role: 'tooltip' })[0];
      if (!/Press \? for shortcuts/.test(textOf(tip))) throw new StepError(`the tooltip says "${textOf(tip)}"`);
      await c.expect('the tooltip open', '() => !!document.querySelector("[data-state$=open][data-side]")', true);
    },
  },
  {
    name: 'radix-select-option',
    // "Switch the workspace to the dark theme." (the agent reaches for
    // select_option on the Theme select, as on a <select>)
    async run(c) {
      let tree = await c.open('/radix.html', ready, 'the team page');
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Settings' }, 'the Settings button')));
      tree = await c.lookFor((t) => all(t, { role: 'combobox', name: 'Theme' }).length > 0, 'the settings dialog');
      await c.act(c.agent.select(c.ref(tree, { role: 'combobox', name: 'Theme' }, 'the Theme select'), ['Dark']));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Save changes' }, 'the Save button')));
      await c.expect('the settings', '() => window.app.settings.theme', 'dark');
    },
  },
];
