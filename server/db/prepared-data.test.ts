// The first start from prepared data (decision 161): a new data folder gets a copy of the zip codes and the demo
// content, without the maker's lock or secret, and the demo accounts get passwords of their own, printed once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../lib/password';
import { openDatabase } from './client';
import { copyPreparedData, makePreparedData, renewDemoPasswords } from './prepared-data';
import { users } from './schema';
import { rowsOf } from '../lib/sql-rows';
import { DEMO_ADMIN_EMAIL } from './seed/demo';
import { STAGE_VET_DOMAIN } from './seed/demo-stages';

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-prepared-'));
const root = path.join(temp, 'first-start');
const printed: string[] = [];

beforeAll(async () => {
  await makePreparedData((line) => printed.push(line), root, false);
}, 300_000);
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

describe('a first start from prepared data', () => {
  it('copies the zip codes and the demo content into a new data folder, without the lock or a secret', { timeout: 120_000 }, async () => {
    expect(printed.join('\n')).toMatch(/^Prepared the first start's data .* in \d+\.\d s\.$/);
    const dataDir = path.join(temp, 'data');
    fs.writeFileSync(path.join(root, 'demo', 'jwt-secret'), "the maker's own secret");
    expect(copyPreparedData(dataDir, 'demo', Date.now(), root)).toBe(true);
    expect(fs.readdirSync(dataDir).sort()).toEqual(['pgdata']);
    const database = await openDatabase({ dataDir, owner: 'prepared data test' });
    try {
      const [counts] = rowsOf<{ zips: number; admins: number }>(
        await database.db.execute(
          sql`select (select count(*)::int from zip_codes) as zips, (select count(*)::int from users where email = ${DEMO_ADMIN_EMAIL}) as admins`,
        ),
      );
      expect(counts!.zips).toBeGreaterThan(40_000);
      expect(counts!.admins).toBe(1);

      // New passwords for the demo administrator and the stage vets, printed once; the printed ones sign in.
      const lines: string[] = [];
      await renewDemoPasswords(database, (line) => lines.push(line));
      const admin = /^Demo administrator: (\S+) \/ password: (\S+)$/.exec(lines[0] ?? '');
      expect(admin?.[1]).toBe(DEMO_ADMIN_EMAIL);
      const [row] = await database.db.select().from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
      expect(await verifyPassword(row!.passwordHash, admin![2]!)).toBe(true);
      const stage = /^Demo vets at every stage, password (\S+): (.*)$/.exec(lines[1] ?? '');
      expect(stage?.[2]).toContain('(in review)');
      const [vet] = await database.db
        .select()
        .from(users)
        .where(like(users.email, `%@${STAGE_VET_DOMAIN}`))
        .limit(1);
      expect(await verifyPassword(vet!.passwordHash, stage![1]!)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('is not used for a folder that holds files, for other migrations, or once a week old', () => {
    const full = path.join(temp, 'full');
    fs.mkdirSync(full);
    fs.writeFileSync(path.join(full, 'notes.txt'), 'mine');
    expect(copyPreparedData(full, 'demo', Date.now(), root)).toBe(false);
    expect(fs.readdirSync(full)).toEqual(['notes.txt']);
    expect(copyPreparedData(path.join(temp, 'later'), 'demo', Date.now() + 8 * 24 * 3_600_000, root)).toBe(false);
    expect(copyPreparedData(path.join(temp, 'none'), 'demo-import', Date.now(), root)).toBe(false);
    const stamp = path.join(root, 'stamp.json');
    fs.writeFileSync(stamp, JSON.stringify({ ...JSON.parse(fs.readFileSync(stamp, 'utf8')), schema: 'older migrations' }));
    expect(copyPreparedData(path.join(temp, 'other'), 'demo', Date.now(), root)).toBe(false);
  });
});
