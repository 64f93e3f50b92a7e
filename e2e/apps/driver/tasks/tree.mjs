// jsTree: an ARIA tree built by jQuery; a click on a node's text selects
// it, the arrow keys (or a double-click) open and close folders.
import { all } from '../snap.mjs';

export const app = 'tree';

const state = "() => ({ open: window.tree.is_open('src'), selected: window.tree.get_selected() })";

export const tasks = [
  {
    name: 'tree-open-src-select-main',
    // "Open the folder src and select main.go."
    async run(c) {
      let tree = await c.open('/tree.html', (t) => all(t, { role: 'treeitem', name: /^src/ }).length > 0, 'the file tree');
      const src = c.ref(tree, { role: 'treeitem', name: /^src/ }, 'the folder src');
      await c.act(c.agent.click(src));
      tree = await c.look();
      if (!all(tree, { role: 'treeitem', name: /^main\.go/ }).length) {
        // Selected, not opened: open it as a tree opens from the keyboard.
        await c.act(c.agent.press('ArrowRight'));
        tree = await c.lookFor((t) => all(t, { role: 'treeitem', name: /^main\.go/ }).length > 0, 'main.go under src');
      }
      await c.act(c.agent.click(c.ref(tree, { role: 'treeitem', name: /^main\.go/ }, 'the file main.go')));
      await c.expect('the tree', state, { open: true, selected: ['main'] });
    },
  },
];
