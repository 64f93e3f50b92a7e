// MUI (Material UI 5) on React 18, loaded from its UMD build without a
// bundler. React listens for every event at its root container, not on the
// elements the app gave handlers to; the controls are MUI's: a Select whose
// list opens in a modal popover, an Autocomplete, a checkbox and a switch
// (hidden native inputs under styled spans), a slider whose thumb holds a
// visually hidden range input, a Dialog, Tabs and a table sorted by its
// column headers. The app copies its React state to window.app.
import { all } from '../snap.mjs';

export const app = 'mui';

const ready = (t) => all(t, { role: 'combobox', name: 'Assignee' }).length > 0;

export const tasks = [
  {
    name: 'mui-submit-ticket',
    // "File a ticket 'Printer on fire', priority High, for Grace Hopper,
    // notify the customer, mark it urgent, 8 days of effort, and submit."
    async run(c) {
      let tree = await c.open('/mui.html', ready, 'the ticket form');
      await c.act(c.agent.fill([
        { target: c.ref(tree, { role: 'textbox', name: 'Title' }, 'the Title field'), name: 'Title', type: 'textbox', value: 'Printer on fire' },
        { target: c.ref(tree, { role: 'combobox', name: /^Priority/ }, 'the Priority select'), name: 'Priority', type: 'combobox', value: 'High' },
        { target: c.ref(tree, { role: 'checkbox', name: 'Notify the customer' }, 'the Notify checkbox'), name: 'Notify the customer', type: 'checkbox', value: true },
        { target: c.ref(tree, { role: 'checkbox', name: 'Urgent' }, 'the Urgent switch'), name: 'Urgent', type: 'checkbox', value: true },
        { target: c.ref(tree, { role: 'slider', name: /^Effort/ }, 'the Effort slider'), name: 'Effort', type: 'slider', value: '8' },
      ]));
      // The assignee: type a few letters, pick the person the list offers.
      tree = await c.look();
      await c.act(c.agent.type(c.ref(tree, { role: 'combobox', name: 'Assignee' }, 'the Assignee box'), 'Gra'));
      tree = await c.lookFor((t) => all(t, { role: 'option', name: 'Grace Hopper', ref: true }).length > 0, 'the option Grace Hopper');
      await c.act(c.agent.click(c.ref(tree, { role: 'option', name: 'Grace Hopper' }, 'the option Grace Hopper')));
      await c.expect('the form', '() => window.app.form', { title: 'Printer on fire', priority: 'high', assignee: 'Grace Hopper', notify: true, urgent: true, effort: 8 });
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: /^Submit ticket$/i }, 'the Submit button')));
      tree = await c.lookFor((t) => all(t, { role: 'dialog' }).length > 0, 'the confirmation dialog');
      const dialog = all(tree, { role: 'dialog' })[0];
      await c.act(c.agent.click(c.ref(dialog, { role: 'button', name: /^Confirm$/i }, 'the Confirm button')));
      await c.expect('the submitted ticket', '() => window.app.submitted', { title: 'Printer on fire', priority: 'high', assignee: 'Grace Hopper', notify: true, urgent: true, effort: 8 });
    },
  },
  {
    name: 'mui-sort-orders',
    // "Show the orders with the largest total first." (open the Orders
    // tab, click the Total header until the totals go down the column).
    async run(c) {
      let tree = await c.open('/mui.html', ready, 'the support desk');
      await c.act(c.agent.click(c.ref(tree, { role: 'tab', name: /^Orders$/i }, 'the Orders tab')));
      tree = await c.lookFor((t) => all(t, { role: 'columnheader', name: 'Total' }).length > 0, 'the orders table');
      const totals = (t) => all(t, { role: 'cell', name: /^\$\d+$/ }).map((n) => Number(n.name.slice(1)));
      const descending = (xs) => xs.length > 1 && xs.every((x, i) => i === 0 || xs[i - 1] >= x);
      for (let i = 0; i < 3 && !descending(totals(tree)); i++) {
        const header = all(tree, { role: 'columnheader', name: 'Total' })[0];
        await c.act(c.agent.click(c.ref(header, { role: 'button', name: 'Total' }, 'the Total header')));
        tree = await c.look();
      }
      await c.expect('the table', '() => [window.app.sort, window.app.rows]', [{ orderBy: 'total', order: 'desc' }, ['A-1003', 'A-1005', 'A-1001', 'A-1002', 'A-1004']]);
    },
  },
];
