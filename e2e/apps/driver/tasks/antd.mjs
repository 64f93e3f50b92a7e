// Ant Design 5 on React 18, loaded from its UMD build without a bundler.
// React listens for every event at its root container; Ant Design's
// pickers draw their lists in popups at the end of the body: a searchable
// Select, a DatePicker (a text field and a calendar), an InputNumber, a
// Cascader (columns of menus, one per level), a Modal, Tabs, and a table
// sorted by clicking a column's header and split into pages. The app
// copies its React state to window.app.
import { all } from '../snap.mjs';

export const app = 'antd';

const ready = (t) => all(t, { role: 'combobox', name: 'Destination' }).length > 0;

export const tasks = [
  {
    name: 'antd-book-trip',
    // "Book a trip to Lisbon on 25 December 2026 for 3, picked up at
    // Lisbon Airport (Europe, Portugal)."
    async run(c) {
      let tree = await c.open('/antd.html', ready, 'the booking form');
      await c.act(c.agent.fill([
        { target: c.ref(tree, { role: 'combobox', name: 'Destination' }, 'the Destination select'), name: 'Destination', type: 'combobox', value: 'Lisbon' },
        { target: c.ref(tree, { role: 'textbox', name: 'Departure' }, 'the Departure field'), name: 'Departure', type: 'textbox', value: '2026-12-25' },
      ]));
      // The date field takes the typed date on Enter, which closes the
      // calendar it opened over the fields below.
      await c.act(c.agent.press('Enter'));
      tree = await c.look();
      await c.act(c.agent.fill([{ target: c.ref(tree, { role: 'spinbutton', name: 'Travellers' }, 'the Travellers field'), name: 'Travellers', type: 'spinbutton', value: '3' }]));
      // The pickup point: open the cascader, pick a level at a time.
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'combobox', name: 'Pickup point' }, 'the Pickup point box')));
      // Each level's item is named by its label (and the arrow icon that
      // says it opens the next level).
      for (const level of ['Europe', 'Portugal', 'Lisbon Airport']) {
        const item = (t) => all(t, { role: /^menuitem/, name: new RegExp(`^${level}( right)?$`) });
        tree = await c.lookFor((t) => item(t).length > 0, `the choice ${level}`);
        const n = item(tree)[0];
        await c.act(c.agent.click(n.ref || c.locatorFor(n, `the choice ${level}`)));
      }
      const want = { destination: 'Lisbon', date: '2026-12-25', travellers: 3, pickup: ['europe', 'portugal', 'lis-airport'] };
      await c.expect('the form', '() => window.app.form', want);
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Book' }, 'the Book button')));
      tree = await c.lookFor((t) => all(t, { role: 'dialog' }).length > 0, 'the confirmation');
      const dialog = all(tree, { role: 'dialog' })[0];
      await c.act(c.agent.click(c.ref(dialog, { role: 'button', name: 'Confirm' }, 'the Confirm button')));
      await c.expect('the booking', '() => window.app.booked', want);
    },
  },
  {
    name: 'antd-trips-cheapest-page-2',
    // "List all trips cheapest first and show the second page."
    async run(c) {
      let tree = await c.open('/antd.html', ready, 'the trips page');
      await c.act(c.agent.click(c.ref(tree, { role: 'tab', name: 'All trips' }, 'the All trips tab')));
      tree = await c.lookFor((t) => all(t, { role: 'columnheader', name: /^Price/ }).length > 0, 'the trips table');
      const prices = (t) => all(t, { role: 'cell', name: /^€\d+$/ }).map((n) => Number(n.name.slice(1)));
      const ascending = (xs) => xs.length > 1 && xs.every((x, i) => i === 0 || xs[i - 1] <= x);
      for (let i = 0; i < 3 && !ascending(prices(tree)); i++) {
        await c.act(c.agent.click(c.ref(tree, { role: 'columnheader', name: /^Price/ }, 'the Price header', { nearest: true })));
        tree = await c.look();
      }
      await c.act(c.agent.click(c.target(tree, '2', 'the page 2 link', (xs) => xs.find((n) => n.role === 'listitem' || n.role === 'link' || n.role === 'button') || xs[xs.length - 1])));
      await c.expect('the table', '() => window.app.table', { page: 2, field: 'price', order: 'ascend' });
    },
  },
];
