// Vuetify on Vue 3, loaded from its global build without a bundler: an
// order desk. Its select is a field that takes focus but no text (its
// list opens on a click), the autocomplete filters as one types and keeps
// each choice as a chip, the combobox takes words of one's own, the date
// picker opens in a menu from a readonly field, the slider's thumb is a
// div with role slider, the switch and checkbox hide their native inputs;
// a dialog confirms and a snackbar reports; the data table sorts by its
// headers, selects rows by checkboxes and pages with buttons; a menu of
// actions, tabs and expansion panels. The app copies its state to
// window.app.
import { all } from '../snap.mjs';

export const app = 'vuetify';

const ready = (t) => all(t, { role: 'button', name: 'Place order' }).length > 0;
// A choice reads as its name, or as its text when its line has none.
const option = (name) => (t) => all(t, { role: ['option', 'menuitem', 'listitem'], text: name }).filter((n) => n.ref);

// pick waits for a choice named name in an open list and clicks it.
async function pick(c, name, what) {
  const tree = await c.lookFor((t) => option(name)(t).length > 0, what);
  await c.act(c.agent.click(option(name)(tree)[0].ref));
}

async function openTab(c, name, ready, what) {
  const tree = await c.open('/vuetify.html', (t) => all(t, { role: 'tab', name }).length > 0, 'the tabs');
  await c.act(c.agent.click(c.ref(tree, { role: 'tab', name }, `the ${name} tab`)));
  return c.lookFor(ready, what);
}

