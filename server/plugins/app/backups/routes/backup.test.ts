// GET /api/admin/backup and `npm run restore` (docs/product.md 23.1): a backup taken while sign-ups and
// uploads go on holds all or none of each transaction; restored into a new DATA_DIR it equals the
// database row by row, and an account of the copy signs in on a server started on it. One backup at a
// time; administrators only; 409 on PostgreSQL. Scheduled backups keep BACKUP_KEEP files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import app from '../../../../app';
import { openDatabase, type Database } from '../../../../db/client';
import { restoreBackup, RestoreRefused } from '../../../../db/restore';
import { fastifyOptions } from '../../../../fastify-options';
import { createTestClock } from '../../../../lib/clock';
import { buildTestApp, testConfig } from '../../../../test/helper';
import { TokenService } from '../../auth/tokens';
import { createAccount, injectAs, uniqueEmail, FACTORY_PASSWORD, type Account } from '../../../../test/factories';
import { multipartBody, pngImage } from '../../../../test/profile-fixtures';
import { everyRow } from '../../../../test/every-row';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const clock = createTestClock(new Date('2026-11-26T09:00:00Z'));
let site: FastifyInstance;
let admin: Account;
const folders: string[] = [];
const newFolder = (label: string) => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `ad-backup-${label}-`));
  folders.push(folder);
  return folder;
};
const dataDir = newFolder('site');

