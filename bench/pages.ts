// Every public page in one table: the JavaScript a phone downloads for it (gzip, measured in
// Chromium at 390 px from the responses it really fetched) and, when the lighthouse package is
// installed, Lighthouse's mobile scores with the system Chromium.
// Run: npm run build && npm run bench:pages [page ...] [--runs N]   (e.g. `-- /blogpage profile` to measure only
// those; `--runs 3` measures each page three times and shows the run with the median score)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../tests/e2e/support/browser';
import { freePort } from '../server/reliability/processes';
import { machine, root, startBenchServer } from './support';
import { ROUTES, ROUTE_LIST, routePath, type RouteName } from '../shared/routes';

// Every public page of the route table (shared/routes.ts), in its order, then the pages a visitor signs in on.
const PAGES: RouteName[] = [...ROUTE_LIST.filter(([, route]) => route.access === 'public').map(([name]) => name), 'signin', 'signup', 'forgotPassword'];
/** A record's page is measured on the first one the sitemaps list; a run asks for it by this name (`-- profile`). */
const RECORD_PAGES: Partial<Record<RouteName, string>> = { doctorProfile: 'profile', article: 'article', aiArticle: 'ai-article' };
const dist = path.join(root, 'dist/web');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

function gzipBytes(urlPath: string): number {
  const file = path.join(dist, urlPath);
  if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size;
  return fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : 0;
}

interface LighthouseAudit {
  score: number | null;
  numericValue?: number;
  title: string;
  details?: { items?: { url?: string; duration?: number; startTime?: number }[] };
}
interface LighthouseResult {
  lhr: { categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>; audits: Record<string, LighthouseAudit> };
}
type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<LighthouseResult | undefined>;
let lighthouse: Lighthouse | undefined;
try {
  lighthouse = ((await import('lighthouse' as string)) as { default: Lighthouse }).default;
} catch {
  console.log('lighthouse is not installed: scores are left out (npm install --no-save lighthouse to add them).');
}

const server = await startBenchServer();
/** The first page of a kind that the sitemaps list. */
async function firstListed(name: RouteName): Promise<string> {
  const index = await (await fetch(`${server.url}/sitemap.xml`)).text();
  const child = new RegExp(`<loc>([^<]*/sitemaps/${name === 'doctorProfile' ? 'profiles' : 'articles'}-1\\.xml)</loc>`).exec(index)?.[1];
  const urls = child ? await (await fetch(new URL(new URL(child).pathname, server.url))).text() : '';
  const pattern = routePath(name, { id: '' });
  const found = [...urls.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).find((p) => p.startsWith(pattern));
  if (!found) throw new Error(`no ${RECORD_PAGES[name]} in the sitemap`);
  return found;
}
const port = await freePort();
const browser = await chromium.launch({ executablePath: chromePath, headless: true, args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`] });
const rows: string[] = [];
const findings: string[] = [];
const longTasks: string[] = [];
const lcpElements: string[] = [];
const runLines: string[] = [];
// `--runs N` measures each page N times (Lighthouse's blocking time varies from run to run); the rest name pages.
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Math.max(1, Number(args[runsAt + 1]) || 1) : 1;
const only = runsAt >= 0 ? args.filter((_, i) => i !== runsAt && i !== runsAt + 1) : args;

interface Measured {
  performance: number;
  tbt: number;
  scores: string;
  tasks: string;
  lcpNode: string | undefined;
  findings: string[];
}

/** One Lighthouse run of a page (a failed run is tried once more). */
async function measureOnce(lighthouse: Lighthouse, pagePath: string): Promise<Measured> {
  const below: string[] = [];
  // NOTE: a trace that does not finish on a loaded machine gives no performance score: try once more.
  let result: LighthouseResult | undefined;
  for (let attempt = 0; attempt < 2 && !(result?.lhr.categories.performance?.score ?? null); attempt++) {
    result = await lighthouse(`${server.url}${pagePath}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
  }
  const c = result?.lhr.categories ?? {};
  const audits = result?.lhr.audits ?? {};
  const metric = (id: string, digits: number, scale = 1) => {
    const value = audits[id]?.numericValue;
    return value === undefined ? '?' : (value / scale).toFixed(digits);
  };
  const scores = [
    ...['performance', 'accessibility', 'best-practices', 'seo'].map((k) => (c[k]?.score === null || !c[k] ? '(run failed)' : Math.round(c[k]!.score! * 100))),
    metric('first-contentful-paint', 2, 1000),
    metric('largest-contentful-paint', 2, 1000),
    metric('total-blocking-time', 0),
    metric('cumulative-layout-shift', 3),
  ].join(' | ');
  // Where the blocking time comes from: the main thread's long tasks, with their simulated durations.
  const tasks = (audits['long-tasks']?.details?.items ?? []).map(
    (t) =>
      `${Math.round(t.duration ?? 0)} ms at ${Math.round(t.startTime ?? 0)} ms (${t.url && URL.canParse(t.url) ? new URL(t.url).pathname : (t.url ?? '?')})`,
  );
  // Which element the largest paint was: the one a faster LCP must bring forward.
  const lcpNode = (audits['largest-contentful-paint-element']?.details?.items?.[0] as { items?: { node?: { selector?: string } }[] } | undefined)?.items?.[0]
    ?.node?.selector;
  // What keeps a category below 100 (performance: only its weighted metrics).
  for (const [key, category] of Object.entries(c)) {
    for (const ref of category.auditRefs) {
      const audit = audits[ref.id];
      // Performance counts only its weighted metrics; the other categories list every failed audit.
      if (!audit || audit.score === null || audit.score >= 1 || (key === 'performance' && ref.weight === 0)) continue;
      below.push(
        `${pagePath} ${key}: ${ref.id} (${audit.title}) score ${audit.score}${audit.numericValue !== undefined ? ` value ${Math.round(audit.numericValue)}` : ''}`,
      );
    }
  }

  return {
    performance: c['performance']?.score ?? 0,
    tbt: audits['total-blocking-time']?.numericValue ?? 0,
    scores,
    tasks: tasks.join('; ') || 'none',
    lcpNode,
    findings: below,
  };
}

