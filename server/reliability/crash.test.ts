// Crashes (issue 15): the server process is killed with SIGKILL while 100 mixed writes are in
// flight — sign-ups, profile edits of listed vets, sandbox checkout confirmations and article
// saves by an administrator, 25 of each, all at once. After a restart on the same data (with the
// dead process's DATA_DIR lock still on disk) every write that was answered 2xx is there, and no
// record is half-written: each write and the rows that belong with it (the verification e-mail in
// the outbox, the audit entry, the payment and the processed event) are all there or all absent
// (decision 048). On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { createAccount, createVet, FACTORY_PASSWORD, type Account } from '../test/factories';
import { createPostgresDatabase } from '../test/helper';
import { preparedDataDir } from '../test/data-dir-template';
import { pglitePassDone } from '../test/passes';
import { factoryTarget, signUp, startServerProcess, uniqueTag, type ServerProcess } from './processes';

const PER_KIND = 25;
const KINDS = ['sign-up', 'profile edit', 'checkout confirm', 'article save'] as const;
const WRITES = PER_KIND * KINDS.length;
const limits = { RATE_LIMIT_PER_MINUTE: '100000', MAIL_PER_CLIENT_PER_HOUR: '100000', MAIL_PER_ADDRESS_PER_DAY: '100000' };
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** POSTs JSON as the account; the status, or 0 when the connection died with the process. */
async function call(server: ServerProcess, url: string, body: unknown, account?: Account): Promise<{ status: number; json: unknown }> {
  try {
    const res = await fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(account ? { authorization: `Bearer ${account.token}` } : {}) },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text.startsWith('{') ? JSON.parse(text) : text };
  } catch {
    return { status: 0, json: null };
  }
}

interface Seed {
  admin: Account;
  vets: Account[];
  buyers: Account[];
}

async function seed(database: Database): Promise<Seed> {
  const target = factoryTarget(database);
  const admin = await createAccount(target, { stage: 'admin' });
  const vets: Account[] = [];
  const buyers: Account[] = [];
  for (let i = 0; i < PER_KIND; i++) {
    vets.push(await createVet(target));
    buyers.push(await createAccount(target, { stage: 'verified' }));
  }
  return { admin, vets, buyers };
}

