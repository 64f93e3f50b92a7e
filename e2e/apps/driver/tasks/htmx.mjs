// htmx: a contacts admin page whose every change comes from the server, as
// HTML, 100 to 600 ms after the input (htmx_test.go): click-to-edit rows,
// an active search that asks 500 ms after the last key, Load more, a bulk
// update of the ticked rows, a delete behind a confirm dialog, a new
// contact form validated on blur that redirects when saved, and tabs
// loaded from the server. An agent acts, then looks once: what it reads
// must already show the server's answer. The final check asks the server.
import { StepError } from '../agent.mjs';
import { all, textOf, outline } from '../snap.mjs';

export const app = 'htmx';

// server reads the contacts the server holds for this page's database.
const server = `() => { const x = new XMLHttpRequest(); x.open('GET', '/htmx/state', false); x.send(); return JSON.parse(x.responseText); }`;
const contactOf = (name) => `() => { const x = new XMLHttpRequest(); x.open('GET', '/htmx/state', false); x.send(); const c = JSON.parse(x.responseText).contacts.find((c) => c.name === ${JSON.stringify(name)}); return c ? [c.email, c.status] : null; }`;

const loaded = (t) => t.source.includes('Ann Lee') && all(t, { role: 'tab' }).length === 3;

// row is the table row that shows name.
function row(tree, name) {
  const r = all(tree, { role: 'row' }).find((n) => textOf(n).includes(name));
  if (!r) throw new StepError(`no row for ${name}:\n${outline(tree, 60)}`);
  return r;
}

// lookOnce is the agent's one look after an action: the page must show
// what the action did (want), or the task fails with the action's answer
// and the snapshot.
async function lookOnce(c, ans, want, what) {
  const tree = await c.look();
  if (!want(tree)) throw new StepError(`right after the action the snapshot does not show ${what}; the action answered: ${ans.text.slice(0, 600)}\nthe snapshot:\n${outline(tree, 70)}`);
  return tree;
}

