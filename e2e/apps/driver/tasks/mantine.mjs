// A booking form on Mantine (bundled by driver/build.mjs, see
// testdata/mantine.jsx): a read-only Select input over a dropdown in a
// portal, an Autocomplete, a MultiSelect of pills, a NumberInput with its
// own controls, a DatePickerInput (a button that opens a calendar), a
// Slider, a Switch over a hidden checkbox, Tabs, a Menu and a Modal. The
// app copies its React state to window.app.
import { all } from '../snap.mjs';

export const app = 'mantine';

const ready = (t) => all(t, { role: 'tab', name: 'Booking' }).length > 0 && all(t, { role: ['textbox', 'combobox'], name: /Plan/ }).length > 0;
const open = (c) => c.open('/mantine.html', ready, 'the booking form');

const field = (name) => ({ role: ['textbox', 'combobox'], name });

export const tasks = [
  {
    name: 'mantine-select',
    // "Choose the Premium plan."
    async run(c) {
      let tree = await open(c);
      await c.act(c.agent.click(c.ref(tree, field('Plan'), 'the Plan select')));
      tree = await c.lookFor((t) => all(t, { role: 'option', name: 'Premium', ref: true }).length > 0, 'the option Premium');
      await c.act(c.agent.click(c.ref(tree, { role: 'option', name: 'Premium' }, 'the option Premium')));
      await c.expect('the plan', '() => window.app.plan', 'Premium');
    },
  },
  {
    name: 'mantine-select-fill',
    // "Book the Standard plan for 5 guests in Porto." (a form filled at
    // once, then Book now)
    async run(c) {
      let tree = await open(c);
      await c.act(c.agent.fill([
        { target: c.ref(tree, field('Plan'), 'the Plan select'), name: 'Plan', type: 'combobox', value: 'Standard' },
        { target: c.ref(tree, field('City'), 'the City box'), name: 'City', type: 'textbox', value: 'Porto' },
        { target: c.ref(tree, field('Guests'), 'the Guests box'), name: 'Guests', type: 'textbox', value: '5' },
      ]));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Book now' }, 'the Book now button')));
      await c.expect('the booking', '() => window.app.booked', { plan: 'Standard', city: 'Porto', guests: 5, date: null, pets: false });
    },
  },
  {
    name: 'mantine-autocomplete',
    // "Stay in Lisbon." (type, pick the suggestion)
    async run(c) {
      let tree = await open(c);
      await c.act(c.agent.type(c.ref(tree, field('City'), 'the City box'), 'Lis'));
      tree = await c.lookFor((t) => all(t, { role: 'option', name: 'Lisbon', ref: true }).length > 0, 'the option Lisbon');
      await c.act(c.agent.click(c.ref(tree, { role: 'option', name: 'Lisbon' }, 'the option Lisbon')));
      await c.expect('the city', '() => window.app.city', 'Lisbon');
    },
  },
  {
    name: 'mantine-number',
    // "Make it 7 guests."
    async run(c) {
      const tree = await open(c);
      await c.act(c.agent.type(c.ref(tree, field('Guests'), 'the Guests box'), '7', { clear: true }));
      await c.expect('the guests', '() => window.app.guests', 7);
    },
  },
  {
    name: 'mantine-date',
    // "Check in on 15 June 2026." (the calendar the Check-in button opens)
    async run(c) {
      let tree = await open(c);
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: /^Check-in/ }, 'the Check-in button')));
      const day = { role: ['button', 'gridcell'], name: /^15 June 2026$|June 15,? 2026/ };
      tree = await c.lookFor((t) => all(t, day).length > 0, 'the 15th of June');
      await c.act(c.agent.click(c.ref(tree, day, 'the 15th of June')));
      await c.expect('the check-in', '() => window.app.date', '2026-06-15');
    },
  },
  {
    name: 'mantine-slider-switch',
    // "Set the budget to 75 and say we bring pets."
    async run(c) {
      const tree = await open(c);
      await c.act(c.agent.fill([
        { target: c.ref(tree, { role: 'slider' }, 'the Budget slider'), name: 'Budget', type: 'slider', value: '75' },
        { target: c.ref(tree, { role: 'switch', name: 'Bringing pets' }, 'the pets switch'), name: 'Bringing pets', type: 'switch', value: true },
      ]));
      await c.expect('the budget and pets', '() => [window.app.budget, window.app.pets]', [75, true]);
    },
  },
  {
    name: 'mantine-multiselect',
    // "Add Parking and Spa to the extras."
    async run(c) {
      let tree = await open(c);
      await c.act(c.agent.click(c.ref(tree, { role: 'tab', name: 'Extras' }, 'the Extras tab')));
      tree = await c.lookFor((t) => all(t, field('Extras')).length > 0, 'the Extras box');
      await c.act(c.agent.click(c.ref(tree, field('Extras'), 'the Extras box')));
      for (const name of ['Parking', 'Spa']) {
        tree = await c.lookFor((t) => all(t, { role: 'option', name, ref: true }).length > 0, `the option ${name}`);
        await c.act(c.agent.click(c.ref(tree, { role: 'option', name }, `the option ${name}`)));
      }
      await c.expect('the extras', '() => window.app.tags', ['Parking', 'Spa']);
    },
  },
  {
    name: 'mantine-multiselect-option',
    // "Add Breakfast and Late checkout to the extras." (select_option on
    // the Extras box, a field that says it opens a listbox)
    async run(c) {
      let tree = await open(c);
      await c.act(c.agent.click(c.ref(tree, { role: 'tab', name: 'Extras' }, 'the Extras tab')));
      tree = await c.lookFor((t) => all(t, field('Extras')).length > 0, 'the Extras box');
      // One value a call: a list the page draws takes one pick at a time.
      await c.act(c.agent.select(c.ref(tree, field('Extras'), 'the Extras box'), ['Breakfast']));
      tree = await c.look();
      await c.act(c.agent.select(c.ref(tree, field('Extras'), 'the Extras box'), ['Late checkout']));
      await c.expect('the extras', '() => window.app.tags', ['Breakfast', 'Late checkout']);
    },
  },
  {
    name: 'mantine-date-next-month',
    // "Check in on 4 July 2026." (a month on from the one the calendar
    // shows)
    async run(c) {
      let tree = await open(c);
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: /^Check-in/ }, 'the Check-in button')));
      const day = { role: ['button', 'gridcell'], name: /^4 July 2026$|July 4,? 2026/ };
      tree = await c.lookFor((t) => all(t, { role: 'button', name: /^15 June 2026$|June 15,? 2026/ }).length > 0, 'the calendar');
      // The arrows have no names: the one after the month's heading
      // button is the next month's.
      const dialog = all(tree, { role: 'dialog' })[0];
      const buttons = dialog.children.filter((n) => n.role === 'button');
      const at = buttons.findIndex((n) => n.name === 'June 2026');
      await c.act(c.agent.click(c.ref({ children: [buttons[at + 1]].filter(Boolean) }, { role: 'button' }, 'the arrow after June 2026')));
      tree = await c.lookFor((t) => all(t, day).length > 0, 'the 4th of July');
      await c.act(c.agent.click(c.ref(tree, day, 'the 4th of July')));
      await c.expect('the check-in', '() => window.app.date', '2026-07-04');
    },
  },
  {
    name: 'mantine-menu-modal',
    // "Cancel the booking." (the More menu, then confirm in the modal)
    async run(c) {
      let tree = await open(c);
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'More' }, 'the More button')));
      tree = await c.lookFor((t) => all(t, { role: 'menuitem', name: 'Cancel booking' }).length > 0, 'the menu');
      await c.act(c.agent.click(c.ref(tree, { role: 'menuitem', name: 'Cancel booking' }, 'Cancel booking')));
      tree = await c.lookFor((t) => all(t, { role: 'dialog' }).length > 0, 'the confirmation');
      const dialog = all(tree, { role: 'dialog' })[0];
      await c.act(c.agent.click(c.ref(dialog, { role: 'button', name: 'Yes, cancel' }, 'the Yes, cancel button')));
      await c.expect('the booking', '() => window.app.cancelled', true);
    },
  },
];
