// The business dashboard's figures on a seeded database (docs/product.md section 24, decision 121): each
// figure's query timed alone (median of 5 runs) over 30 and 365 days, then the whole answer as the call
// computes it (every figure at once), against a budget of one second.
// Usage: DATA_DIR=/tmp/bench-100k npm run seed -- --doctors 100000 --reviews 100000
//        DATA_DIR=/tmp/bench-100k npm run bench:dashboard        (PGlite in that DATA_DIR)
//        DATABASE_URL=postgres://... npm run bench:dashboard      (PostgreSQL, seeded the same way)
// The seed writes every vet today, so "new accounts" reads all of them in every window (the worst case).
// Before timing, the bench adds what the seed has no rows for, once and idempotently: a year of the site's
// searches and profile views a day, and one seeded vet in 100 sent for review over the last 30 days.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { systemClock } from '../server/lib/clock';
import { dashboardWindow, FIGURE_NAMES, FIGURES } from '../server/plugins/app/dashboard/figures';
import { root } from './support';
import { rowsOf } from '../server/lib/sql-rows';

const RUNS = 5;
const BUDGET_MS = 1000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const database = await openDatabase(
    process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: path.resolve(root, process.env.DATA_DIR ?? 'data'), owner: 'bench' },
  );
  const { db } = database;
  const one = async (query: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(await db.execute(query))[0]!;
  const vets = Number((await one(sql`SELECT count(*)::int AS n FROM users WHERE account_type = 'vet'`)).n);
  if (vets < 1000) throw new Error('seed the database first: npm run seed -- --doctors 100000');

  await db.execute(sql`
    INSERT INTO site_daily_stats (day, searches, profile_views)
    SELECT d::date, 20000 + (extract(doy FROM d)::int * 37) % 5000, 60000 + (extract(doy FROM d)::int * 53) % 9000
    FROM generate_series(current_date - 400, current_date, interval '1 day') d
    ON CONFLICT (day) DO NOTHING`);
  await db.execute(sql`
    UPDATE users SET review_state = 'pending', submit_at = now() - ((id % 30) || ' days')::interval
    WHERE email LIKE 'seed-%' AND id % 100 = 0 AND review_state <> 'pending'`);
  await db.execute(sql`ANALYZE`);
  const counts = await one(sql`SELECT
      (SELECT count(*)::int FROM users) AS accounts,
      (SELECT count(*)::int FROM doctor_search) AS listed,
      (SELECT count(*)::int FROM reviews) AS reviews,
      (SELECT count(*)::int FROM reviews WHERE state = 'pending') AS held,
      (SELECT count(*)::int FROM users WHERE review_state = 'pending') AS waiting`);
  console.log(
    `${database.engine}: ${Number(counts.accounts).toLocaleString('en-US')} accounts, ${Number(counts.listed).toLocaleString('en-US')} listed, ` +
      `${Number(counts.reviews).toLocaleString('en-US')} reviews (${Number(counts.held).toLocaleString('en-US')} held), ${Number(counts.waiting).toLocaleString('en-US')} profiles waiting`,
  );

  console.log('| figure | 30 days, median ms | 365 days, median ms | ratio to 1 s (365 days) |');
  console.log('|---|---|---|---|');
  const time = async (run: () => Promise<unknown>) => {
    await run();
    const took: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await run();
      took.push(performance.now() - started);
    }
    return median(took);
  };
  for (const name of FIGURE_NAMES) {
    const [month, year] = [
      await time(() => FIGURES[name](db, dashboardWindow(30, systemClock.now()))),
      await time(() => FIGURES[name](db, dashboardWindow(365, systemClock.now()))),
    ];
    console.log(`| ${name} | ${month.toFixed(1)} | ${year.toFixed(1)} | ${(year / BUDGET_MS).toFixed(2)} |`);
  }
  const all = (days: number) => () => Promise.all(FIGURE_NAMES.map((name) => FIGURES[name](db, dashboardWindow(days, systemClock.now()))));
  const [month, year] = [await time(all(30)), await time(all(365))];
  console.log(`| the whole answer | ${month.toFixed(1)} | ${year.toFixed(1)} | ${(year / BUDGET_MS).toFixed(2)} |`);
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
