// The Administration page's backups (docs/product.md 29.2; decision 180): the kept files with their kind, time and
// size; 'Back up now' (audited, kept beside the scheduled ones, BACKUP_KEEP of each kind); and a two-minute link
// the browser follows with no Authorization header. Only an administrator gets a link, a link opens only its own
// file, and a forged, borrowed or stale one is refused. On PostgreSQL the list says why there is none.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../../../../lib/clock';
import { buildTestApp } from '../../../../test/helper';
import { TokenService } from '../../auth/tokens';
import { createAccount, injectAs, type Account } from '../../../../test/factories';
import { auditLog, users } from '../../../../db/schema';
import type { BackupCreateAnswer, BackupLinkAnswer, BackupListAnswer } from '../../../../../shared/schemas/backup';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const clock = createTestClock(new Date('2026-11-27T10:00:00Z'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-backups-page-'));
let site: FastifyInstance;
let admin: Account;

beforeAll(async () => {
  site = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000', DATA_DIR: dataDir, BACKUP_KEEP: '2' }, { clock });
  admin = await createAccount(site, { stage: 'admin' });
});
afterAll(async () => {
  await site.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const call = (token: string | undefined, url: string, payload: object = {}) => injectAs(site, token, { url: `/api/admin/${url}`, payload });
const list = async () => (await call(admin.token, 'backups')).json<BackupListAnswer>();
const backUpNow = async () => {
  const answer = await call(admin.token, 'backups/create');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<BackupCreateAnswer>().backup;
};
/** Follows a link as a browser does: no Authorization header. */
const follow = (url: string) => site.inject({ method: 'GET', url });
const linkTo = async (name: string, account = admin) => {
  const answer = await call(account.token, 'backups/link', { name });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<BackupLinkAnswer>().url;
};

describe.runIf(onPostgres)('backups on PostgreSQL', () => {
  it('the list says the database server makes them, and Back up now answers 409 with that sentence', async () => {
    expect(await list()).toMatchObject({ data: [], available: false, message: expect.stringContaining('pg_dump') });
    const refused = await call(admin.token, 'backups/create');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'USE_PG_DUMP', message: expect.stringContaining('pg_dump') });
  });
});

describe.skipIf(onPostgres)('backups on the embedded database', () => {
  it('Back up now writes a manual backup that the list shows, newest first, beside the scheduled ones; it is audited', { timeout: 120_000 }, async () => {
    expect(await list()).toMatchObject({ data: [], available: true, message: null, every_hours: 24, keep: 2 });
    const scheduled = path.basename((await site.backups.runIfDue())!);
    clock.advance(60_000);
    const manual = await backUpNow();
    expect(manual).toEqual({
      name: 'animal-doctor-backup-20261127T100100Z-manual.tar.gz',
      created_at: '2026-11-27T10:01:00.000Z',
      size: fs.statSync(path.join(dataDir, 'backups', manual.name)).size,
      kind: 'manual',
    });
    expect(manual.size).toBeGreaterThan(1000);
    const shown = await list();
    expect(shown.data.map((file) => [file.name, file.kind])).toEqual([
      [manual.name, 'manual'],
      [scheduled, 'scheduled'],
    ]);
    const [entry] = await site.database.db.select().from(auditLog).where(eq(auditLog.action, 'backup made'));
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'backup' });
    // A manual backup does not put off the schedule, and each kind keeps BACKUP_KEEP (2) files.
    for (let i = 0; i < 2; i++) {
      clock.advance(60_000);
      await backUpNow();
    }
    const kinds = (await list()).data.map((file) => file.kind);
    expect(kinds.filter((kind) => kind === 'manual')).toHaveLength(2);
    expect(kinds.filter((kind) => kind === 'scheduled')).toEqual(['scheduled']);
    expect((await list()).data.some((file) => file.name === manual.name)).toBe(false);
  });

  it('the link downloads the file with no Authorization header, once audited, and opens only that file', { timeout: 60_000 }, async () => {
    const [newest, older] = (await list()).data;
    const url = await linkTo(newest!.name);
    expect(url).toMatch(/^\/api\/admin\/backups\/file\?name=animal-doctor-backup-.*&ticket=/);
    const download = await follow(url);
    expect(download.statusCode).toBe(200);
    expect(download.headers).toMatchObject({
      'content-type': 'application/gzip',
      'cache-control': 'no-store',
      'content-disposition': `attachment; filename="${newest!.name}"`,
    });
    expect(download.rawPayload.equals(fs.readFileSync(path.join(dataDir, 'backups', newest!.name)))).toBe(true);
    const entries = await site.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'backup downloaded'), eq(auditLog.actorId, admin.user.id)));
    expect(entries.map((e) => (e.details as { file_name?: string }).file_name)).toContain(newest!.name);
    // The same ticket for another file is refused.
    const swapped = url.replace(`name=${newest!.name}`, `name=${older!.name}`);
    expect((await follow(swapped)).statusCode).toBe(401);
  });

  it('refuses a signed-out client, a non-administrator, a forged or borrowed ticket, and a ticket whose holder lost the right', async () => {
    const name = (await list()).data[0]!.name;
    const vet = await createAccount(site, { stage: 'paid' });
    for (const [token, status] of [
      [undefined, 401],
      [vet.token, 403],
    ] as const) {
      expect((await call(token, 'backups')).statusCode).toBe(status);
      expect((await call(token, 'backups/create')).statusCode).toBe(status);
      expect((await call(token, 'backups/link', { name })).statusCode).toBe(status);
    }
    const bad = async (url: string, status = 401) => {
      const answer = await follow(url);
      expect(answer.statusCode, url).toBe(status);
      expect(answer.json().message).toMatch(/\.$/);
      expect(answer.headers['content-disposition']).toBeUndefined();
    };
    await bad(`/api/admin/backups/file?name=${name}`);
    await bad(`/api/admin/backups/file?name=${name}&ticket=not-a-token`);
    // The right claims, signed with another secret; a session token in the ticket's place; the ticket's signature altered.
    const forged = await new TokenService(new TextEncoder().encode('an-attackers-secret-an-attackers-secret')).sign(admin.user.id, 'backup_download', 0, {
      file: name,
    });
    await bad(`/api/admin/backups/file?${new URLSearchParams({ name, ticket: forged })}`);
    await bad(`/api/admin/backups/file?${new URLSearchParams({ name, ticket: admin.token })}`);
    const url = await linkTo(name);
    const ticket = new URL(url, 'http://x').searchParams.get('ticket')!;
    await bad(`/api/admin/backups/file?${new URLSearchParams({ name, ticket: `${ticket.slice(0, -4)}AAAA` })}`);
    // A ticket made for a vet by the server's own key still opens nothing.
    const vetTicket = await site.tokens.sign(vet.user.id, 'backup_download', vet.user.tokenVersion, { file: name });
    await bad(`/api/admin/backups/file?${new URLSearchParams({ name, ticket: vetTicket })}`, 403);
    // The administrator is made a regular user: the link given before stops working.
    const other = await createAccount(site, { stage: 'admin' });
    const before = await linkTo(name, other);
    await site.database.db.update(users).set({ manageRole: 'user' }).where(eq(users.id, other.user.id));
    await bad(before, 403);
    // A password change (the sessions end) ends the links too.
    const third = await createAccount(site, { stage: 'admin' });
    const stale = await linkTo(name, third);
    await site.database.db
      .update(users)
      .set({ tokenVersion: third.user.tokenVersion + 1 })
      .where(eq(users.id, third.user.id));
    await bad(stale);
  });

  it('answers a link for a file that is not kept with 404, and a name that is not a backup with 400, both as sentences', async () => {
    const missing = await call(admin.token, 'backups/link', { name: 'animal-doctor-backup-20200101T000000Z.tar.gz' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/^There is no such backup\./);
    const traversal = await call(admin.token, 'backups/link', { name: '../jwt-secret' });
    expect(traversal.statusCode).toBe(400);
    expect(traversal.json().message).toMatch(/name/);
  });
});
