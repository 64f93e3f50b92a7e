// AG Grid Community: a data grid of divs with ARIA grid roles; empty
// editable cells; a double-click starts editing.
import { all } from '../snap.mjs';
import { cellAt, editCell } from '../grids.mjs';

export const app = 'aggrid';

export const tasks = [
  {
    name: 'aggrid-set-qty',
    // "Set the quantity of Bolts to 7."
    async run(c) {
      const tree = await c.open('/grid.html', (t) => all(t, { role: 'gridcell' }).length > 4, 'the grid');
      await editCell(c, cellAt(c, tree, { column: 'Qty', row: 'Bolts' }), '7');
      await c.expect('the Bolts row', "() => window.gridApi.getRowNode('r2').data.qty", '7');
    },
  },
  {
    name: 'aggrid-set-supplier',
    // "Bolts come from Bolt & Co: enter it as their supplier."
    async run(c) {
      const tree = await c.open('/grid.html', (t) => all(t, { role: 'gridcell' }).length > 4, 'the grid');
      await editCell(c, cellAt(c, tree, { column: 'Supplier', row: 'Bolts' }), 'Bolt & Co');
      await c.expect('the Bolts row', "() => window.gridApi.getRowNode('r2').data.supplier", 'Bolt & Co');
    },
  },
];
