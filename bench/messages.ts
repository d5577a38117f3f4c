// `TEST_DATABASE_URL=postgres://… npx tsx bench/messages.ts` (or DATABASE_URL): conversations at scale on
// PostgreSQL (docs/product.md 32.9; decision 214). Makes a fresh database, migrates it, writes 100k threads and
// 5M messages with generate_series (one practice holds 10,000 threads; 50 messages per thread; a tenth of the
// threads with something unread), analyses, then times 200 runs of the app's statements: the inbox of the
// 10,000-thread practice (first page and page 100), a thread's first page of 50, and the unread total, and
// prints p50/p95 and whether each plan uses its index. MESSAGES_BENCH_SCALE=0.1 makes a tenth of the rows.
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { createPostgresDatabase } from '../server/test/helper';
import { rowsOf } from '../server/lib/sql-rows';
import { MESSAGE_LIMITS } from '../shared/lib/message-rules';

const baseUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!baseUrl) throw new Error('Set DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server.');
const scale = Number(process.env.MESSAGES_BENCH_SCALE ?? '1');
const BIG = 10_000;
const threadsTotal = Math.round(100_000 * scale);
const perThread = 50;
const others = Math.max(1, Math.round(900 * scale));
const owners = BIG;

const url = await createPostgresDatabase(baseUrl, 'bench_messages');
const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
const { db } = database;
const step = async (label: string, query: ReturnType<typeof sql>) => {
  const started = performance.now();
  await db.execute(query);
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
};

