// On PostgreSQL a backup is the database server's own (docs/operations.md, "Restoring from a backup"):
// a pg_dump of a running site restored with pg_restore into a new database holds the same rows, table by
// table, and a server started on it lets an account of the copy sign in. Runs when TEST_DATABASE_URL is
// set (the PostgreSQL run of .ci/run) and pg_dump and pg_restore are installed.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { createAccount, FACTORY_PASSWORD } from '../test/factories';
import { createPostgresDatabase } from '../test/helper';
import { writeAudit } from '../plugins/app/audit/audit-log';
import { databaseStorage } from '../storage/database-storage';
import { factoryTarget, startServerProcess, type ServerProcess } from './processes';
import { everyRow } from '../test/every-row';

const hasTools = ['pg_dump', 'pg_restore'].every((tool) => spawnSync(tool, ['--version']).status === 0);
if (!hasTools) console.warn('pg-dump-restore.test.ts skipped: pg_dump and pg_restore are not installed (apt-get install postgresql-client).');
const enabled = Boolean(process.env.TEST_DATABASE_URL) && hasTools;
const running: ServerProcess[] = [];
const opened: Database[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
  await Promise.all(opened.map((d) => d.close()));
});

describe.runIf(enabled)('a pg_dump of the PostgreSQL database', () => {
  it('restores into a new database with every row, and a server on it lets an account sign in', { timeout: 180_000 }, async () => {
    const sourceUrl = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'dumped');
    const source = await openDatabase({ databaseUrl: sourceUrl, poolSize: 2 });
    opened.push(source);
    const site = factoryTarget(source);
    const vet = await createAccount(site, { stage: 'paid' });
    await createAccount(site, { stage: 'admin' });
    await databaseStorage(source.db).put('avatars/dump-test/256.webp', Buffer.from('image bytes'), 'image/webp', vet.user.id);
    await writeAudit(source.db, { id: vet.user.id, ip: '198.51.100.7' }, { action: 'test entry', targetType: 'user', targetId: vet.user.id });

    // The commands of docs/operations.md: a custom-format dump, restored into a new, empty database.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ad-pgdump-')), 'animal-doctor.dump');
    execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, sourceUrl]);
    const restoredUrl = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'restored');
    execFileSync('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restoredUrl}`, file]);

    const restored = await openDatabase({ databaseUrl: restoredUrl, poolSize: 2 });
    opened.push(restored);
    const [before, after] = await Promise.all([everyRow(source), everyRow(restored)]);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
    expect(after['public.uploads']).toHaveLength(1);

    const server = await startServerProcess({ DATABASE_URL: restoredUrl, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'ad-pgdump-data-')) });
    running.push(server);
    const login = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: vet.user.email, password: FACTORY_PASSWORD }),
    });
    expect(login.status).toBe(200);
    expect((await fetch(`${server.url}/uploads/avatars/dump-test/256.webp`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
  });
});
