// Bootstrap 5 (bootstrap.bundle.js): a team settings page with a dropdown
// menu, a modal holding a form, an offcanvas panel, tabs, an accordion,
// toasts, a tooltip and a popover, and forms checked the Bootstrap way
// (was-validated shows each field's invalid-feedback). Its widgets open
// with CSS transitions: the agent acts, then looks once.
import { StepError } from '../agent.mjs';
import { all, outline } from '../snap.mjs';

export const app = 'bootstrap';

const state = '() => JSON.parse(JSON.stringify(window.teamState))';
const ready = (t) => all(t, { role: 'button', name: 'Invite member' }).length > 0;

// lookOnce is the agent's one look after an action: it must show what
// the action did.
async function lookOnce(c, ans, want, what) {
  const tree = await c.look();
  if (!want(tree)) throw new StepError(`right after the action the snapshot does not show ${what}; the action answered: ${ans.text.slice(0, 600)}\nthe snapshot:\n${outline(tree, 80)}`);
  return tree;
}

export const tasks = [
  {
    name: 'bootstrap-invite-modal',
    // "Invite kim@example.com as an Admin."
    async run(c) {
      let tree = await c.open('/bootstrap.html', ready, 'the settings page');
      let ans = await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Invite member' }, 'the Invite member button')));
      tree = await lookOnce(c, ans, (t) => all(t, { role: 'dialog', name: 'Invite a member' }).length > 0, 'the invite dialog');
      const dlg = all(tree, { role: 'dialog', name: 'Invite a member' })[0];
      // First without an address: the form says what is missing.
      ans = await c.act(c.agent.click(c.ref(dlg, { role: 'button', name: 'Send invite' }, 'the Send invite button')));
      tree = await lookOnce(c, ans, (t) => t.source.includes("Enter the new member's email"), 'the missing email\'s message');
      await c.act(c.agent.fill([
        { target: c.ref(tree, { role: 'textbox', name: 'Email address' }, 'the Email address field'), name: 'Email address', value: 'kim@example.com' },
        { target: c.ref(tree, { role: 'combobox', name: 'Role' }, 'the Role select'), name: 'Role', type: 'combobox', value: 'Admin' },
      ]));
      ans = await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Send invite' }, 'the Send invite button')));
      await lookOnce(c, ans, (t) => all(t, { role: 'dialog', name: 'Invite a member' }).length === 0 && t.source.includes('Invitation sent to kim@example.com'), 'the dialog closed and the toast');
      await c.expect('the invites', '() => window.teamState.invites', [{ email: 'kim@example.com', role: 'Admin' }]);
    },
  },
  {
    name: 'bootstrap-profile-validation',
    // "Save the profile with the display name Ann and the email
    // ann@acme.test." The agent tries to save first and reads what the
    // form asks for.
    async run(c) {
      let tree = await c.open('/bootstrap.html', ready, 'the settings page');
      let ans = await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Save profile' }, 'the Save profile button')));
      tree = await lookOnce(c, ans, (t) => t.source.includes('Please enter a display name'), 'the form\'s messages');
      await c.act(c.agent.type(c.ref(tree, { role: 'textbox', name: 'Display name' }, 'the Display name field'), 'Ann'));
      await c.act(c.agent.type(c.ref(tree, { role: 'textbox', name: 'Contact email' }, 'the Contact email field'), 'ann@acme.test'));
      ans = await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Save profile' }, 'the Save profile button')));
      await lookOnce(c, ans, (t) => t.source.includes('Profile saved'), 'the toast');
      await c.expect('the profile', '() => window.teamState.profile', { name: 'Ann', email: 'ann@acme.test' });
    },
  },
  {
    name: 'bootstrap-tabs-accordion',
    // "How do I cancel? It is in the FAQ. Then turn on two-factor sign-in
    // under Security."
    async run(c) {
      let tree = await c.open('/bootstrap.html', ready, 'the settings page');
      let ans = await c.act(c.agent.click(c.ref(tree, { role: 'tab', name: 'FAQ' }, 'the FAQ tab')));
      tree = await lookOnce(c, ans, (t) => all(t, { role: 'button', name: 'How do I cancel?' }).length > 0, 'the FAQ');
      ans = await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'How do I cancel?' }, 'the question')));
      tree = await lookOnce(c, ans, (t) => t.source.includes('Write to support before the 20th'), 'the answer');
      ans = await c.act(c.agent.click(c.ref(tree, { role: 'tab', name: 'Security' }, 'the Security tab')));
      tree = await lookOnce(c, ans, (t) => all(t, { role: 'switch', name: 'Require two-factor sign-in' }).length > 0, 'the Security tab');
      await c.act(c.agent.fill([{ target: c.ref(tree, { role: 'switch', name: 'Require two-factor sign-in' }, 'the switch'), name: 'Require two-factor sign-in', type: 'checkbox', value: 'true' }]));
      await c.expect('the settings', '() => window.teamState.twofa', true);
    },
  },
  {
    name: 'bootstrap-offcanvas-dropdown',
    // "Show archived members and hide guests in the filters, then open
    // Billing from the Account menu."
    async run(c) {
      let tree = await c.open('/bootstrap.html', ready, 'the settings page');
      let ans = await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Filters' }, 'the Filters button')));
      tree = await lookOnce(c, ans, (t) => all(t, { role: 'checkbox', name: 'Show archived members' }).length > 0, 'the filters panel');
      await c.act(c.agent.click(c.ref(tree, { role: 'checkbox', name: 'Show archived members' }, 'the archived checkbox')));
      await c.act(c.agent.click(c.ref(tree, { role: 'checkbox', name: 'Show guests' }, 'the guests checkbox')));
      ans = await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Apply filters' }, 'the Apply filters button')));
      tree = await lookOnce(c, ans, (t) => all(t, { role: 'button', name: 'Apply filters' }).length === 0, 'the panel closed');
      ans = await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Account' }, 'the Account menu')));
      tree = await lookOnce(c, ans, (t) => all(t, { name: 'Billing', role: ['link', 'menuitem'] }).length > 0, 'the menu');
      await c.act(c.agent.click(c.ref(tree, { name: 'Billing', role: ['link', 'menuitem'] }, 'the Billing item')));
      await c.expect('the app', '() => [window.teamState.filters, window.teamState.menu]', [{ archived: true, guests: false }, 'Billing']);
    },
  },
  {
    name: 'bootstrap-tooltip-popover',
    // "What do the seats include? (hover the ?) And when are invoices
    // sent? (the Help button)"
    async run(c) {
      let tree = await c.open('/bootstrap.html', ready, 'the settings page');
      let ans = await c.act(c.agent.hover(c.ref(tree, { role: 'button', name: /^\?|Seats include guests/ }, 'the ? button')));
      tree = await lookOnce(c, ans, (t) => t.source.includes('Seats include guests') && all(t, { role: 'tooltip' }).length > 0, 'the tooltip');
      ans = await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Help' }, 'the Help button')));
      await lookOnce(c, ans, (t) => t.source.includes('Invoices are sent on the first of each month'), 'the popover');
    },
  },
];
