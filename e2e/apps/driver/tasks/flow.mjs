// Drawflow: a flow editor; the palette's entries are native HTML5
// draggables dropped on the canvas; nodes are divs with port circles, and
// a connection is a mouse drag from an output port to an input port.
import { StepError } from '../agent.mjs';
import { all, walk, textOf, outline } from '../snap.mjs';
import { canvasOf } from './diagram.mjs';

export const app = 'flow';

const flow = `() => {
  const data = window.editor.export().drawflow.Home.data;
  const nodes = Object.values(data);
  const name = (id) => data[id].name;
  return {
    nodes: nodes.map((n) => n.name).sort(),
    links: nodes.flatMap((n) => Object.values(n.outputs).flatMap((o) => o.connections.map((c) => n.name + ' -> ' + name(c.node)))),
  };
}`;

// nodeOf is the snapshot line of the node on the canvas labelled label
// (the last such line: the palette comes first), and port its one port:
// the element with a ref and no text inside it.
function port(tree, label, what) {
  const lines = [...walk(tree)].filter((n) => (n.name || n.text).trim() === label || (textOf(n).trim() === label && n.ref));
  const node = lines[lines.length - 1];
  if (!node) throw new StepError(`no node "${label}" on the canvas:\n${outline(tree, 60)}`);
  for (let box = node; box && box.role !== 'root'; box = box.parent) {
    const p = [...walk(box)].find((n) => n.ref && !textOf(n).trim());
    if (p) return p.ref;
  }
  throw new StepError(`the ${what} of node "${label}" has no ref in the snapshot (a port is an element with no text): around "${node.line}":\n${outline(node.parent || node, 20)}`);
}

export const tasks = [
  {
    name: 'flow-add-debug-and-connect',
    // "Add a debug node and connect the inject node to it."
    async run(c) {
      let tree = await c.open('/flow.html', (t) => all(t, { text: /debug/ }).length > 0, 'the editor');
      const paletteDebug = c.target(tree, 'debug', 'palette entry debug');
      const canvas = canvasOf(tree, 'inject', 'canvas');
      await c.act(c.agent.drag(paletteDebug, canvas));
      await c.expect('the flow after the drop', flow, { nodes: ['debug', 'inject'], links: [] });
      tree = await c.look();
      await c.act(c.agent.drag(port(tree, 'inject', 'output port'), port(tree, 'debug', 'input port')));
      await c.expect('the flow after connecting', flow, { nodes: ['debug', 'inject'], links: ['inject -> debug'] });
    },
  },
];
