// Times the sitemap at scale on PostgreSQL: N public vets (default 1,000,000) in a throwaway
// database, then the index plan (one pass of the database) and streaming every child sitemap.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/sitemap.ts [N]
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { createSitemaps } from '../server/plugins/app/seo/sitemap';
import { systemClock } from '../server/lib/clock';

const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!base) {
  console.error('Set BENCH_DATABASE_URL (a PostgreSQL server where a throwaway database may be made).');
  process.exit(1);
}
const count = Number(process.argv[2] ?? 1_000_000);
const name = `ad_bench_sitemap_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
const { db } = database;
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
try {
  let t = process.hrtime.bigint();
  await db.execute(sql`insert into users (email, password_hash, first_name, last_name, verify, review_state, submit_at)
    select 'vet' || i || '@bench.example', 'x', 'Vet', 'No' || i, true, case when i % 10 = 0 then 'pending' else 'approved' end, now()
    from generate_series(1, ${count}) as i`);
  await db.execute(sql`insert into payments (user_id, plan, status, current_period_end) select id, 1, 'active', now() + interval '30 days' from users`);
  await db.execute(sql`insert into profiles (user_id, clinic_name, city, state, zip) select id, 'Clinic ' || id, 'Austin', 'TX', '78701' from users`);
  await db.execute(sql`analyze`);
  console.log(`seeded ${count.toLocaleString()} vets (90% public) in ${(ms(t) / 1000).toFixed(1)} s`);

  const sitemaps = createSitemaps(db, 'https://animaldoctor.example', systemClock);
  t = process.hrtime.bigint();
  const index = await sitemaps.index();
  const children = [...index.matchAll(/<loc>[^<]*\/sitemaps\/([^<]+)\.xml<\/loc>/g)].map((m) => m[1]!);
  console.log(
    `index: ${children.length} sitemaps, planned in ${ms(t).toFixed(0)} ms; cached: ${(
      await (async () => {
        const c = process.hrtime.bigint();
        await sitemaps.index();
        return ms(c);
      })()
    ).toFixed(2)} ms`,
  );

  let urls = 0;
  let bytes = 0;
  let slowest = 0;
  const memoryBefore = process.memoryUsage().rss;
  let peak = memoryBefore;
  t = process.hrtime.bigint();
  for (const child of children) {
    const c = process.hrtime.bigint();
    const stream = await sitemaps.child(child);
    await pipeline(
      stream!,
      new Writable({
        write(chunk: Buffer, _enc, done) {
          bytes += chunk.length;
          urls += (chunk.toString().match(/<url>/g) ?? []).length;
          peak = Math.max(peak, process.memoryUsage().rss);
          done();
        },
      }),
    );
    slowest = Math.max(slowest, ms(c));
  }
  console.log(
    `children: ${urls.toLocaleString()} URLs, ${(bytes / 1e6).toFixed(0)} MB in ${(ms(t) / 1000).toFixed(1)} s; slowest child ${slowest.toFixed(0)} ms; RSS grew by ${((peak - memoryBefore) / 1e6).toFixed(0)} MB`,
  );
} finally {
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
