// Conversations (docs/product.md section 32) as clients meet them: an owner writes with a photo, the practice
// sees the unread count, reads and answers; refusals with a sentence; nobody else reads or writes a thread
// (other ids, forged tokens, 200 parallel calls); the hourly limits under 200 parallel sends; a block; reports
// holding a sender's messages for the administrators, whose release and removal are audited; a new account's
// contact details held; one e-mail per thread per 15 minutes, honouring the preference; the export and a
// deleted account's closed line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { buildTestApp } from '../../../../test/helper';
import { createAccount, createVet, FACTORY_PASSWORD, injectAs, type Account } from '../../../../test/factories';
import { multipartBody, pngImage } from '../../../../test/profile-fixtures';
import { createTestClock } from '../../../../lib/clock';
import { appointmentResponseTimes, emailOutbox, messages, users } from '../../../../db/schema';
import { MESSAGE_TEXTS } from '../index';
import { MESSAGE_LIMITS } from '../../../../../shared/lib/message-rules';
import type { SendAnswer, ThreadAnswer, ThreadsAnswer } from '../../../../../shared/schemas/messages';
import type { AuditEntry } from '../../../../../shared/schemas/admin';

const clock = createTestClock();
const DAY = 86_400_000;
let app: FastifyInstance;
let vet: Account;

beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '1000000', MAIL_PER_CLIENT_PER_HOUR: '100000' }, { clock });
  vet = await createVet(app, { plan: 2, clinicName: 'Maple Street Animal Clinic' });
}, 180_000);
afterAll(() => app.close());

/** A pet owner whose account is two days old (a younger one's links and numbers are held). */
const owner = (name = 'Olive', createdAt = new Date(clock.now().getTime() - 2 * DAY)) =>
  createAccount(app, { accountType: 'owner', firstName: name, lastName: 'Owner', createdAt });
const call = (account: Account | undefined, url: string, payload: unknown) => injectAs(app, account?.token, { url, payload: payload as object });
async function send(account: Account, target: { doctor_id?: number; thread_id?: number }, text: string): Promise<SendAnswer> {
  const res = await call(account, '/api/messages/send', { ...target, text });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SendAnswer>();
}
const threads = async (account: Account) => (await call(account, '/api/messages/threads', {})).json<ThreadsAnswer>();
const thread = async (account: Account, id: number, before?: number) => {
  const res = await call(account, '/api/messages/thread', { id, ...(before ? { before } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ThreadAnswer>();
};
const mailsTo = async (address: string) =>
  (
    await app.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, 'message')))
  ).length;