try {
  await step(
    `${owners} owners and ${others + 1} practices`,
    sql`INSERT INTO users (email, password_hash, first_name, last_name, verify, account_type)
      SELECT 'bench-' || g || '@example.com', 'x', 'Owner', 'No ' || g, true, CASE WHEN g <= ${owners} THEN 'owner' ELSE 'vet' END
      FROM generate_series(1, ${owners + others + 1}::int) g`,
  );
  const [ids] = rowsOf<{ first_owner: number; big: number; first_other: number }>(
    await db.execute(
      sql`SELECT min(id) AS first_owner, min(id) + ${owners} AS big, min(id) + ${owners + 1} AS first_other FROM users WHERE email LIKE 'bench-%'`,
    ),
  );
  const { first_owner: firstOwner, big, first_other: firstOther } = ids!;
  // The big practice talks with every owner; the other threads go 100 to a practice, owners in turn (pairs stay unique).
  await step(
    `${threadsTotal} threads`,
    sql`INSERT INTO message_threads (owner_id, doctor_id, last_message_at, created_at, practice_unread, owner_unread)
      SELECT ${firstOwner}::int + (g % ${owners}), CASE WHEN g < ${BIG} THEN ${big}::int ELSE ${firstOther}::int + ((g - ${BIG}) / 100) % ${others} END,
             now() - (g || ' minutes')::interval, now() - interval '90 days', CASE WHEN g % 10 = 0 THEN 3 ELSE 0 END, CASE WHEN g % 10 = 5 THEN 2 ELSE 0 END
      FROM generate_series(0, ${threadsTotal - 1}::int) g ON CONFLICT DO NOTHING`,
  );
  await step(
    `${threadsTotal * perThread} messages`,
    sql`INSERT INTO messages (thread_id, sender, sender_id, body, created_at, read_at)
      SELECT t.id, CASE WHEN g % 2 = 0 THEN 'owner' ELSE 'practice' END, CASE WHEN g % 2 = 0 THEN t.owner_id ELSE t.doctor_id END,
             'Message ' || g || ' about the pet: how it eats, sleeps and walks today.', t.last_message_at - ((${perThread} - g) || ' hours')::interval,
             t.last_message_at - ((${perThread} - g) || ' hours')::interval
      FROM message_threads t CROSS JOIN generate_series(1, ${perThread}::int) g`,
  );
  await step(
    'last messages',
    sql`UPDATE message_threads t SET last_message_id = m.id FROM (SELECT thread_id, max(id) AS id FROM messages GROUP BY thread_id) m WHERE m.thread_id = t.id`,
  );
  await step('vacuum and analyse', sql`VACUUM (ANALYZE)`);

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const inbox = (page: number) => [
    `SELECT t.id, t.last_message_at, t.closed_side, t.practice_unread AS unread, u.id AS party_id, u.first_name, u.last_name, u.claimed, p.clinic_name,
            m.id AS message_id, m.sender, m.body, m.photo_key, m.created_at AS message_at
     FROM (SELECT * FROM message_threads t WHERE t.doctor_id = $1 AND t.last_message_id IS NOT NULL
           ORDER BY t.last_message_at DESC, t.id DESC LIMIT 20 OFFSET ${(page - 1) * 20}) t
     LEFT JOIN users u ON u.id = t.owner_id LEFT JOIN profiles p ON p.user_id = u.id LEFT JOIN messages m ON m.id = t.last_message_id
     ORDER BY t.last_message_at DESC, t.id DESC`,
    [big],
  ];
  const count = [`SELECT count(*)::int AS n FROM message_threads t WHERE t.doctor_id = $1 AND t.last_message_id IS NOT NULL`, [big]];
  const unread = [`SELECT coalesce(sum(practice_unread), 0)::int AS n FROM message_threads WHERE doctor_id = $1 AND practice_unread > 0`, [big]];
  const [thread] = (await client.query(`SELECT id FROM message_threads WHERE doctor_id = $1 ORDER BY last_message_at DESC LIMIT 1`, [big])).rows as {
    id: number;
  }[];
  const page = [
    `SELECT * FROM messages WHERE thread_id = $1 AND (state = 'shown' OR (state = 'held' AND sender = 'practice')) ORDER BY id DESC LIMIT ${MESSAGE_LIMITS.pageSize + 1}`,
    [thread!.id],
  ];
  const time = async (label: string, ...queries: (string | number[])[][]) => {
    const runs: number[] = [];
    for (let i = 0; i < 220; i += 1) {
      const started = performance.now();
      for (const [text, values] of queries) await client.query(text as string, values as number[]);
      if (i >= 20) runs.push(performance.now() - started);
    }
    runs.sort((x, y) => x - y);
    const at = (q: number) => runs[Math.min(runs.length - 1, Math.floor(q * runs.length))]!.toFixed(2);
    const plans = [];
    for (const [text, values] of queries) {
      const explained = (await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text as string}`, values as number[])).rows[0] as {
        'QUERY PLAN': unknown;
      };
      const json = JSON.stringify(explained['QUERY PLAN']);
      plans.push([...new Set(json.match(/"Index Name":"[a-z_]+"/g) ?? [])].map((s) => s.slice(14, -1)).join('+') || 'no index');
    }
    console.log(`${label.padEnd(52)} p50 ${at(0.5).padStart(6)} ms   p95 ${at(0.95).padStart(6)} ms   ${plans.join(' | ')}`);
  };
  const threadsOfBig = ((await client.query(count[0] as string, count[1] as number[])).rows as { n: number }[])[0]!.n;
  const unreadSql = `SELECT count(*)::int AS n FROM message_threads WHERE doctor_id = $1 AND practice_unread > 0`;
  const unreadRows = ((await client.query(unreadSql, [big])).rows as { n: number }[])[0]!.n;
  console.log(
    `\nOn PostgreSQL: ${threadsTotal} threads, ${threadsTotal * perThread} messages; the practice has ${threadsOfBig} threads, ${unreadRows} with something unread.`,
  );
  await time(`inbox, first page of 20 (+ count)`, inbox(1), count);
  await time(`inbox, page 100`, inbox(100));
  await time(`thread, first page of ${MESSAGE_LIMITS.pageSize}`, page);
  await time(`unread total (reads ${unreadRows} index entries)`, unread);
  await client.end();
} finally {
  await database.close();
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
  await admin.end();
}
