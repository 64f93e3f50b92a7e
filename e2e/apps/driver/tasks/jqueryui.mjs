// jQuery UI 1.14 widgets on one trip planner: tabs, an autocomplete
// (a menu that opens after a pause as one types), a datepicker (a
// calendar of links that opens on focus), a spinner, a selectmenu (the
// native select hidden, a combobox and a menu in its place), a modal
// dialog, a sortable list and draggables with a droppable (all mouse
// events). The checks read the widgets' own state.
export const app = 'jqueryui';

const ready = (c) => (t) => c.all(t, { role: 'tab', name: 'Gear' }).length > 0 && c.all(t, { role: 'textbox', name: 'Destination' }).length > 0;

export const tasks = [
  {
    name: 'jqueryui-destination-and-date',
    // "Book a trip to Lisbon, arriving on 20 May 2027" (the city from the
    // suggestions, the day from the calendar).
    async run(c) {
      let tree = await c.open('/jqueryui.html', ready(c), 'the planner');
      await c.act(c.agent.type(c.ref(tree, { role: 'textbox', name: 'Destination' }, 'the Destination field'), 'Li'));
      tree = await c.lookFor((t) => c.all(t, { text: 'Lisbon' }).length > 0, 'the suggestion Lisbon');
      await c.act(c.agent.click(c.target(tree, 'Lisbon', 'the suggestion Lisbon')));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'textbox', name: 'Arrival date' }, 'the Arrival date field')));
      tree = await c.lookFor((t) => c.all(t, { text: 'May 2027' }).length > 0, 'the calendar of May 2027');
      await c.act(c.agent.click(c.ref(tree, { role: 'link', name: '20' }, 'the day 20')));
      await c.expect('the booking', '() => { const b = window.booking(); return [b.city, b.arrival]; }', ['Lisbon', '2027-05-20']);
    },
  },
  {
    name: 'jqueryui-guests-room-confirm',
    // "Make it 3 guests in a Suite, and confirm the booking."
    async run(c) {
      let tree = await c.open('/jqueryui.html', ready(c), 'the planner');
      await c.act(c.agent.fill([{ target: c.ref(tree, { role: 'spinbutton', name: 'Guests' }, 'the Guests spinner'), name: 'Guests', type: 'spinbutton', value: '3' }]));
      tree = await c.look();
      // The room's select shows as a combobox after its label Room.
      await c.act(c.agent.click(c.ref(tree, { role: 'combobox' }, 'the Room menu')));
      tree = await c.lookFor((t) => c.all(t, { text: 'Suite' }).length > 0, 'the rooms');
      await c.act(c.agent.click(c.target(tree, 'Suite', 'the room Suite')));
      tree = await c.look();
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Confirm booking' }, 'the Confirm booking button')));
      tree = await c.lookFor((t) => c.all(t, { role: 'dialog' }).length > 0, 'the confirmation dialog');
      await c.act(c.agent.click(c.ref(c.all(tree, { role: 'dialog' })[0], { role: 'button', name: 'Book' }, 'the Book button')));
      await c.expect('the booking', '() => { const b = window.booking(); return [b.guests, b.room, window.booked]; }', [3, 'suite', true]);
    },
  },
  {
    name: 'jqueryui-sort-packing',
    // "On the packing list, put Camera first."
    async run(c) {
      let tree = await c.open('/jqueryui.html', ready(c), 'the planner');
      await c.act(c.agent.click(c.ref(tree, { role: 'tab', name: 'Packing list' }, 'the Packing list tab')));
      tree = await c.lookFor((t) => c.all(t, { text: 'Camera' }).length > 0, 'the packing list');
      const from = c.ref(tree, { text: 'Camera' }, 'the item Camera', { nearest: true });
      const to = c.ref(tree, { text: 'Passport' }, 'the item Passport', { nearest: true });
      await c.act(c.agent.drag(from, to));
      await c.expect('the packing list', '() => window.packing()', ['p5', 'p1', 'p2', 'p3', 'p4']);
    },
  },
  {
    name: 'jqueryui-pack-the-bag',
    // "Put the tent and the rope in the bag."
    async run(c) {
      let tree = await c.open('/jqueryui.html', ready(c), 'the planner');
      await c.act(c.agent.click(c.ref(tree, { role: 'tab', name: 'Gear' }, 'the Gear tab')));
      tree = await c.lookFor((t) => c.all(t, { text: 'Tent' }).length > 0, 'the gear');
      for (const item of ['Tent', 'Rope']) {
        const from = c.ref(tree, { text: item }, `the ${item}`, { nearest: true });
        const to = c.ref(tree, { text: /^Bag/ }, 'the bag', { nearest: true });
        await c.act(c.agent.drag(from, to));
        tree = await c.look();
      }
      await c.expect('the bag', '() => window.bag', ['tent', 'rope']);
    },
  },
];
