// Playwright's side of the storage state round trip (TestStorageStatePlaywright):
//   node state.mjs save SITE_A SITE_B OUT   signs in on both sites, writes context.storageState()
//   node state.mjs load STATE URL...        opens each URL in a context made from STATE and
//                                           prints [{title, cookies}, ...] as JSON
import { chromium } from 'playwright-core';

const [mode, ...args] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_BIN || '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  if (mode === 'save') {
    const [siteA, siteB, out] = args;
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(siteA + '/login');
    await page.goto(siteB + '/login');
    await context.storageState({ path: out });
  } else if (mode === 'load') {
    const [state, ...urls] = args;
    const context = await browser.newContext({ storageState: state });
    const page = await context.newPage();
    const seen = [];
    for (const url of urls) {
      await page.goto(url);
      seen.push({ title: await page.title(), cookies: await context.cookies() });
    }
    console.log(JSON.stringify(seen));
  } else {
    throw new Error('usage: state.mjs save SITE_A SITE_B OUT | load STATE URL...');
  }
} finally {
  await browser.close();
}