beforeAll(async () => {
  site = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000', MAIL_PER_CLIENT_PER_HOUR: '100000', DATA_DIR: dataDir, BACKUP_KEEP: '2' }, { clock });
  admin = await createAccount(site, { stage: 'admin' });
});
afterAll(async () => {
  await site.close();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

const download = (token: string | undefined) => injectAs(site, token, { method: 'GET', url: '/api/admin/backup' });

async function restoreInto(bytes: Buffer): Promise<{ folder: string; database: Database }> {
  const file = path.join(newFolder('file'), 'backup.tar.gz');
  fs.writeFileSync(file, bytes);
  const folder = path.join(newFolder('restored'), 'data');
  await restoreBackup(file, folder);
  return { folder, database: await openDatabase({ dataDir: folder, owner: 'test' }) };
}

describe.runIf(onPostgres)('GET /api/admin/backup on PostgreSQL', () => {
  it('answers 409 with a sentence pointing at pg_dump', async () => {
    const res = await download(admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'USE_PG_DUMP', message: expect.stringContaining('pg_dump') });
  });
});

describe.skipIf(onPostgres)('GET /api/admin/backup on the embedded database', () => {
  it('is for administrators only', async () => {
    expect((await download(undefined)).statusCode).toBe(401);
    // An administrator's id in a token signed with another secret.
    const forged = await new TokenService(new TextEncoder().encode('an-attackers-secret-an-attackers-secret')).sign(
      admin.user.id,
      'session',
      admin.user.tokenVersion,
    );
    expect((await download(forged)).statusCode).toBe(401);
    expect((await download((await createAccount(site, { stage: 'verified' })).token)).statusCode).toBe(403);
  });

  it('taken during sign-ups and uploads holds all or none of each, restores, and an account of the copy signs in', { timeout: 120_000 }, async () => {
    const vets = await Promise.all(Array.from({ length: 4 }, () => createAccount(site, { stage: 'paid' })));
    const image = await pngImage();
    const signUps = Array.from({ length: 12 }, (_, i) =>
      injectAs(site, undefined, {
        url: '/api/user/register',
        payload: { first_name: 'Backup', last_name: `Racer${i}`, email: uniqueEmail('racer'), password: FACTORY_PASSWORD },
      }),
    );
    const uploads = vets.map((vet) => injectAs(site, vet.token, { url: '/api/user/change-avatar', ...multipartBody('avatar', 'me.png', 'image/png', image) }));
    // The backup is asked for while those are in flight.
    await new Promise((resolve) => setImmediate(resolve));
    const during = await download(admin.token);
    const answers = await Promise.all([...signUps, ...uploads]);
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(during.statusCode).toBe(200);
    expect(during.headers['content-type']).toBe('application/gzip');
    expect(during.headers['cache-control']).toBe('no-store');
    expect(during.headers['content-disposition']).toMatch(/^attachment; filename="animal-doctor-backup-\d{8}T\d{6}Z\.tar\.gz"$/);

    // All or none: every account of the copy has the verification e-mail of its own transaction, and every
    // uploaded image has all of its sizes; what the copy holds, the site holds too.
    const copy = await restoreInto(during.rawPayload);
    try {
      const orphans = (await copy.database.db.execute(
        sql`SELECT u.email FROM users u WHERE u.last_name LIKE 'Racer%' AND NOT EXISTS (SELECT 1 FROM email_outbox o WHERE o.to_address = u.email)`,
      )) as unknown as { rows: unknown[] };
      expect(orphans.rows).toEqual([]);
      const sizes = `SELECT regexp_replace(key, '[^/]*$', '') AS image, count(*)::int AS n FROM uploads GROUP BY 1 ORDER BY 1`;
      const copied = ((await copy.database.db.execute(sql.raw(sizes))) as unknown as { rows: { image: string; n: number }[] }).rows;
      const live = new Map(
        ((await site.database.db.execute(sql.raw(sizes))) as unknown as { rows: { image: string; n: number }[] }).rows.map((r) => [r.image, r.n]),
      );
      for (const row of copied) expect(row.n, row.image).toBe(live.get(row.image));
      // Rows that never change after their transaction are in the copy exactly as the site holds them.
      for (const table of ['uploads', 'audit_log', 'profiles']) {
        const rows = `SELECT md5(t::text) AS h FROM ${table} t`;
        const liveRows = new Set(((await site.database.db.execute(sql.raw(rows))) as unknown as { rows: { h: string }[] }).rows.map((r) => r.h));
        const copyRows = ((await copy.database.db.execute(sql.raw(rows))) as unknown as { rows: { h: string }[] }).rows;
        expect(
          copyRows.filter((r) => !liveRows.has(r.h)),
          table,
        ).toEqual([]);
      }
      const racers = (
        (await copy.database.db.execute(sql`SELECT count(*)::int AS n FROM users WHERE last_name LIKE 'Racer%'`)) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
      expect(racers).toBeLessThanOrEqual(12);
    } finally {
      await copy.database.close();
    }

    // Once writes stop (the outbox sent), a backup restores to the same rows, table by table.
    await site.mailer.idle();
    const quiet = await download(admin.token);
    expect(quiet.statusCode).toBe(200);
    const live = await everyRow(site.database);
    const restored = await restoreInto(quiet.rawPayload);
    try {
      const rows = await everyRow(restored.database);
      expect(Object.keys(rows)).toEqual(Object.keys(live));
      for (const table of Object.keys(live)) expect(rows[table], table).toEqual(live[table]);
      expect(rows['public.users']!.length).toBeGreaterThanOrEqual(17);
      expect(rows['public.uploads']!.length).toBeGreaterThan(0);
      // The download itself is in the audit log, and so in the copy taken after it.
      const audited = (await restored.database.db.execute(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'backup downloaded'`)) as unknown as {
        rows: { n: number }[];
      };
      expect(audited.rows[0]!.n).toBe(2);

      // A server started on the restored folder: an account of the copy signs in, and its avatar is served.
      const config = testConfig({ DATA_DIR: restored.folder });
      const server = Fastify(fastifyOptions(config, false));
      await server.register(app, { config, database: restored.database, distDir: '/nonexistent-dist', ssrEntry: '/nonexistent-ssr' });
      await server.ready();
      try {
        const login = await server.inject({ method: 'POST', url: '/api/user/login', payload: { email: vets[0]!.user.email, password: FACTORY_PASSWORD } });
        expect(login.statusCode).toBe(200);
        const avatar = (login.json() as { user: { profile: { avatar: string | null } | null } }).user.profile?.avatar;
        expect(avatar).toMatch(/\/uploads\//);
        expect((await server.inject({ method: 'GET', url: new URL(avatar!, 'http://x').pathname })).statusCode).toBe(200);
      } finally {
        await server.close();
      }
    } finally {
      await restored.database.close();
    }
  });

  it('makes one backup at a time: a second request while one runs is refused with 409', async () => {
    const [first, second] = await Promise.all([download(admin.token), download(admin.token)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(refused.json()).toMatchObject({ code: 'BACKUP_RUNNING', message: 'A backup is being made right now. Try again when it is done.' });
    // Once it is done, the next one is made.
    expect((await download(admin.token)).statusCode).toBe(200);
  });

  it('restores only into an empty folder, and only a backup file', async () => {
    const taken = await download(admin.token);
    const file = path.join(newFolder('file'), 'backup.tar.gz');
    fs.writeFileSync(file, taken.rawPayload);
    const full = newFolder('full');
    fs.writeFileSync(path.join(full, 'jwt-secret'), 'x');
    await expect(restoreBackup(file, full)).rejects.toThrow(
      new RestoreRefused(
        `${full} already holds data (jwt-secret). A restore fills an empty folder only: set DATA_DIR to a new folder, or move this one away first.`,
      ),
    );
    const notBackup = path.join(newFolder('file'), 'not.tar.gz');
    fs.writeFileSync(notBackup, 'hello');
    const empty = path.join(newFolder('empty'), 'data');
    await expect(restoreBackup(notBackup, empty)).rejects.toThrow(/could not be read as a backup/);
    expect(fs.existsSync(path.join(empty, 'pgdata'))).toBe(false);
  });

  it('writes a scheduled backup when the newest is BACKUP_EVERY_HOURS old, keeping BACKUP_KEEP', async () => {
    const written: string[] = [];
    for (let i = 0; i < 3; i++) {
      written.push((await site.backups.runIfDue())!);
      // Not due again within the hours.
      expect(await site.backups.runIfDue()).toBeUndefined();
      clock.advance(24 * 3_600_000);
    }
    const kept = fs.readdirSync(path.join(dataDir, 'backups')).sort();
    expect(kept).toEqual(written.slice(1).map((file) => path.basename(file)));
    expect(kept[0]).toBe('animal-doctor-backup-20261127T090000Z.tar.gz');
  });
});
