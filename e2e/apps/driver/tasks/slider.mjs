// noUiSlider: two handles (divs with role slider and aria values) moved by
// pointer drags or the arrow keys.
import { all } from '../snap.mjs';

export const app = 'slider';

const values = '() => window.slider.get().map(Number)';

// valueOf is the value the snapshot shows for the slider, or null.
function valueOf(tree, name) {
  const n = all(tree, { role: 'slider', name })[0];
  const m = n && n.line.match(/value="?(-?[\d.]+)/);
  return m ? Number(m[1]) : null;
}

export const tasks = [
  {
    name: 'slider-set-range',
    // "Set the price range to 25 to 75."
    async run(c) {
      let tree = await c.open('/slider.html', (t) => all(t, { role: 'slider' }).length === 2, 'the price slider');
      const want = { 'Minimum price': 25, 'Maximum price': 75 };
      const ans = await c.agent.fill(Object.entries(want).map(([name, value]) => ({
        target: c.ref(tree, { role: 'slider', name }, `the ${name} handle`), name, type: 'slider', value: String(value),
      })));
      if (!ans.ok) {
        // A server that refuses to fill a slider: focus the handle and
        // step with the arrow keys, as a keyboard user does.
        for (const [name, value] of Object.entries(want)) {
          tree = await c.look();
          const ref = c.ref(tree, { role: 'slider', name }, `the ${name} handle`);
          await c.act(c.agent.click(ref));
          tree = await c.look();
          let now = valueOf(tree, name);
          if (now === null) {
            // No value shown: start from an end the value is near.
            await c.act(c.agent.press(value < 50 ? 'Home' : 'End'));
            now = value < 50 ? 0 : 100;
          }
          const key = value > now ? 'ArrowRight' : 'ArrowLeft';
          for (let i = 0; i < Math.abs(value - now); i++) await c.act(c.agent.press(key));
        }
      }
      await c.expect('the range', values, [25, 75]);
    },
  },
];
