import { launchBrowser, openPage } from './browser';
const base = process.argv[2]!; const paths = process.argv.slice(3);
const browser = await launchBrowser();
for (const width of [390, 1280]) {
  const { page, problems } = await openPage(browser, { width, height: width === 390 ? 844 : 800 });
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    await page.waitForTimeout(400);
    const name = `/tmp/shots/${p.replace(/\W+/g, '_') || 'root'}-${width}.png`;
    await page.screenshot({ path: name, fullPage: true });
    console.log(name, problems.join(' | '));
  }
}
await browser.close();
