// An event planner on React Aria Components (bundled by driver/build.mjs,
// see testdata/aria.jsx). Its presses go through usePress, which is strict
// about pointer events (a pointerType, pointerdown and pointerup on the
// same element, or a virtual click of detail 0); its Select is a button
// over a hidden native select with a ListBox in a popover; the DatePicker
// and DateField are groups of contenteditable spinbutton segments typed
// digit by digit; a Slider, Switch, Checkbox, RadioGroup, Menu, a Modal
// alert dialog, Tabs, a GridList reordered by drag and drop and a Table
// sorted by its headers with row selection. The app copies its React
// state to window.app.
import { all, textOf } from '../snap.mjs';

export const app = 'aria';

const ready = (t) => all(t, { role: 'tab', name: 'Details' }).length > 0 && all(t, { role: 'button', name: /Event actions/ }).length > 0;

const open = (c) => c.open('/aria.html', ready, 'the planner');

export const tasks = [
  {
    name: 'aria-select',
    // "Book the Boardroom." (the Room select: a button, a popover listbox)
    async run(c) {
      let tree = await open(c);
      await c.act(c.agent.click(c.ref(tree, { role: ['button', 'combobox'], name: /Room/ }, 'the Room select')));
      tree = await c.lookFor((t) => all(t, { role: 'option', name: 'Boardroom', ref: true }).length > 0, 'the option Boardroom');
      await c.act(c.agent.click(c.ref(tree, { role: 'option', name: 'Boardroom' }, 'the option Boardroom')));
      await c.expect('the room', '() => window.app.room', 'boardroom');
    },
  },
  {
    name: 'aria-select-fill',
    // "Book the Studio." (a form filled at once)
    async run(c) {
      const tree = await open(c);
      await c.act(c.agent.fill([{ target: c.ref(tree, { role: ['button', 'combobox'], name: /Room/ }, 'the Room select'), name: 'Room', type: 'combobox', value: 'Studio' }]));
      await c.expect('the room', '() => window.app.room', 'studio');
    },
  },
  {
    name: 'aria-select-option',
    // "Book the Rooftop terrace." (select_option on the Room select)
    async run(c) {
      const tree = await open(c);
      await c.act(c.agent.select(c.ref(tree, { role: ['button', 'combobox'], name: /Room/ }, 'the Room select'), ['Rooftop terrace']));
      await c.expect('the room', '() => window.app.room', 'rooftop');
    },
  },
  {
    name: 'aria-combobox-fill',
    // "Hold it in Prague, public, and save." (a form filled at once)
    async run(c) {
      let tree = await open(c);
      await c.act(c.agent.fill([
        { target: c.ref(tree, { role: 'combobox', name: 'City' }, 'the City box'), name: 'City', type: 'combobox', value: 'Prague' },
        { target: c.ref(tree, { role: 'switch', name: 'Public event' }, 'the Public event switch'), name: 'Public event', type: 'switch', value: true },
        { target: c.ref(tree, { role: 'radio', name: 'Online' }, 'the Online radio'), name: 'Online', type: 'radio', value: true },
      ]));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Save event' }, 'the Save button')));
      await c.expect('the saved event', '() => window.app.saved && [window.app.saved.city, window.app.saved.isPublic, window.app.saved.format]', ['Prague', true, 'online']);
    },
  },
  {
    name: 'aria-combobox',
    // "Hold it in Lisbon." (type, pick the suggestion)
    async run(c) {
      let tree = await open(c);
      await c.act(c.agent.type(c.ref(tree, { role: 'combobox', name: 'City' }, 'the City box'), 'Lis'));
      tree = await c.lookFor((t) => all(t, { role: 'option', name: 'Lisbon', ref: true }).length > 0, 'the option Lisbon');
      await c.act(c.agent.click(c.ref(tree, { role: 'option', name: 'Lisbon' }, 'the option Lisbon')));
      await c.expect('the city', '() => window.app.city', 'Lisbon');
    },
  },
  {
    name: 'aria-date-type',
    // "The event is on 15 April 2026." (typed into the empty date field:
    // its segments are spin buttons)
    async run(c) {
      const tree = await open(c);
      await c.act(c.agent.type(c.ref(tree, { role: 'group', name: 'Event date' }, 'the Event date field'), '04/15/2026'));
      await c.expect('the date', '() => window.app.date', '2026-04-15');
    },
  },
  {
    name: 'aria-date-fill',
    // "Move the reminder to 20 May 2026." (a form filled at once; the
    // field holds a date already)
    async run(c) {
      const tree = await open(c);
      await c.act(c.agent.fill([{ target: c.ref(tree, { role: 'group', name: 'Reminder' }, 'the Reminder field'), name: 'Reminder', type: 'textbox', value: '05/20/2026' }]));
      await c.expect('the reminder', '() => window.app.reminder', '2026-05-20');
    },
  },
  {
    name: 'aria-date-segment',
    // "Make the reminder on the 9th." (the day segment alone)
    async run(c) {
      const tree = await open(c);
      await c.act(c.agent.type(c.ref(tree, { role: 'spinbutton', name: /^day, Reminder/ }, 'the day of the Reminder'), '9', { clear: true }));
      await c.expect('the reminder', '() => window.app.reminder', '2026-03-09');
    },
  },
  {
    name: 'aria-date-type-month',
    // "The event is on 3 July 2026." (typed into the month part the
    // snapshot shows first, the whole date at once)
    async run(c) {
      const tree = await open(c);
      await c.act(c.agent.type(c.ref(tree, { role: 'spinbutton', name: /^month, Event date/ }, 'the month of the Event date'), '07/03/2026'));
      await c.expect('the date', '() => window.app.date', '2026-07-03');
    },
  },
  {
    name: 'aria-date-iso',
    // "Set the reminder to 2026-11-05." (an ISO date into a field shown
    // month first: it must be set right or refused, never set wrong)
    async run(c) {
      const tree = await open(c);
      const ans = await c.agent.type(c.ref(tree, { role: 'group', name: 'Reminder' }, 'the Reminder field'), '2026-11-05', { clear: true });
      if (!ans.ok) {
        // Refused: the agent reads why and gives the parts in the field's order.
        await c.act(c.agent.type(c.ref(tree, { role: 'group', name: 'Reminder' }, 'the Reminder field'), '11/05/2026', { clear: true }));
      }
      await c.expect('the reminder', '() => window.app.reminder', '2026-11-05');
    },
  },
  {
    name: 'aria-time-type',
    // "It starts at 7:45 PM." (hour, minute and AM/PM parts)
    async run(c) {
      const tree = await open(c);
      await c.act(c.agent.type(c.ref(tree, { role: 'group', name: 'Starts at' }, 'the Starts at field'), '7:45 PM'));
      await c.expect('the start', '() => window.app.starts', '19:45:00');
    },
  },
  {
    name: 'aria-datepicker-calendar',
    // "Pick the 15th of next month in the calendar."
    async run(c) {
      let tree = await open(c);
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: /^Calendar/ }, 'the calendar button')));
      tree = await c.lookFor((t) => all(t, { role: 'button', name: 'Next' }).length > 0, 'the calendar');
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Next' }, 'the Next button')));
      tree = await c.look();
      const cell = all(tree, { role: ['button', 'gridcell'], name: /\b15, \d{4}$/ }).find((n) => n.ref);
      const m = cell && cell.name.match(/(\w+) 15, (\d{4})$/);
      const month = m && new Date(`${m[1]} 1, 2000`).getMonth() + 1;
      await c.act(c.agent.click(c.ref(tree, { role: ['button', 'gridcell'], name: /\b15, \d{4}$/ }, 'the 15th')));
      await c.expect('the date', '() => window.app.date', `${m[2]}-${String(month).padStart(2, '0')}-15`);
    },
  },
  {
    name: 'aria-settings',
    // "Make it a public hybrid event for 120 people with invitations, and
    // save."
    async run(c) {
      let tree = await open(c);
      await c.act(c.agent.click(c.ref(tree, { role: 'switch', name: 'Public event' }, 'the Public event switch')));
      await c.act(c.agent.click(c.ref(tree, { role: 'checkbox', name: 'Send invitations' }, 'the Send invitations box')));
      await c.act(c.agent.click(c.ref(tree, { role: 'radio', name: 'Hybrid' }, 'the Hybrid radio')));
      await c.act(c.agent.fill([{ target: c.ref(tree, { role: 'slider', name: 'Capacity' }, 'the Capacity slider'), name: 'Capacity', type: 'slider', value: '120' }]));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Save event' }, 'the Save button')));
      await c.expect('the saved event', '() => window.app.saved', { room: null, city: null, date: null, capacity: 120, isPublic: true, invite: true, format: 'hybrid' });
    },
  },
  {
    name: 'aria-menu',
    // "Export the event as CSV." (the Actions menu)
    async run(c) {
      let tree = await open(c);
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: /Event actions/ }, 'the Actions button')));
      tree = await c.lookFor((t) => all(t, { role: 'menuitem', name: 'Export as CSV' }).length > 0, 'the Actions menu');
      await c.act(c.agent.click(c.ref(tree, { role: 'menuitem', name: 'Export as CSV' }, 'Export as CSV')));
      await c.expect('the actions', '() => window.app.actions', ['export']);
    },
  },
  {
    name: 'aria-delete-modal',
    // "Delete the event." (a modal asks to confirm)
    async run(c) {
      let tree = await open(c);
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Delete event' }, 'the Delete event button')));
      tree = await c.lookFor((t) => all(t, { role: 'alertdialog' }).length > 0, 'the confirmation');
      const dialog = all(tree, { role: 'alertdialog' })[0];
      await c.act(c.agent.click(c.ref(dialog, { role: 'button', name: 'Delete' }, 'the Delete button of the confirmation')));
      await c.expect('the event', '() => window.app.deleted', true);
    },
  },
  {
    name: 'aria-agenda-drag',
    // "Put Lunch first on the agenda."
    async run(c) {
      let tree = await open(c);
      await c.act(c.agent.click(c.ref(tree, { role: 'tab', name: 'Agenda' }, 'the Agenda tab')));
      tree = await c.lookFor((t) => all(t, { role: 'grid', name: 'Agenda' }).length > 0, 'the agenda');
      const grid = all(tree, { role: 'grid', name: 'Agenda' })[0];
      const rows = all(grid, { role: 'row', ref: true });
      await c.act(c.agent.drag(c.ref(grid, { role: 'row', name: /Lunch/ }, 'the Lunch row'), rows[0].ref, { position: 'before' }));
      await c.expect('the agenda', '() => window.app.agenda', ['Lunch', 'Welcome', 'Keynote', 'Workshops', 'Closing drinks']);
    },
  },
  {
    name: 'aria-table',
    // "Sort the attendees by name and select Ada Lovelace."
    async run(c) {
      let tree = await open(c);
      await c.act(c.agent.click(c.ref(tree, { role: 'tab', name: 'Attendees' }, 'the Attendees tab')));
      tree = await c.lookFor((t) => all(t, { role: 'columnheader', name: /Name/ }).length > 0, 'the attendees');
      await c.act(c.agent.click(c.ref(tree, { role: 'columnheader', name: /Name/ }, 'the Name header')));
      await c.expect('the order', '() => window.app.order', ['Ada Lovelace', 'Barbara Liskov', 'Grace Hopper', 'Linus Torvalds']);
      tree = await c.look();
      const row = all(tree, { role: 'row' }).find((r) => textOf(r).includes('Ada Lovelace'));
      await c.act(c.agent.click(c.ref(row, { role: 'checkbox' }, 'the checkbox of Ada Lovelace\'s row')));
      await c.expect('the selection', '() => window.app.selected', [2]);
    },
  },
];
