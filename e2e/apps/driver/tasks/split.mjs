// Split.js: two panes and a gutter between them (an empty div with a
// col-resize cursor and a mousedown listener) dragged with the mouse.
import { StepError } from '../agent.mjs';
import { walk, textOf } from '../snap.mjs';

export const app = 'split';

// gutter is the element between the panes: a line with a ref and no text
// after the inbox's list and before the reading pane's heading.
function gutter(tree) {
  const nodes = [...walk(tree)];
  const a = nodes.findIndex((n) => /Release plan/.test(n.name || n.text) && n.role === 'listitem');
  const b = nodes.findIndex((n) => n.role === 'heading' && n.name === 'Release plan');
  const g = nodes.slice(a + 1, b).find((n) => n.ref && !textOf(n).trim());
  if (a < 0 || b < 0 || !g) throw new StepError(`no divider with a ref between the inbox and the reading pane in the snapshot:\n${tree.source}`);
  return g.ref;
}

export const tasks = [
  {
    name: 'split-widen-inbox',
    // "Widen the inbox: drag the divider to the middle of the reading pane."
    async run(c) {
      const tree = await c.open('/split.html', (t) => /Inbox/.test(t.source), 'the panes');
      const to = c.target(tree, 'The release is planned for the second week of March.', 'the reading pane text');
      await c.act(c.agent.drag(gutter(tree), to));
      const sizes = await c.state('() => window.split.getSizes().map(Math.round)');
      if (!(sizes[0] >= 45 && sizes[0] <= 75)) await c.expect('the inbox pane wider (45-75%)', '() => window.split.getSizes()[0] >= 45 && window.split.getSizes()[0] <= 75', true);
    },
  },
];
