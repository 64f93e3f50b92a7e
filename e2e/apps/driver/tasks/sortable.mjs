// SortableJS on a desktop browser: native HTML5 drag and drop (the items
// become draggable on press; the order changes on dragover).
import { all } from '../snap.mjs';

export const app = 'sortable';

const order = '() => window.playlist.toArray()';

export const tasks = [
  {
    name: 'sortable-move-to-top',
    // "Move Naima to the top of the playlist."
    async run(c) {
      const tree = await c.open('/sortable.html', (t) => all(t, { role: 'listitem' }).length === 5, 'the playlist');
      const from = c.ref(tree, { role: 'listitem', text: 'Naima' }, 'the song Naima');
      const to = c.ref(tree, { role: 'listitem', text: 'Blue Moon' }, 'the song Blue Moon');
      await c.act(c.agent.drag(from, to));
      await c.expect('the playlist', order, ['s5', 's1', 's2', 's3', 's4']);
    },
  },
  {
    name: 'sortable-move-down',
    // "Move Blue Moon below Take Five."
    async run(c) {
      const tree = await c.open('/sortable.html', (t) => all(t, { role: 'listitem' }).length === 5, 'the playlist');
      const from = c.ref(tree, { role: 'listitem', text: 'Blue Moon' }, 'the song Blue Moon');
      const to = c.ref(tree, { role: 'listitem', text: 'Take Five' }, 'the song Take Five');
      await c.act(c.agent.drag(from, to));
      await c.expect('the playlist', order, ['s2', 's3', 's1', 's4', 's5']);
    },
  },
];
