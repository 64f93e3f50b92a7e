// Pikaday: a text field that opens a calendar (a grid of day buttons,
// Previous/Next Month buttons, and month and year selects drawn over
// their labels).
export const app = 'pikaday';

const visit = '() => window.visit()';
const field = (c, t) => c.ref(t, { role: 'textbox', name: 'Visit date' }, 'the Visit date field');

export const tasks = [
  {
    name: 'pikaday-pick-day',
    // "Plan the visit for 21 March 2027." (by the calendar)
    async run(c) {
      let tree = await c.open('/pikaday.html', (t) => c.all(t, { role: 'textbox', name: 'Visit date' }).length > 0, 'the date field');
      await c.act(c.agent.click(field(c, tree)));
      tree = await c.lookFor((t) => c.all(t, { role: 'button', name: '21' }).length > 0, 'the calendar');
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: '21' }, 'the day 21')));
      await c.expect('the visit date', visit, '2027-3-21');
    },
  },
  {
    name: 'pikaday-pick-month',
    // "Move the visit to 5 June 2027." (the month by the calendar's month
    // select, then the day)
    async run(c) {
      let tree = await c.open('/pikaday.html', (t) => c.all(t, { role: 'textbox', name: 'Visit date' }).length > 0, 'the date field');
      await c.act(c.agent.click(field(c, tree)));
      tree = await c.lookFor((t) => c.all(t, { role: 'combobox' }).length > 0, 'the calendar\'s month select');
      const month = c.all(tree, { role: 'combobox' }).find((n) => /March/.test(n.name + ' ' + n.line));
      if (!month) throw new Error('no month select');
      await c.act(c.agent.select(month.ref, ['June']));
      tree = await c.lookFor((t) => c.all(t, { role: 'combobox', attr: /June/ }).length > 0 || t.source.includes('June'), 'June in the calendar');
      await c.act(c.agent.click(c.ref(tree, { role: 'button', name: '5' }, 'the day 5')));
      await c.expect('the visit date', visit, '2027-6-5');
    },
  },
];
