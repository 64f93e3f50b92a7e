// ariabytes.js measures the size of Playwright's ariaSnapshot of pages:
// node ariabytes.js URL... prints {"URL":bytes,...}, the UTF-8 length of
// the body's ariaSnapshot (default mode) once each page has loaded. The
// snapshot fidelity harness (make fidelity, -fidelity.aria) compares it
// with agentbrowser's snapshot of the same pages.
const { chromium } = require('playwright-core');

(async () => {
  const urls = process.argv.slice(2);
  const browser = await chromium.launch({ executablePath: process.env.BENCH_CHROME || '/usr/bin/chromium', headless: true });
  const page = await browser.newPage();
  const out = {};
  for (const url of urls) {
    await page.goto(url, { timeout: 0, waitUntil: 'load' });
    const text = await page.locator('body').ariaSnapshot({ timeout: 0 });
    out[url] = Buffer.byteLength(text, 'utf8');
  }
  await browser.close();
  process.stdout.write(JSON.stringify(out) + '\n');
})().catch(e => { console.error(e); process.exit(1); });