describe('a conversation', () => {
  it('lets an owner write with a photo, the practice see it unread, read it and answer, and the owner read the answer', async () => {
    const olive = await owner();
    const form = multipartBody('photo', 'leg.png', 'image/png', await pngImage(800, 600));
    const boundary = form.headers['content-type']!.split('boundary=')[1]!;
    const fields = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="doctor_id"\r\n\r\n${vet.user.id}\r\n--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\nBiscuit limps since Sunday.\r\nShould we come in?\r\n`,
    );
    const sent = await injectAs(app, olive.token, { url: '/api/messages/send', payload: Buffer.concat([fields, form.payload]), headers: form.headers });
    expect(sent.statusCode, sent.body).toBe(200);
    const first = sent.json<SendAnswer>();
    expect(first.message).toMatchObject({ from: 'owner', text: 'Biscuit limps since Sunday.\nShould we come in?', read_at: null, held: false });
    expect(first.message.photo).toMatch(/^\/api\/messages\/photo\?ticket=/);

    // The photo: its link opens it (re-encoded to WebP); a forged ticket and the public uploads path do not.
    const photo = await app.inject({ method: 'GET', url: first.message.photo! });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.headers['cache-control']).toContain('private');
    expect((await app.inject({ method: 'GET', url: '/api/messages/photo?ticket=forged.token.here' })).statusCode).toBe(401);
    const [stored] = await app.database.db.select({ key: messages.photoKey }).from(messages).where(eq(messages.id, first.message.id));
    expect(stored!.key).toMatch(/^private\//);
    expect((await app.inject({ method: 'GET', url: `/uploads/${stored!.key}` })).statusCode).toBe(404);

    const inbox = await threads(vet);
    expect(inbox.side).toBe('practice');
    expect(inbox.unread_total).toBeGreaterThanOrEqual(1);
    const item = inbox.data.find((t) => t.id === first.thread_id)!;
    expect(item).toMatchObject({ other_party: { name: 'Olive Owner', kind: 'owner', closed: false }, unread: 1, last_message: { from: 'owner', photo: true } });
    const before = inbox.unread_total;

    // The owner's pets show beside the thread (the pets area's table; made here where the branch has none yet).
    await app.database.db.execute(sql`CREATE TABLE IF NOT EXISTS pets (id serial PRIMARY KEY, owner_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL, species text NOT NULL, breed text DEFAULT '' NOT NULL, birth_date date, weight_kg double precision, notes text DEFAULT '' NOT NULL,
      created_at timestamptz DEFAULT now() NOT NULL, updated_at timestamptz DEFAULT now() NOT NULL)`);
    await app.database.db.execute(
      sql`INSERT INTO pets (owner_id, name, species, breed, weight_kg) VALUES (${olive.user.id}, 'Biscuit', 'dog', 'Beagle', 11.5)`,
    );
    const opened = await thread(vet, first.thread_id);
    expect(opened.pets).toMatchObject([{ name: 'Biscuit', species: 'dog', breed: 'Beagle', weight_kg: 11.5, birth_date: null }]);
    expect(opened.data[0]).toMatchObject({ id: first.message.id, from: 'owner' });
    expect(opened.data[0]!.read_at).not.toBeNull();
    expect(opened.thread).toMatchObject({ side: 'practice', other_party: { name: 'Olive Owner' }, blocked_by_me: false, blocked_by_other: false });
    expect((await threads(vet)).unread_total).toBe(before - 1);

    const answer = await send(vet, { thread_id: first.thread_id }, 'Yes, come in tomorrow at 10.');
    expect(answer.thread_id).toBe(first.thread_id);
    const mine = await threads(olive);
    expect(mine).toMatchObject({ side: 'owner', unread_total: 1 });
    expect(mine.data[0]).toMatchObject({
      id: first.thread_id,
      other_party: { id: vet.user.id, kind: 'practice' },
      unread: 1,
      last_message: { text: 'Yes, come in tomorrow at 10.' },
    });
    const read = await thread(olive, first.thread_id);
    expect(read.data.map((m) => m.from)).toEqual(['practice', 'owner']);
    expect(read.data[1]!.read_at).not.toBeNull();
    expect((await call(olive, '/api/messages/unread', {})).json()).toEqual({ unread_total: 0 });

    // A second message to the practice goes into the same thread.
    expect((await send(olive, { doctor_id: vet.user.id }, 'Thank you!')).thread_id).toBe(first.thread_id);
  });

  it('pages back 50 at a time, newest first', async () => {
    const olive = await owner();
    const { thread_id } = await send(olive, { doctor_id: vet.user.id }, 'Message 1');
    for (let i = 2; i <= 55; i += 1) await send(i % 2 ? olive : vet, { thread_id }, `Message ${i}`);
    await app.counters.reset(`messages:account:${vet.user.id}`);
    const first = await thread(olive, thread_id);
    expect(first.data).toHaveLength(50);
    expect(first.has_more).toBe(true);
    expect(first.data[0]!.text).toBe('Message 55');
    const older = await thread(olive, thread_id, first.data.at(-1)!.id);
    expect(older.data.map((m) => m.text)).toEqual(['Message 5', 'Message 4', 'Message 3', 'Message 2', 'Message 1']);
    expect(older.has_more).toBe(false);
  });

  it('refuses with a plain sentence: a Basic plan, an unlisted practice, a practice starting one, empty or long text, no target', async () => {
    const olive = await owner();
    const basic = await createVet(app, { plan: 1 });
    const unlisted = await createVet(app, { plan: 2, reviewState: 'pending' });
    const cases: [Account, unknown, number, string, string][] = [
      [olive, { doctor_id: basic.user.id, text: 'Hello' }, 403, 'PLAN_REQUIRED', MESSAGE_TEXTS.planRequired],
      [olive, { doctor_id: unlisted.user.id, text: 'Hello' }, 404, 'NOT_FOUND', MESSAGE_TEXTS.notListed],
      [olive, { doctor_id: 999_999, text: 'Hello' }, 404, 'NOT_FOUND', MESSAGE_TEXTS.notListed],
      [basic, { doctor_id: vet.user.id, text: 'Hello' }, 403, 'OWNERS_ONLY', MESSAGE_TEXTS.ownersOnly],
      [olive, { doctor_id: vet.user.id, text: '   ' }, 400, 'VALIDATION_ERROR', MESSAGE_TEXTS.empty],
      [olive, { doctor_id: vet.user.id, text: 'x'.repeat(MESSAGE_LIMITS.textMax + 1) }, 400, 'VALIDATION_ERROR', MESSAGE_TEXTS.tooLong],
      [olive, { text: 'Hello' }, 400, 'VALIDATION_ERROR', MESSAGE_TEXTS.target],
      [olive, { doctor_id: vet.user.id, thread_id: 1, text: 'Hello' }, 400, 'VALIDATION_ERROR', MESSAGE_TEXTS.target],
      [olive, { doctor_id: 'x', text: 'Hello' }, 400, 'VALIDATION_ERROR', "'doctor_id' must be a whole number from 1."],
      [olive, { doctor_id: vet.user.id, text: 'Hello', admin: true }, 400, 'VALIDATION_ERROR', "Unknown field 'admin'."],
    ];
    for (const [account, body, status, code, message] of cases) {
      const res = await call(account, '/api/messages/send', body);
      expect({ status: res.statusCode, ...res.json<{ code: string; message: string }>() }).toMatchObject({ status, code, message });
    }
    expect((await threads(olive)).data).toEqual([]);
  });
});

describe('isolation', () => {
  it('answers 404 to anyone outside a thread, 401 to a forged token, under 200 parallel calls', async () => {
    const olive = await owner();
    const mallory = await owner('Mallory');
    const otherVet = await createVet(app, { plan: 2 });
    const { thread_id, message } = await send(olive, { doctor_id: vet.user.id }, 'Private words about Biscuit.');
    const calls = Array.from({ length: 200 }, (_, i) => {
      const who = i % 2 ? mallory : otherVet;
      const kind = i % 5;
      if (kind === 0) return call(who, '/api/messages/thread', { id: thread_id });
      if (kind === 1) return call(who, '/api/messages/send', { thread_id, text: 'Let me in' });
      if (kind === 2) return call(who, '/api/messages/block', { thread_id });
      if (kind === 3) return call(who, '/api/messages/report', { message_id: message.id, reason: 'spam' });
      return call(who, '/api/messages/thread', { id: thread_id + 1_000_000 });
    });
    const answers = await Promise.all(calls);
    expect(answers.filter((res) => res.statusCode !== 404).map((res) => res.body)).toEqual([]);
    expect(answers.every((res) => !res.body.includes('Private words'))).toBe(true);
    const forged = olive.token.slice(0, -4) + 'AAAA';
    for (const url of ['/api/messages/thread', '/api/messages/threads', '/api/messages/send', '/api/messages/unread'])
      expect((await injectAs(app, forged, { url, payload: { id: thread_id } })).statusCode).toBe(401);
    expect((await call(undefined, '/api/messages/thread', { id: thread_id })).statusCode).toBe(401);
    // The thread is untouched: nothing was sent, blocked or read by the others.
    const seen = await thread(olive, thread_id);
    expect(seen.data).toHaveLength(1);
    expect(seen.thread.blocked_by_other).toBe(false);
  });
});

describe('limits and blocks', () => {
  it('lets one account send its hourly budget and no more, under 200 parallel sends, and the practice its own', async () => {
    const olive = await owner();
    const practice = await createVet(app, { plan: 2 });
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => call(olive, '/api/messages/send', { doctor_id: practice.user.id, text: `Hello ${i}` })),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(MESSAGE_LIMITS.perAccountPerHour);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(answers.find((res) => res.statusCode === 429)!.json()).toMatchObject({ code: 'RATE_LIMITED', message: MESSAGE_TEXTS.accountLimit });
    // One thread, whatever the number at once.
    expect(new Set(answers.filter((res) => res.statusCode === 200).map((res) => res.json<SendAnswer>().thread_id)).size).toBe(1);
    // The practice's budget from all owners together.
    for (let i = 0; i < MESSAGE_LIMITS.perPracticePerHour; i += 1) await app.counters.hit(`messages:practice:${vet.user.id}`, 3_600_000);
    const someone = await owner();
    const refused = await call(someone, '/api/messages/send', { doctor_id: vet.user.id, text: 'Hello' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'PRACTICE_LIMIT', message: MESSAGE_TEXTS.practiceLimit });
    await app.counters.reset(`messages:practice:${vet.user.id}`);
  });

  it("stops the other side's sends with 403 BLOCKED until the block is lifted", async () => {
    const olive = await owner();
    const { thread_id } = await send(olive, { doctor_id: vet.user.id }, 'Hello there');
    expect((await call(vet, '/api/messages/block', { thread_id })).json()).toEqual({ thread_id, blocked: true });
    const blocked = await call(olive, '/api/messages/send', { thread_id, text: 'Hello again' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'BLOCKED', message: MESSAGE_TEXTS.blocked });
    expect((await call(olive, '/api/messages/send', { doctor_id: vet.user.id, text: 'Hello again' })).statusCode).toBe(403);
    expect((await thread(olive, thread_id)).thread.blocked_by_other).toBe(true);
    expect((await call(vet, '/api/messages/send', { thread_id, text: 'Me?' })).json()).toMatchObject({ code: 'YOU_BLOCKED' });
    await call(vet, '/api/messages/block', { thread_id, blocked: false });
    await send(olive, { thread_id }, 'Hello again');
  });
});

describe('safety', () => {
  it("holds a sender's reported messages for the administrators once three accounts reported them", async () => {
    const spammer = await owner('Spammer');
    const admin = await createAccount(app, { stage: 'admin' });
    const practices = [await createVet(app, { plan: 2 }), await createVet(app, { plan: 2 }), await createVet(app, { plan: 2 })];
    const sent: SendAnswer[] = [];
    for (const practice of practices) sent.push(await send(spammer, { doctor_id: practice.user.id }, 'Cheap pills for your patients'));
    const report = (i: number) => call(practices[i]!, '/api/messages/report', { message_id: sent[i]!.message.id, reason: 'Spam' });
    expect((await report(0)).json()).toEqual({ reported: true, held: false });
    expect((await call(spammer, '/api/messages/report', { message_id: sent[0]!.message.id, reason: 'x' })).json()).toMatchObject({ code: 'OWN_MESSAGE' });
    expect((await report(1)).json()).toEqual({ reported: true, held: false });
    // The same account again does not count twice.
    expect((await report(1)).json()).toEqual({ reported: true, held: false });
    expect((await report(2)).json()).toEqual({ reported: true, held: true });
    // Held: the practice no longer sees it; the sender sees it marked held; the administrators list it.
    expect((await thread(practices[0]!, sent[0]!.thread_id)).data).toEqual([]);
    expect((await thread(spammer, sent[0]!.thread_id)).data[0]).toMatchObject({ held: true });
    const held = await call(admin, '/api/admin/messages/held', {});
    const listed = held
      .json<{ data: { id: number; state: string; reasons: string[]; hold_reason: string }[] }>()
      .data.filter((m) => sent.some((s) => s.message.id === m.id));
    expect(listed.map((m) => m.state)).toEqual(['held', 'held', 'held']);
    expect(listed[0]).toMatchObject({ hold_reason: MESSAGE_TEXTS.reportsReason, reasons: ['Spam'] });
    expect((await call(practices[0]!, '/api/admin/messages/held', {})).statusCode).toBe(403);
    // Released, it shows again; removed, it is gone for both sides.
    expect((await call(admin, '/api/admin/messages/release', { id: sent[0]!.message.id })).json()).toEqual({ id: sent[0]!.message.id, state: 'shown' });
    expect((await thread(practices[0]!, sent[0]!.thread_id)).data).toHaveLength(1);
    expect((await call(admin, '/api/admin/messages/remove', { id: sent[1]!.message.id })).json()).toEqual({ id: sent[1]!.message.id, state: 'removed' });
    expect((await thread(spammer, sent[1]!.thread_id)).data).toEqual([]);
    // Both decisions are in the administrators' audit log, with who decided and the state each left; never the text.
    const audited = async (action: string, id: number) =>
      (await call(admin, '/api/admin/audit-log', { page: 1, pageSize: 10, action, target_id: id })).json<{ data: AuditEntry[] }>().data;
    expect(await audited('message.shown', sent[0]!.message.id)).toEqual([
      expect.objectContaining({
        actor_id: admin.user.id,
        target_type: 'message',
        changes: { thread_id: sent[0]!.thread_id, sender_id: spammer.user.id, changes: { state: { from: 'held', to: 'shown' } } },
      }),
    ]);
    expect(await audited('message.removed', sent[1]!.message.id)).toEqual([
      expect.objectContaining({
        actor_id: admin.user.id,
        target_type: 'message',
        changes: { thread_id: sent[1]!.thread_id, sender_id: spammer.user.id, changes: { state: { from: 'held', to: 'removed' } } },
      }),
    ]);
  });

  it('holds links, phone numbers and e-mail addresses from an account younger than a day, as reviews are', async () => {
    const fresh = await owner('Fresh', clock.now());
    const admin = await createAccount(app, { stage: 'admin' });
    const practice = await createVet(app, { plan: 2 });
    const plain = await send(fresh, { doctor_id: practice.user.id }, 'Is Biscuit due for shots?');
    expect(plain.message.held).toBe(false);
    const withPhone = await send(fresh, { thread_id: plain.thread_id }, 'Call me at (212) 555-0199');
    expect(withPhone.message.held).toBe(true);
    expect((await thread(practice, plain.thread_id)).data.map((m) => m.text)).toEqual(['Is Biscuit due for shots?']);
    await call(admin, '/api/admin/messages/release', { id: withPhone.message.id });
    expect((await thread(practice, plain.thread_id)).data.map((m) => m.text)).toEqual(['Call me at (212) 555-0199', 'Is Biscuit due for shots?']);
    // A day later the same words go through.
    const older = await owner('Older');
    expect((await send(older, { doctor_id: practice.user.id }, 'Mail me: older@example.com')).message.held).toBe(false);
  });
});

describe('e-mails', () => {
  it('e-mails the other side at most once per thread per 15 minutes, and not when it turned them off', async () => {
    const olive = await owner();
    const practice = await createVet(app, { plan: 2 });
    const { thread_id } = await send(olive, { doctor_id: practice.user.id }, 'One');
    await Promise.all([2, 3, 4, 5].map((n) => call(olive, '/api/messages/send', { thread_id, text: `Message ${n}` })));
    expect(await mailsTo(practice.user.email)).toBe(1);
    clock.advance(16 * 60_000);
    await send(olive, { thread_id }, 'Later');
    expect(await mailsTo(practice.user.email)).toBe(2);
    // The owner turned message e-mails off: the practice's answer e-mails nobody.
    await app.database.db.update(users).set({ emailMessages: false }).where(eq(users.id, olive.user.id));
    await send(practice, { thread_id }, 'Answer');
    expect(await mailsTo(olive.user.email)).toBe(0);
    clock.reset();
  });
});

describe('response time', () => {
  it("counts the practice's replies to waiting owners as answers, from the owner's first unanswered message", async () => {
    const practice = await createVet(app, { plan: 2 });
    const waiting: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const olive = await owner();
      const first = await send(olive, { doctor_id: practice.user.id }, 'Hello?');
      await send(olive, { thread_id: first.thread_id }, 'Anyone there?');
      waiting.push(first.thread_id);
    }
    clock.advance(2 * 3_600_000);
    for (const thread_id of waiting) await send(practice, { thread_id }, 'Sorry for the wait!');
    const [row] = await app.database.db.select().from(appointmentResponseTimes).where(eq(appointmentResponseTimes.doctorId, practice.user.id));
    expect(row).toMatchObject({ answers: 5 });
    expect(row!.medianHours).toBeCloseTo(2, 1);
    clock.reset();
  });
});

describe('data', () => {
  it("exports the account's threads with their messages, and a deleted account leaves the other side a closed line", async () => {
    const olive = await owner();
    const { thread_id } = await send(olive, { doctor_id: vet.user.id }, 'Please keep this between us.');
    await send(vet, { thread_id }, 'Of course.');
    const exported = (await call(olive, '/api/user/export', {})).json<{ records: Record<string, { id: number; messages: { text: string }[] }[]> }>();
    const mine = exported.records.message_threads!.find((t) => t.id === thread_id)!;
    expect(mine.messages.map((m) => m.text)).toEqual(['Please keep this between us.', 'Of course.']);

    const deleted = await injectAs(app, olive.token, { url: '/api/user/delete-account', payload: { password: FACTORY_PASSWORD } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await thread(vet, thread_id);
    expect(left.data.map((m) => [m.from, m.kind, m.text])).toEqual([
      ['owner', 'closed', MESSAGE_TEXTS.closedLine],
      ['practice', 'text', 'Of course.'],
    ]);
    expect(left.thread.other_party).toMatchObject({ id: null, closed: true });
    const refused = await call(vet, '/api/messages/send', { thread_id, text: 'Hello?' });
    expect(refused.json()).toMatchObject({ code: 'THREAD_CLOSED' });
  });
});
