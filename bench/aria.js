// aria.js times Playwright's ariaSnapshot on the pages make bench serves:
// node aria.js N URL... prints {"URL":[ms,...],...}. It launches the same
// system Chromium with the same flags as the Go harnesses (given in
// BENCH_FLAGS, one per line).
const { chromium } = require('playwright-core');

(async () => {
  const [n, ...urls] = process.argv.slice(2);
  const args = (process.env.BENCH_FLAGS || '').split('\n').filter(f => f && f !== '--headless');
  const browser = await chromium.launch({ executablePath: process.env.BENCH_CHROME || '/usr/bin/chromium', args, headless: true });
  const page = await browser.newPage();
  const out = {};
  for (const url of urls) {
    await page.goto(url, { timeout: 0 });
    const body = page.locator('body');
    await body.ariaSnapshot({ timeout: 0 }); // warm-up
    out[url] = [];
    for (let i = 0; i < Number(n); i++) {
      const t = performance.now();
      await body.ariaSnapshot({ timeout: 0 });
      out[url].push(performance.now() - t);
    }
  }
  await browser.close();
  process.stdout.write(JSON.stringify(out) + '\n');
})().catch(e => { console.error(e); process.exit(1); });
