// Swiper: a carousel whose slides move by transform; arrows and pagination
// bullets are divs with role button and aria labels.
export const app = 'swiper';

const ready = (t) => t.children.some((n) => n.role === 'button' && /Next slide/.test(n.name));
const active = '() => window.swiper.activeIndex';

export const tasks = [
  {
    name: 'swiper-next-to-lisbon',
    // "Go forward through the destinations until Lisbon shows."
    async run(c) {
      let tree = await c.open('/swiper.html', ready, 'the carousel');
      for (let i = 0; i < 2; i++) {
        await c.act(c.agent.click(c.ref(tree, { role: 'button', name: 'Next slide' }, 'the Next slide arrow')));
        tree = await c.look();
      }
      await c.expect('the carousel', active, 2);
    },
  },
];
