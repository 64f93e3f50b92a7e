// vis-timeline (standalone build): items placed on a time axis; a click
// selects an item, a drag of a selected item along the axis moves it in
// time (hammer.js pointer events), snapped to the day it is dropped in.
import { StepError } from '../agent.mjs';
import { walk, outline } from '../snap.mjs';

export const app = 'timeline';

const ready = (t) => t.source.includes('Beta release') && t.source.includes('March 2027');

// dayLabel is the axis label that reads day (a date of March 2027).
function dayLabel(c, tree, day) {
  const n = [...walk(tree)].find((x) => (x.name || x.text).trim() === day && x.children.length === 0);
  if (!n) throw new StepError(`no label "${day}" on the time axis:\n${outline(tree, 60)}`);
  return n.ref || c.locatorFor(n, `the day ${day}`);
}

export const tasks = [
  {
    name: 'timeline-select-item',
    // "Select the Beta release."
    async run(c) {
      const tree = await c.open('/timeline.html', ready, 'the timeline');
      await c.act(c.agent.click(c.target(tree, 'Beta release', 'the Beta release item')));
      await c.expect('the selection', '() => window.timeline.getSelection()', ['beta']);
    },
  },
  {
    name: 'timeline-move-item',
    // "Move the launch to 15 March." (select it, then drag it along the
    // axis to the 15th).
    async run(c) {
      let tree = await c.open('/timeline.html', ready, 'the timeline');
      await c.act(c.agent.click(c.target(tree, 'Launch', 'the Launch item')));
      tree = await c.look();
      // Selected, the item shows its text under its own line (a handle to
      // drag by is drawn over it): the item is that line.
      await c.act(c.agent.drag(c.ref(tree, { text: 'Launch' }, 'the Launch item', { nearest: true }), dayLabel(c, tree, '15')));
      await c.expect('the launch date', '() => window.day("launch")', '2027-3-15');
    },
  },
];