for (const name of only.length ? PAGES.filter((page) => only.includes(RECORD_PAGES[page] ?? ROUTES[page].path)) : PAGES) {
  const pagePath = RECORD_PAGES[name] ? await firstListed(name) : ROUTES[name].path;
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
    // Each run is measured whole; the row shows the run with the median score (ties: the median blocking time), and
    // with more than one run every run's score and blocking time follow the table.
    const measured: Measured[] = [];
    for (let run = 0; run < runs; run++) measured.push(await measureOnce(lighthouse, pagePath));
    measured.sort((a, b) => a.performance - b.performance || b.tbt - a.tbt);
    const median = measured[Math.floor((measured.length - 1) / 2)]!;
    scores = median.scores;
    longTasks.push(`${pagePath}: ${median.tasks}`);
    if (median.lcpNode) lcpElements.push(`${pagePath}: ${median.lcpNode}`);
    findings.push(...median.findings);
    if (runs > 1) runLines.push(`${pagePath}: ${measured.map((m) => `${Math.round(m.performance * 100)} (TBT ${Math.round(m.tbt)} ms)`).join(', ')}`);
  }
  rows.push(`| ${pagePath} | ${kb.toFixed(1)} | ${scripts.size} |${lighthouse ? ` ${scores} |` : ''}`);
}
await browser.close();
await server.stop();

console.log(`\nPublic pages on a phone — ${new Date().toISOString()} — ${machine()}`);
console.log(`| page | JS gzip KB | JS files |${lighthouse ? ' performance | accessibility | best practices | SEO | FCP s | LCP s | TBT ms | CLS |' : ''}`);
console.log(`| --- | --- | --- |${lighthouse ? ' --- | --- | --- | --- | --- | --- | --- | --- |' : ''}`);
rows.forEach((r) => console.log(r));
if (longTasks.length) console.log(`\nLong tasks (Lighthouse's simulation):\n${longTasks.map((t) => `- ${t}`).join('\n')}`);
if (lcpElements.length) console.log(`\nLargest contentful paint:\n${lcpElements.map((e) => `- ${e}`).join('\n')}`);
if (runLines.length) console.log(`\nEvery run (performance, blocking time), lowest score first:\n${runLines.map((r) => `- ${r}`).join('\n')}`);
if (findings.length) console.log(`\nBelow 100:\n${findings.map((f) => `- ${f}`).join('\n')}`);