export const tasks = [
  {
    name: 'vuetify-place-order',
    // "Order a keyboard and a mouse for Acme, shipped express, and
    // confirm."
    async run(c) {
      let tree = await c.open('/vuetify.html', ready, 'the order form');
      await c.act(c.agent.fill([
        { target: c.ref(tree, { role: 'textbox', name: 'Customer' }, 'the Customer field'), name: 'Customer', value: 'Acme' },
        { target: c.ref(tree, { role: 'combobox', name: 'Shipping' }, 'the Shipping select'), name: 'Shipping', type: 'combobox', value: 'Express' },
      ]));
      for (const [typed, product] of [['Key', 'Keyboard'], ['Mou', 'Mouse']]) {
        tree = await c.look();
        // The box keeps the words typed for the last choice: type over
        // them.
        const box = all(tree, { role: 'combobox', name: 'Products' })[0];
        const holds = box && box.attrs.some((a) => /^value=/.test(a)) || (box && /value="[^"]+"/.test(box.line));
        await c.act(c.agent.type(c.ref(tree, { role: 'combobox', name: 'Products' }, 'the Products box'), typed, { clear: !!holds }));
        await pick(c, product, `the option ${product}`);
      }
      await c.expect('the form', '() => [window.app.form.customer, window.app.form.shipping, window.app.form.products]', ['Acme', 'Express', ['Keyboard', 'Mouse']]);
      // The list stays open over the form: Escape closes it.
      await c.act(c.agent.press('Escape'));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Place order' }, 'the Place order button')));
      tree = await c.lookFor((t) => all(t, { role: 'dialog' }).some((d) => all(d, { role: 'button', name: 'Confirm' }).length > 0), 'the confirmation dialog');
      const dialog = all(tree, { role: 'dialog' }).find((d) => all(d, { role: 'button', name: 'Confirm' }).length > 0);
      await c.act(c.agent.click(c.ref(dialog, { role: 'button', name: 'Confirm' }, 'the Confirm button')));
      tree = await c.lookFor((t) => /Order placed for Acme/.test(t.source), 'the message that the order was placed');
      await c.expect('the placed order', '() => window.app.placed && [window.app.placed.customer, window.app.placed.shipping, window.app.placed.products, window.app.snackbar]',
        ['Acme', 'Express', ['Keyboard', 'Mouse'], 'Order placed for Acme']);
    },
  },
  {
    name: 'vuetify-order-extras',
    // "Tag the order 'priority' and 'fragile', give 15% off, gift-wrap it
    // and send an invoice."
    async run(c) {
      let tree = await c.open('/vuetify.html', ready, 'the order form');
      for (const tag of ['priority', 'fragile']) {
        tree = await c.look();
        await c.act(c.agent.type(c.ref(tree, { role: 'combobox', name: 'Tags' }, 'the Tags box'), tag, { submit: true }));
      }
      await c.act(c.agent.press('Escape'));
      tree = await c.look();
      // The slider has no name of its own: it is the one after the
      // Discount label.
      const sliders = all(tree, { role: 'slider' });
      if (sliders.length !== 1) throw new Error(`want one slider, the snapshot has ${sliders.length}`);
      await c.act(c.agent.fill([
        { target: sliders[0].ref, name: 'Discount', type: 'slider', value: '15' },
        { target: c.ref(tree, { role: ['checkbox', 'switch'], name: 'Gift wrap' }, 'the Gift wrap switch'), name: 'Gift wrap', type: 'checkbox', value: true },
        { target: c.ref(tree, { role: 'checkbox', name: 'Send an invoice' }, 'the invoice checkbox'), name: 'Send an invoice', type: 'checkbox', value: true },
      ]));
      await c.expect('the form', '() => { const f = window.app.form; return [f.tags, f.discount, f.gift, f.invoice]; }', [['priority', 'fragile'], 15, true, true]);
    },
  },
  {
    name: 'vuetify-delivery-date',
    // "Deliver on the 24th" (the calendar opens on March 2027).
    async run(c) {
      let tree = await c.open('/vuetify.html', ready, 'the order form');
      await c.act(c.agent.click(c.ref(tree, { role: 'textbox', name: 'Delivery date' }, 'the Delivery date field')));
      const day = (t) => all(t, { role: ['button', 'gridcell', 'cell'], name: [/^24$/, /\bMarch 24\b/] }).filter((n) => n.ref);
      tree = await c.lookFor((t) => day(t).length > 0, 'the calendar');
      await c.act(c.agent.click(day(tree)[0].ref));
      await c.expect('the delivery date', '() => window.app.form.delivery', '2027-03-24');
    },
  },
  {
    name: 'vuetify-orders-table',
    // "Select the biggest order, and show the second page of orders
    // sorted by total, biggest first."
    async run(c) {
      let tree = await openTab(c, 'Orders', (t) => all(t, { role: 'columnheader', name: /^Total/ }).length > 0, 'the orders table');
      const totals = (t) => all(t, { role: 'cell', name: /^\d+$/ }).map((n) => Number(n.name));
      const descending = (xs) => xs.length > 1 && xs.every((x, i) => i === 0 || xs[i - 1] >= x) && xs[0] === 2150;
      for (let i = 0; i < 3 && !descending(totals(tree)); i++) {
        await c.act(c.agent.click(c.ref(tree, { role: 'columnheader', name: /^Total/ }, 'the Total header', { nearest: true })));
        tree = await c.look();
      }
      const row = all(tree, { role: 'row' }).find((r) => all(r, { role: 'cell', name: '2150' }).length > 0);
      if (!row) throw new Error('no row with the total 2150');
      await c.act(c.agent.click(c.ref(row, { role: 'checkbox' }, 'its checkbox')));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: /^Next page$/i }, 'the Next page button')));
      await c.expect('the table', '() => window.app.table', { selected: ['O-205'], sortBy: [{ key: 'total', order: 'desc' }], page: 2 });
    },
  },
  {
    name: 'vuetify-settings-and-actions',
    // "Turn on email for new orders, pay invoices in pounds, then archive
    // the old orders."
    async run(c) {
      let tree = await openTab(c, 'Settings', (t) => all(t, { role: 'button', name: /Notifications/ }).length > 0, 'the settings');
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: /Notifications/ }, 'the Notifications panel')));
      tree = await c.lookFor((t) => all(t, { role: ['checkbox', 'switch'], name: 'Email me on new orders' }).length > 0, 'the Email switch');
      await c.act(c.agent.fill([{ target: c.ref(tree, { role: ['checkbox', 'switch'], name: 'Email me on new orders' }, 'the Email switch'), name: 'Email me on new orders', type: 'checkbox', value: true }]));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: /Invoices/ }, 'the Invoices panel')));
      tree = await c.lookFor((t) => all(t, { role: 'radio', name: 'Pound' }).length > 0, 'the currencies');
      await c.act(c.agent.click(c.ref(tree, { role: 'radio', name: 'Pound' }, 'the Pound radio button')));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'tab', name: 'Orders' }, 'the Orders tab')));
      tree = await c.lookFor((t) => all(t, { role: 'button', name: /^Actions/ }).length > 0, 'the Actions button');
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: /^Actions/ }, 'the Actions button')));
      await pick(c, /Archive old orders/, 'the Archive old orders item');
      await c.lookFor((t) => /Old orders archived/.test(t.source), 'the message that the orders were archived');
      await c.expect('the settings and the action', '() => [window.app.settings, window.app.action]', [{ email: true, sms: false, currency: 'GBP' }, 'archive']);
    },
  },
];
