// Wunderbaum: a virtual tree of divs and spans (rows drawn on scroll, one
// set of listeners on the tree), with checkboxes; the keyboard works as in
// a desktop tree (the arrows open and close folders).
export const app = 'outline';

const state = "() => ({ open: window.tree.findKey('invoices').expanded, active: window.tree.getActiveNode() && window.tree.getActiveNode().key })";

export const tasks = [
  {
    name: 'outline-open-and-select',
    // "Open the Invoices folder and select April.pdf."
    async run(c) {
      let tree = await c.open('/outline.html', (t) => /Invoices/.test(t.source), 'the documents');
      await c.act(c.agent.click(c.target(tree, 'Invoices', 'the folder Invoices')));
      tree = await c.look();
      if (!/April\.pdf/.test(tree.source)) {
        // Selected, not opened: open it as a tree opens from the keyboard.
        await c.act(c.agent.press('ArrowRight'));
        tree = await c.lookFor((t) => /April\.pdf/.test(t.source), 'April.pdf under Invoices');
      }
      await c.act(c.agent.click(c.target(tree, 'April.pdf', 'the file April.pdf')));
      await c.expect('the tree', state, { open: true, active: 'april' });
    },
  },
];