async function crashDuringMixedWrites(env: Record<string, string>, open: () => Promise<Database>) {
  const tag = uniqueTag();
  const seeded = await open().then(async (database) => {
    try {
      return await seed(database);
    } finally {
      await database.close();
    }
  });
  const server = await startServerProcess({ ...env, ...limits });
  // Each buyer opens a sandbox checkout first; the crash hits the confirmations ('Pay').
  const sessions = await Promise.all(
    seeded.buyers.map(async (buyer, i) => {
      const res = await call(server, '/api/payment/checkout', { plan: 1 + (i % 3), period: 'month' }, buyer);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return (res.json as { url: string }).url.split('/').pop()!;
    }),
  );

  const acknowledged = { signUps: [] as string[], summaries: new Map<number, string>(), sessions: [] as string[], articles: new Map<number, string>() };
  const answeredByKind = [0, 0, 0, 0];
  let answered = 0;
  let killAt: () => void = () => undefined;
  const killed = new Promise<void>((resolve) => (killAt = resolve));
  const write = async (i: number) => {
    const n = Math.floor(i / KINDS.length);
    const kind = i % KINDS.length;
    let ok = false;
    if (kind === 0) {
      const email = `crash-${tag}-${n}@example.com`;
      const status = await signUp(server.url, email).catch(() => 0);
      if ((ok = status >= 200 && status < 300)) acknowledged.signUps.push(email);
    } else if (kind === 1) {
      const vet = seeded.vets[n]!;
      const summary = `Crash ${tag}: summary ${n}, saved while the server dies.`;
      const res = await call(server, '/api/user/change-summary', { summary }, vet);
      if ((ok = res.status === 200)) acknowledged.summaries.set(vet.user.id, summary);
    } else if (kind === 2) {
      const res = await call(server, '/api/payment/sandbox/pay', { id: sessions[n] }, seeded.buyers[n]);
      if ((ok = res.status === 200)) acknowledged.sessions.push(sessions[n]!);
    } else {
      const title = `Crash ${tag} article ${n}`;
      const res = await call(server, '/api/admin/articles/create', { title, author: 'Dr. Crash', contents: `<p>Article ${n} of ${tag}.</p>` }, seeded.admin);
      if ((ok = res.status === 200)) acknowledged.articles.set((res.json as { id: number }).id, title);
    }
    if (ok) answeredByKind[kind]! += 1;
    // Kill once a fifth has been answered: the rest are in flight or queued.
    if (ok && ++answered === WRITES / 5) killAt();
  };
  const writes = Array.from({ length: WRITES }, (_, i) => write(i));
  await Promise.race([killed, Promise.all(writes)]);
  server.signal('SIGKILL');
  await Promise.all(writes);
  expect((await server.exited).signal).toBe('SIGKILL');
  expect(answered).toBeGreaterThan(0);

  // The restart is not blocked by the dead process's lock file.
  const again = await startServerProcess({ ...env, ...limits });
  try {
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
    // An acknowledged account signs in through the restarted server.
    if (acknowledged.signUps.length > 0) {
      const login = await call(again, '/api/user/login', { email: acknowledged.signUps[0], password: 'Correct-Horse-Battery-9' });
      expect([200, 201]).toContain(login.status);
    }
    // A seeded vet still signs in too (the factories' password).
    expect((await call(again, '/api/user/login', { email: seeded.vets[0]!.user.email, password: FACTORY_PASSWORD })).status).toBe(200);
  } finally {
    await again.stop();
  }

  const database = await open();
  try {
    // Sign-ups: every acknowledged account is stored; every stored one has exactly one e-mail queued.
    const accounts = await rows<{ email: string; queued: number }>(
      database,
      sql`select u.email, (select count(*)::int from email_outbox o where o.to_address = u.email) as queued from users u where u.email like ${`crash-${tag}-%`}`,
    );
    const emails = new Set(accounts.map((r) => r.email));
    expect(acknowledged.signUps.filter((e) => !emails.has(e))).toEqual([]);
    expect(accounts.filter((r) => r.queued !== 1)).toEqual([]);

    // Profile edits: acknowledged summaries are stored; a changed summary has its one audit entry, an unchanged one none.
    const vetIds = seeded.vets.map((v) => v.user.id);
    const profiles = await rows<{ user_id: number; summary: string; changes: number }>(
      database,
      sql`select p.user_id, p.summary, (select count(*)::int from audit_log a where a.action = 'profile.changed' and a.target_id = p.user_id::text) as changes
          from profiles p where p.user_id in (${sql.join(vetIds, sql`, `)})`,
    );
    expect(profiles).toHaveLength(PER_KIND);
    for (const [userId, summary] of acknowledged.summaries) expect(profiles.find((p) => p.user_id === userId)?.summary).toBe(summary);
    const editedSummaries = profiles.filter((p) => p.summary.startsWith(`Crash ${tag}`));
    expect(editedSummaries.filter((p) => p.changes !== 1)).toEqual([]);
    expect(profiles.filter((p) => !p.summary.startsWith(`Crash ${tag}`) && p.changes !== 0)).toEqual([]);

    // Checkouts: a complete session has its payment (that plan, active), its processed event and one
    // audit entry; an open one has none of them.
    const checkouts = await rows<{
      id: string;
      status: string;
      plan: number;
      paid_plan: number | null;
      paid_status: string | null;
      events: number;
      audits: number;
    }>(
      database,
      sql`select s.id, s.status, s.plan, p.plan as paid_plan, p.status as paid_status,
            (select count(*)::int from processed_events e where e.event_id = 'evt_sandbox_paid_' || s.id) as events,
            (select count(*)::int from audit_log a where a.action like 'plan.%' and a.details->>'checkout_session' = s.id) as audits
          from checkout_sessions s left join payments p on p.user_id = s.user_id where s.id in (${sql.join(sessions, sql`, `)})`,
    );
    expect(checkouts).toHaveLength(PER_KIND);
    const complete = new Set(checkouts.filter((c) => c.status === 'complete').map((c) => c.id));
    expect(acknowledged.sessions.filter((id) => !complete.has(id))).toEqual([]);
    expect(
      checkouts.filter((c) => c.status === 'complete' && (c.paid_plan !== c.plan || c.paid_status !== 'active' || c.events !== 1 || c.audits !== 1)),
    ).toEqual([]);
    expect(checkouts.filter((c) => c.status === 'open' && (c.paid_plan !== null || c.events !== 0 || c.audits !== 0))).toEqual([]);

    // Article saves: acknowledged articles are stored whole; every stored one has its one audit entry.
    const articles = await rows<{ id: number; title: string; contents: string; audits: number }>(
      database,
      sql`select a.id, a.title, a.contents, (select count(*)::int from audit_log l where l.action = 'article.create' and l.target_id = a.id::text) as audits
          from articles a where a.title like ${`Crash ${tag} article %`}`,
    );
    for (const [id, title] of acknowledged.articles) expect(articles.find((a) => a.id === id)?.title).toBe(title);
    expect(articles.filter((a) => a.audits !== 1 || !a.contents.includes(`of ${tag}.`))).toEqual([]);

    return {
      answered: Object.fromEntries(KINDS.map((k, i) => [k, answeredByKind[i]])),
      stored: { 'sign-up': accounts.length, 'profile edit': editedSummaries.length, 'checkout confirm': complete.size, 'article save': articles.length },
    };
  } finally {
    await database.close();
  }
}

describe('SIGKILL during 100 concurrent mixed writes', () => {
  // The PostgreSQL pass of npm test skips it: the PGlite pass of the same run ran it (server/test/passes.ts).
  it.skipIf(pglitePassDone)(
    'keeps every acknowledged write and no half-written one on PGlite, and restarts past the stale lock',
    { timeout: 300_000 },
    async () => {
      // A copy of the run's prepared data folder (server/test/data-dir-template.ts): the crash is the subject, not the first start.
      const dataDir = await preparedDataDir('ad-crash-');
      dirs.push(dataDir);
      const result = await crashDuringMixedWrites({ DATA_DIR: dataDir }, () => openDatabase({ dataDir, owner: 'crash test' }));
      console.log(`PGlite crash: acknowledged ${JSON.stringify(result.answered)}, stored ${JSON.stringify(result.stored)}`);
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)('keeps every acknowledged write and no half-written one on PostgreSQL', { timeout: 300_000 }, async () => {
    const databaseUrl = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'crash');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-crash-'));
    dirs.push(dataDir);
    const result = await crashDuringMixedWrites({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir }, () => openDatabase({ databaseUrl, poolSize: 2 }));
    console.log(`PostgreSQL crash: acknowledged ${JSON.stringify(result.answered)}, stored ${JSON.stringify(result.stored)}`);
  });
});
