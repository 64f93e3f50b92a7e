// ariabytes.js measures the size of Playwright's ariaSnapshot of pages:
// node ariabytes.js URL... prints {"URL":[plain,ai],...}, the UTF-8
// lengths of the body's ariaSnapshot (default mode) and of the page's in
// "ai" mode (with refs: what Playwright MCP shows an agent) once each page
// has loaded. The snapshot fidelity harness (make fidelity,
// -fidelity.aria) compares them with agentbrowser's snapshot of the same
// pages.
const { chromium } = require('playwright-core');

(async () => {
  const urls = process.argv.slice(2);
  const browser = await chromium.launch({ executablePath: process.env.BENCH_CHROME || '/usr/bin/chromium', headless: true });
  const page = await browser.newPage();
  const out = {};
  for (const url of urls) {
    await page.goto(url, { timeout: 0, waitUntil: 'load' });
    const plain = await page.locator('body').ariaSnapshot({ timeout: 0 });
    const ai = await page.ariaSnapshot({ timeout: 0, mode: 'ai' });
    out[url] = [Buffer.byteLength(plain, 'utf8'), Buffer.byteLength(ai, 'utf8')];
  }
  await browser.close();
  process.stdout.write(JSON.stringify(out) + '\n');
})().catch(e => { console.error(e); process.exit(1); });
