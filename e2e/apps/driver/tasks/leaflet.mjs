// Leaflet: a map (no tiles, to run offline) with zoom buttons, pins that
// open a popup on click, a draggable pin, and a place label drawn on the
// map that takes no input.
export const app = 'leaflet';

const ready = (t) => t.source.includes('Zoom in') && t.source.includes('Depot');

export const tasks = [
  {
    name: 'leaflet-zoom-in',
    // "Zoom the map in two steps."
    async run(c) {
      let tree = await c.open('/leaflet.html', ready, 'the map');
      for (let i = 0; i < 2; i++) {
        await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Zoom in' }, 'the Zoom in button')));
        tree = await c.look();
      }
      await c.expect('the map', '() => window.mapState().zoom', 15);
    },
  },
  {
    name: 'leaflet-open-popup',
    // "What are the corner shop's delivery hours?" (click its pin; the
    // popup tells).
    async run(c) {
      const tree = await c.open('/leaflet.html', ready, 'the map');
      await c.act(c.agent.click(c.ref(tree, { name: 'Corner shop' }, 'the Corner shop pin')));
      await c.lookFor((t) => t.source.includes('Deliveries before noon'), 'the popup of the corner shop');
      await c.expect('the map', '() => window.mapState().popup', ['Corner shop']);
    },
  },
  {
    name: 'leaflet-move-depot',
    // "Move the depot pin onto the harbour."
    async run(c) {
      const tree = await c.open('/leaflet.html', ready, 'the map');
      const pin = c.ref(tree, { name: 'Depot' }, 'the Depot pin');
      const harbour = c.target(tree, 'Harbour', 'the Harbour label');
      await c.act(c.agent.drag(pin, harbour));
      // The pin's image covers the label's centre: it stands on the harbour.
      await c.expect('the depot pin', `() => { const p = window.depot.getElement().getBoundingClientRect();
        const h = window.harbour.getElement().firstChild.getBoundingClientRect();
        const x = h.left + h.width / 2, y = h.top + h.height / 2;
        return x >= p.left && x <= p.right && y >= p.top && y <= p.bottom; }`, true);
    },
  },
];
