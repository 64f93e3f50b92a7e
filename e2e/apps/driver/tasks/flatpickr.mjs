// Flatpickr: the input opens a calendar popup (day spans with an
// aria-label such as "March 21, 2027"; arrows with no name for the
// months before and after).
export const app = 'flatpickr';

const picked = `() => window.picker.selectedDates.map((d) => d.getFullYear() + '-' + (d.getMonth() + 1) + '-' + d.getDate())`;

export const tasks = [
  {
    name: 'flatpickr-pick-day',
    // "Book the table for 21 March 2027" (by the calendar).
    async run(c) {
      let tree = await c.open('/flatpickr.html', (t) => c.all(t, { role: 'textbox', name: /Date/ }).length > 0, 'the date field');
      await c.act(c.agent.click(c.ref(tree, { role: 'textbox', name: /Date/ }, 'the date field')));
      tree = await c.lookFor((t) => c.all(t, { name: /March 21, 2027/ }).length > 0, 'the calendar');
      await c.act(c.agent.click(c.ref(tree, { name: /March 21, 2027/ }, 'the day 21 March 2027')));
      await c.expect('the picked date', picked, ['2027-3-21']);
    },
  },
  {
    name: 'flatpickr-next-month',
    // "Move the booking to 2 April 2027" (next month by the arrow).
    async run(c) {
      let tree = await c.open('/flatpickr.html', (t) => c.all(t, { role: 'textbox', name: /Date/ }).length > 0, 'the date field');
      await c.act(c.agent.click(c.ref(tree, { role: 'textbox', name: /Date/ }, 'the date field')));
      tree = await c.lookFor((t) => c.all(t, { name: /March 21, 2027/ }).length > 0, 'the calendar');
      // The arrow has no name; the snapshot tells it by its hint.
      await c.act(c.agent.click(c.ref(tree, { attr: /^hint=.*next-month/ }, 'the next month arrow')));
      tree = await c.lookFor((t) => c.all(t, { name: /April 2, 2027/ }).length > 0, 'April in the calendar');
      await c.act(c.agent.click(c.ref(tree, { name: /April 2, 2027/ }, 'the day 2 April 2027')));
      await c.expect('the picked date', picked, ['2027-4-2']);
    },
  },
];
