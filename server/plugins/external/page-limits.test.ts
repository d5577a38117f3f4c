// Pages the server renders are limited per client address, and a profile's page counts its view once per
// address and day however often it is loaded (docs/product.md 5.8; docs/security.md, Second review, row 5).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../test/helper';
import { createVet } from '../../test/factories';
import { profileDailyStats } from '../../db/schema';
import { utcDay } from '../app/plan-features/profile-stats';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const PAGES_PER_MINUTE = 20;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-page-limits-'));
let app: FastifyInstance;

beforeAll(async () => {
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Animal Doctor</title>\n    <script type="module" crossorigin src="/assets/index-abc.js"></script>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n',
  );
  app = await buildTestApp({ PAGE_RATE_LIMIT_PER_MINUTE: String(PAGES_PER_MINUTE), STATS_FLUSH_MS: '3600000' }, { distDir: dist });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('rendered pages', () => {
  it('400 loads of a profile from one address count one view; beyond the limit they get a 429 page with a sentence', async () => {
    const vet = await createVet(app, { plan: 3 });
    const open = (remoteAddress: string) =>
      app.inject({ method: 'GET', url: `/viewdoctorprofile/${vet.user.id}`, headers: { 'user-agent': BROWSER }, remoteAddress });
    const answers = await Promise.all(Array.from({ length: 400 }, () => open('10.77.0.1')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(PAGES_PER_MINUTE);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(400 - PAGES_PER_MINUTE);
    expect(refused[0]!.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused[0]!.headers['cache-control']).toBe('no-store');
    expect(refused[0]!.body).toMatch(/<p>Too many pages were opened from your address in the last minute\. Please wait \d+ seconds? and try again\.<\/p>/);
    // Not the app shell: nothing in the refusal starts the app.
    expect(refused[0]!.body).not.toContain('<script');

    // Another address is not held back, and its view counts.
    expect((await open('10.77.0.2')).statusCode).toBe(200);
    await app.profileStats.flush();
    const [row] = await app.database.db
      .select()
      .from(profileDailyStats)
      .where(and(eq(profileDailyStats.userId, vet.user.id), eq(profileDailyStats.day, utcDay(new Date()))));
    expect(row?.views).toBe(2);
  });

  it('the limit is for rendered pages only: the API keeps its own', async () => {
    for (let i = 0; i < PAGES_PER_MINUTE + 1; i++) await app.inject({ method: 'GET', url: '/home', remoteAddress: '10.77.1.1' });
    expect((await app.inject({ method: 'GET', url: '/home', remoteAddress: '10.77.1.1' })).statusCode).toBe(429);
    expect((await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.77.1.1' })).statusCode).toBe(200);
  });
});
