// FullCalendar 7: a month grid (ARIA table of days) whose events move with
// its own pointer-driven drag (a press, a few moves, a release on a day).
export const app = 'calendar';

export const tasks = [
  {
    name: 'calendar-move-event',
    // "Move the team meeting to Thursday 11 March."
    async run(c) {
      const tree = await c.open('/calendar.html', (t) => c.all(t, { text: 'Team meeting' }).length > 0 || c.all(t, { name: /Team meeting/ }).length > 0, 'the calendar');
      const event = c.target(tree, 'Team meeting', 'the event Team meeting');
      const day = c.ref(tree, { role: ['cell', 'gridcell'], name: /^March 11, 2027/ }, 'the day March 11');
      await c.act(c.agent.drag(event, day));
      await c.expect('the event', "() => window.calendar.getEventById('e1').startStr", '2027-03-11');
    },
  },
];
