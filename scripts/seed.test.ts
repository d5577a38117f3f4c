// `npm run seed -- --doctors N --reviews M --profile-reviews K` as a benchmark runs it: a real process on
// a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL). The reviews land set-based with the
// rating triggers off, and the rebuilt doctor_search and review_stats must count exactly the published ones.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/db/client';
import { preparedDataDir } from '../server/test/data-dir-template';
import { createPostgresDatabase } from '../server/test/helper';

const root = path.resolve(import.meta.dirname, '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function seed(env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(tsx, ['scripts/seed.ts', ...args], { cwd: root, env, encoding: 'utf8', timeout: 240_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, out: stdout.trim(), err: stderr.trim() });
    });
  });
}

describe('npm run seed with reviews', () => {
  it(
    'spreads the reviews, gives vet 10 its many and vet 50 none, counts exactly the published ones, and adds nothing twice',
    { timeout: 600_000 },
    async () => {
      const base = process.env.TEST_DATABASE_URL;
      let target: { databaseUrl: string } | { dataDir: string };
      if (base) target = { databaseUrl: await createPostgresDatabase(base, 'seed') };
      else {
        const dataDir = await preparedDataDir('ad-seed-');
        dirs.push(dataDir);
        target = { dataDir };
      }
      const env = {
        ...process.env,
        NODE_ENV: 'test',
        DEMO_DATA: 'off',
        ...('databaseUrl' in target ? { DATABASE_URL: target.databaseUrl } : { DATABASE_URL: '', DATA_DIR: target.dataDir }),
      };
      const first = await seed(env, '--doctors', '60', '--reviews', '500', '--profile-reviews', '40');
      expect(first.code, first.err).toBe(0);
      expect(first.out).toMatch(/60 vets added/);

      const database = await openDatabase({ ...target, owner: 'test' });
      try {
        const rows = async <T>(statement: ReturnType<typeof sql>) => ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;
        const [all] = await rows<{ spread: number; published: number; pending: number }>(sql`
        SELECT count(*) FILTER (WHERE client_ip = 'seed')::int AS spread,
               count(*) FILTER (WHERE state = 'published')::int AS published,
               count(*) FILTER (WHERE state = 'pending')::int AS pending FROM reviews`);
        expect(all!.spread).toBe(500);
        expect(all!.pending).toBe(10); // one in 50
        // What the trigger-less load left in doctor_search is what counting gives.
        const wrong = await rows<{ user_id: number }>(sql`
        SELECT ds.user_id FROM doctor_search ds
        LEFT JOIN (SELECT doctor_id, count(*)::int AS n, sum(rating)::int AS s FROM reviews WHERE state = 'published' GROUP BY doctor_id) r ON r.doctor_id = ds.user_id
        WHERE (ds.rating_count, ds.rating_sum) IS DISTINCT FROM (coalesce(r.n, 0), coalesce(r.s, 0))`);
        expect(wrong).toEqual([]);
        // The per-star counts the reviews list reads (review_stats) match counting, for listed vets or not.
        const wrongStars = await rows<{ doctor_id: number }>(sql`
        SELECT coalesce(st.doctor_id, r.doctor_id) AS doctor_id FROM review_stats st
        FULL JOIN (SELECT doctor_id, count(*) FILTER (WHERE rating = 1)::int AS s1, count(*) FILTER (WHERE rating = 2)::int AS s2,
                          count(*) FILTER (WHERE rating = 3)::int AS s3, count(*) FILTER (WHERE rating = 4)::int AS s4,
                          count(*) FILTER (WHERE rating = 5)::int AS s5
                   FROM reviews WHERE state = 'published' GROUP BY doctor_id) r ON r.doctor_id = st.doctor_id
        WHERE (st.stars_1, st.stars_2, st.stars_3, st.stars_4, st.stars_5) IS DISTINCT FROM (r.s1, r.s2, r.s3, r.s4, r.s5)`);
        expect(wrongStars).toEqual([]);
        const [many] = await rows<{ n: number }>(sql`
        SELECT (st.stars_1 + st.stars_2 + st.stars_3 + st.stars_4 + st.stars_5)::int AS n FROM review_stats st
        JOIN users u ON u.id = st.doctor_id WHERE u.email = 'seed-10@seed.animaldoctor.local'`);
        expect(many?.n).toBe(40);
        const per = await rows<{ email: string; n: number }>(sql`
        SELECT u.email, ds.rating_count AS n FROM doctor_search ds JOIN users u ON u.id = ds.user_id
        WHERE u.email IN ('seed-10@seed.animaldoctor.local', 'seed-50@seed.animaldoctor.local', 'seed-7@seed.animaldoctor.local')`);
        const count = (n: number) => per.find((row) => row.email === `seed-${n}@seed.animaldoctor.local`)?.n;
        expect(count(10)).toBe(40);
        expect(count(50)).toBe(0);
        // 500 reviews over the 54 vets whose number does not end in 0: nine or ten each, one in 50 held.
        expect(count(7)).toBeGreaterThanOrEqual(8);
        const [stars] = await rows<{ low: number; high: number }>(sql`SELECT min(rating)::int AS low, max(rating)::int AS high FROM reviews`);
        expect(stars).toEqual({ low: 1, high: 5 });
      } finally {
        await database.close();
      }

      const again = await seed(env, '--doctors', '60', '--reviews', '500', '--profile-reviews', '40');
      expect(again.code, again.err).toBe(0);
      expect(again.out).toMatch(/nothing to add/);
      const refused = await seed(env, '--doctors', '60', '--reviews', 'many');
      expect(refused.code).toBe(2);
      expect(refused.err).toMatch(/--reviews must be a whole number/);
    },
  );
});
