// air-datepicker in range mode: the input opens a calendar of day cells
// (divs, one click listener on the calendar); two clicks pick a range.
import { StepError } from '../agent.mjs';
import { all, walk, textOf, outline } from '../snap.mjs';

export const app = 'daterange';

const picked = `() => window.picker.selectedDates.map((d) => d.getFullYear() + '-' + (d.getMonth() + 1) + '-' + d.getDate())`;

// day finds the day cell reading n after the calendar's title (the first
// one: the last days of the month before come before 1, so the first n
// after the first "1" is the shown month's).
function day(tree, n) {
  const nodes = [...walk(tree)];
  // The title: the innermost line whose words read January 2027.
  const title = nodes.findIndex((x) => /January,?\s*2027/.test(textOf(x)) && !x.children.some((k) => /January,?\s*2027/.test(textOf(k))));
  if (title < 0) throw new StepError(`no calendar for January 2027 in the snapshot:\n${outline(tree, 60)}`);
  const text = (x) => (x.name || x.text || '').trim();
  const rest = nodes.slice(title + 1);
  const first = rest.findIndex((x) => text(x) === '1');
  const cell = rest.slice(Math.max(first, 0)).find((x) => text(x) === String(n));
  if (!cell) throw new StepError(`no day ${n} in the calendar:\n${outline(tree, 80)}`);
  if (!cell.ref) throw new StepError(`day ${n} of the calendar has no ref in the snapshot: line "${cell.line}" under "${cell.parent.line}"`);
  return cell.ref;
}

export const tasks = [
  {
    name: 'daterange-pick-3-8-jan',
    // "Pick 3 to 8 January 2027 as the dates of the stay."
    async run(c) {
      let tree = await c.open('/daterange.html', (t) => all(t, { role: 'textbox' }).length > 0, 'the form');
      await c.act(c.agent.click(c.ref(tree, { role: 'textbox', name: 'Dates of your stay' }, 'the dates field')));
      tree = await c.lookFor((t) => /January,?\s*2027/.test(textOf(t)), 'the calendar');
      await c.act(c.agent.click(day(tree, 3)));
      tree = await c.look();
      await c.act(c.agent.click(day(tree, 8)));
      await c.expect('the picked dates', picked, ['2027-1-3', '2027-1-8']);
    },
  },
];
