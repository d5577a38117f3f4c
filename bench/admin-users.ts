// Manage Users at 100k accounts (issue 12): seeds 100,000 users (60% with a profile, 40% with a
// paid plan) in one set-based statement per table, then times the account list as the /admin page
// asks for it: default page, searches by name, e-mail and clinic, filters, sorts and a deep page.
// Prints the median of 7 runs per query and its ratio to a 100 ms budget.
// Usage: npx tsx bench/admin-users.ts            (PGlite in memory)
//        BENCH_DATABASE_URL=postgres://... npx tsx bench/admin-users.ts   (a new database on that server)
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { listUsers } from '../server/plugins/app/admin/user-admin';
import type { AdminUsersBody } from '../shared/schemas/admin';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
const BUDGET_MS = 100;

async function openBenchDatabase() {
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) return openDatabase({});
  const name = `ad_bench_admin_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const opened = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  return {
    ...opened,
    close: async () => {
      await opened.close();
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE ${name}`);
      await cleanup.end();
    },
  };
}

async function main() {
  const database = await openBenchDatabase();
  const { db } = database;
  const started = Date.now();
  await db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, verify, manage_role, status, review_state, submit_at, created_at)
    select 'user' || g || '@bench' || (g % 97) || '.example.com', 'x',
      (array['Ava','Liam','Noah','Emma','Mia','Lucas','Zoe','Ethan','Ines','Owen'])[1 + g % 10] || g,
      (array['Smith','Garcia','Nguyen','Okafor','Kim','Rossi','Novak','Silva','Cohen','Brown'])[1 + (g / 10) % 10],
      g % 7 <> 0, case when g % 5000 = 0 then 'admin' else 'user' end, case when g % 50 = 0 then 'suspended' else 'active' end,
      (array['draft','pending','approved','rejected'])[1 + g % 4], case when g % 4 > 0 then now() - (g || ' minutes')::interval end,
      now() - (g || ' minutes')::interval
    from generate_series(1, ${ACCOUNTS}) g`);
  await db.execute(sql`
    insert into profiles (user_id, clinic_name, city, state, zip)
    select id, (array['Harbor','Valley','Maple','Cedar','River','Summit','Prairie','Lakeside'])[1 + id % 8] || ' Animal Clinic ' || id,
      'City ' || (id % 500), 'NY', lpad((10000 + id % 80000)::text, 5, '0')
    from users where id % 5 < 3`);
  await db.execute(sql`
    insert into payments (user_id, plan, status, current_period_end)
    select id, 1 + id % 3, 'active', now() + interval '20 days' from users where id % 5 < 2`);
  await db.execute(sql`analyze users`);
  await db.execute(sql`analyze profiles`);
  await db.execute(sql`analyze payments`);
  console.log(`${database.engine}: seeded ${ACCOUNTS} accounts in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const base: AdminUsersBody = { search: '', page: 1, pageSize: 20 };
  const cases: [string, Partial<AdminUsersBody>][] = [
    ['first page, newest first', {}],
    ['search a name part ("okafor")', { search: 'okafor' }],
    ['search an e-mail ("user4242@")', { search: 'user4242@' }],
    ['search a clinic ("summit animal clinic 99")', { search: 'summit animal clinic 99' }],
    ['filter plan 2 + in review', { plan: 2, review_state: 'pending' }],
    ['filter no plan + not verified', { plan: 0, verified: false }],
    ['filter suspended', { suspended: true }],
    ['sort by name', { sort: 'name' }],
    ['sort by e-mail, page 200', { sort: 'email', page: 200 }],
    ['search "clinic" (matches 60%) + sort by name', { search: 'clinic', sort: 'name' }],
  ];
  console.log('| query | rows found | median ms | ratio to 100 ms |');
  console.log('|---|---|---|---|');
  for (const [label, extra] of cases) {
    const times: number[] = [];
    let total = 0;
    for (let run = 0; run < 7; run++) {
      const t = performance.now();
      total = (await listUsers(db, { ...base, ...extra }, new Date())).totalCount;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const median = times[3]!;
    console.log(`| ${label} | ${total} | ${median.toFixed(1)} | ${(median / BUDGET_MS).toFixed(2)} |`);
  }
  await database.close();
}

await main();