export const tasks = [
  {
    name: 'htmx-edit-row',
    // "Change Ben Ortiz's email to ben@ortiz.dev."
    async run(c) {
      let tree = await c.open('/htmx.html', loaded, 'the contacts');
      let ans = await c.act(c.agent.click(c.ref(row(tree, 'Ben Ortiz'), { role: 'button', name: 'Edit' }, 'the Edit button of Ben Ortiz')));
      const editing = (t) => all(t, { role: 'row' }).find((n) => all(n, { role: 'textbox', name: 'Email' }).length);
      tree = await lookOnce(c, ans, editing, 'the edit form of the row');
      const r = editing(tree);
      await c.act(c.agent.type(c.ref(r, { role: 'textbox', name: 'Email' }, 'the Email field'), 'ben@ortiz.dev', { clear: true }));
      ans = await c.act(c.agent.click(c.ref(r, { role: 'button', name: 'Save' }, 'the Save button')));
      await lookOnce(c, ans, (t) => t.source.includes('ben@ortiz.dev') && !editing(t), 'the saved row');
      await c.expect('the server\'s contact', contactOf('Ben Ortiz'), ['ben@ortiz.dev', 'Active']);
    },
  },
  {
    name: 'htmx-active-search',
    // "What is Iris's email address?" The search asks the server 500 ms
    // after the last key.
    async run(c) {
      let tree = await c.open('/htmx.html', loaded, 'the contacts');
      const ans = await c.act(c.agent.type(c.ref(tree, { role: 'searchbox', name: 'Search contacts' }, 'the search box'), 'iris'));
      tree = await lookOnce(c, ans, (t) => /1 found/.test(t.source), 'the search results');
      const m = tree.source.match(/Iris Wong, ([\w.@-]+)/);
      if (!m || m[1] !== 'iris.wong@example.com') throw new StepError(`the results do not give Iris's email:\n${tree.source}`);
    },
  },
  {
    name: 'htmx-load-more-bulk',
    // "Deactivate Finn Hale and Gina Park." They are on the second page.
    async run(c) {
      let tree = await c.open('/htmx.html', loaded, 'the contacts');
      let ans = await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Load more' }, 'the Load more button')));
      tree = await lookOnce(c, ans, (t) => t.source.includes('Finn Hale') && t.source.includes('Gina Park'), 'the second page of contacts');
      for (const n of ['Finn Hale', 'Gina Park']) {
        await c.act(c.agent.click(c.ref(tree, { role: 'checkbox', name: `Select ${n}` }, `the checkbox of ${n}`)));
      }
      const finn = c.ref(tree, { role: 'checkbox', name: 'Select Finn Hale' }, 'the checkbox of Finn Hale');
      ans = await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Deactivate selected' }, 'the Deactivate selected button')));
      await lookOnce(c, ans, (t) => /Set 2 contacts to Inactive/.test(t.source), 'the server\'s confirmation');
      if (c.agent.kind === 'agentbrowser') {
        // The server's answer replaced the rows: a ref from before must
        // fail as stale, never reach another element.
        const stale = await c.agent.click(finn);
        if (stale.ok || stale.code !== 'stale_ref') throw new StepError(`a click on the replaced row's checkbox answered ${stale.ok ? 'ok' : stale.code}: ${stale.text.slice(0, 400)}`);
      }
      await c.expect('the server\'s contacts', `() => [(${contactOf('Finn Hale')})()[1], (${contactOf('Gina Park')})()[1], (${contactOf('Eve Stone')})()[1]]`, ['Inactive', 'Inactive', 'Active']);
    },
  },
  {
    name: 'htmx-delete-confirm',
    // "Delete Carl Diaz." The page asks first, in a confirm dialog.
    async run(c) {
      let tree = await c.open('/htmx.html', loaded, 'the contacts');
      const ans = await c.act(c.agent.click(c.ref(row(tree, 'Carl Diaz'), { role: 'button', name: 'Delete' }, 'the Delete button of Carl Diaz')));
      if (!/Delete Carl Diaz\?/.test(ans.text)) throw new StepError(`the click's answer does not show the confirm dialog: ${ans.text.slice(0, 600)}`);
      const yes = await c.act(c.agent.dialog(true));
      await lookOnce(c, yes, (t) => !t.source.includes('Carl Diaz') && t.source.includes('Dana Fox'), 'the row gone');
      await c.expect('the server\'s contacts', `() => (${server})().contacts.length`, 11);
    },
  },
  {
    name: 'htmx-new-contact',
    // "Add Mia Ruiz with the email ann.lee@example.com; if the address is
    // taken, use mia.ruiz@example.com." The email is checked on blur; the
    // saved contact's page opens.
    async run(c) {
      let tree = await c.open('/htmx.html', loaded, 'the contacts');
      await c.act(c.agent.type(c.ref(tree, { role: 'textbox', name: 'Name' }, 'the Name field'), 'Mia Ruiz'));
      await c.act(c.agent.type(c.ref(tree, { role: 'textbox', name: 'Email' }, 'the Email field'), 'ann.lee@example.com'));
      // Leaving the field checks it.
      let ans = await c.act(c.agent.press('Tab'));
      tree = await lookOnce(c, ans, (t) => /already taken/.test(t.source), 'the email\'s error');
      await c.act(c.agent.type(c.ref(tree, { role: 'textbox', name: 'Email' }, 'the Email field'), 'mia.ruiz@example.com', { clear: true }));
      ans = await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Add contact' }, 'the Add contact button')));
      await lookOnce(c, ans, (t) => all(t, { role: 'heading', name: 'Mia Ruiz' }).length > 0, 'the new contact\'s page');
      await c.expect('the server\'s contact', contactOf('Mia Ruiz'), ['mia.ruiz@example.com', 'Active']);
    },
  },
  {
    name: 'htmx-tabs',
    // "What is the next invoice? It is on the Billing tab."
    async run(c) {
      let tree = await c.open('/htmx.html', loaded, 'the contacts');
      const ans = await c.act(c.agent.click(c.ref(tree, { role: 'tab', name: 'Billing' }, 'the Billing tab')));
      tree = await lookOnce(c, ans, (t) => /INV-2042/.test(t.source), 'the Billing tab');
      if (!all(tree, { role: 'tab', name: 'Billing', attr: 'selected' }).length) throw new StepError(`the Billing tab is not selected:\n${outline(tree, 60)}`);
      await c.expect('the server\'s open tab', `() => (${server})().tab`, 'Billing');
    },
  },
];
