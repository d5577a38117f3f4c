// Every public page in one table: the JavaScript a phone downloads for it (gzip, measured in
// Chromium at 390 px from the responses it really fetched) and, when the lighthouse package is
// installed, Lighthouse's mobile scores with the system Chromium.
// Run: npm run build && npm run bench:pages
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../tests/e2e/support/browser';
import { freePort } from '../server/reliability/processes';
import { machine, root, startBenchServer } from './support';

const PAGES = [
  '/home',
  '/searchdoctor',
  '/viewdoctorprofile/1',
  '/blogpage',
  '/singlepost/1',
  '/ai-blogpage',
  '/services',
  '/medicine',
  '/insurance',
  '/aboutus',
  '/privacypolicy',
  '/terms',
  '/signin',
  '/signup',
  '/forgotpassword',
];
const dist = path.join(root, 'dist/web');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

function gzipBytes(urlPath: string): number {
  const file = path.join(dist, urlPath);
  if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size;
  return fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : 0;
}

type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<{ lhr: { categories: Record<string, { score: number | null }> } } | undefined>;
let lighthouse: Lighthouse | undefined;
try {
  lighthouse = ((await import('lighthouse' as string)) as { default: Lighthouse }).default;
} catch {
  console.log('lighthouse is not installed: scores are left out (npm install --no-save lighthouse to add them).');
}

const server = await startBenchServer();
const port = await freePort();
const browser = await chromium.launch({ executablePath: chromePath, headless: true, args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`] });
const rows: string[] = [];
for (const pagePath of PAGES) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await page.goto(`${server.url}${pagePath}`, { waitUntil: 'networkidle' });
  await context.close();
  const kb = [...scripts].reduce((sum, s) => sum + gzipBytes(s), 0) / 1024;
  let scores = '';
  if (lighthouse) {
    const result = await lighthouse(`${server.url}${pagePath}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const c = result?.lhr.categories ?? {};
    scores = ['performance', 'accessibility', 'best-practices', 'seo'].map((k) => Math.round((c[k]?.score ?? 0) * 100)).join(' | ');
  }
  rows.push(`| ${pagePath} | ${kb.toFixed(1)} | ${scripts.size} |${lighthouse ? ` ${scores} |` : ''}`);
}
await browser.close();
await server.stop();

console.log(`\nPublic pages on a phone — ${new Date().toISOString()} — ${machine()}`);
console.log(`| page | JS gzip KB | JS files |${lighthouse ? ' performance | accessibility | best practices | SEO |' : ''}`);
console.log(`| --- | --- | --- |${lighthouse ? ' --- | --- | --- | --- |' : ''}`);
rows.forEach((r) => console.log(r));
