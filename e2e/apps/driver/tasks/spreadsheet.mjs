// Jspreadsheet CE: an empty sheet drawn as a table; a double-click on a
// cell opens an input in it, Enter saves.
import { all } from '../snap.mjs';
import { cellAt, editCell } from '../grids.mjs';

export const app = 'spreadsheet';

export const tasks = [
  {
    name: 'spreadsheet-enter-b3',
    // "Enter 42 in cell B3."
    async run(c) {
      const tree = await c.open('/spreadsheet.html', (t) => all(t, { role: ['row'] }).length > 3, 'the sheet');
      const cell = cellAt(c, tree, { column: 'B', row: '3' });
      await editCell(c, cell, '42');
      await c.expect('cell B3', "() => window.sheets[0].getValue('B3')", '42');
    },
  },
  {
    name: 'spreadsheet-formula-c2',
    // "Put a formula in C2 that doubles B2, with 21 in B2."
    async run(c) {
      let tree = await c.open('/spreadsheet.html', (t) => all(t, { role: ['row'] }).length > 3, 'the sheet');
      await editCell(c, cellAt(c, tree, { column: 'B', row: '2' }), '21');
      tree = await c.look();
      await editCell(c, cellAt(c, tree, { column: 'C', row: '2' }), '=B2*2');
      await c.expect('cells B2 and C2', "() => [window.sheets[0].getValue('B2'), String(window.sheets[0].getValue('C2', true))]", ['21', '42']);
    },
  },
];
