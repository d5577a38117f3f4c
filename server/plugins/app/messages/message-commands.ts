// The writes of conversations (docs/product.md section 32): a message (checked, limited, screened, stored
// with its thread's counters in one transaction under the thread's lock, e-mailed at most once per 15
// minutes, pushed live), a block, a report (the third distinct one holds the message), the
// administrators' release and removal, and what a deleted account leaves behind.
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { messageReports, messages, messageThreads, users } from '../../../db/schema';
import { domainError } from '../../../lib/domain-error';
import { rowsOf } from '../../../lib/sql-rows';
import { escapeHtml } from '../../../lib/escape-html';
import type { UserRow } from '../users/index';
import { writeAudit, type Actor } from '../audit/index';
import { button, layout, type MailContent } from '../mail/index';
import { contactDetailsIn, REVIEW_LIMITS } from '../../../../shared/lib/review-rules';
import { MESSAGE_LIMITS, otherSide, type MessageSide } from '../../../../shared/lib/message-rules';
import { SAFE_TEXT } from '../../../../shared/lib/text-rules';
import type { SendAnswer } from '../../../../shared/schemas/messages';
import { MESSAGE_TEXTS, type MessageDeps } from './message-deps';
import { col, partyName, presentMessage, sideOf, threadOf, unreadTotal, type MessageRow, type ThreadRow } from './message-reads';
import type { LiveEvent } from './live';

const HOUR = 3_600_000;
const invalid = (field: string, message: string) => domainError(400, 'VALIDATION_ERROR', message, { field });

export interface SendInput {
  doctorId?: number;
  threadId?: number;
  text: string;
  /** The photo as sent (empty: none). */
  photo?: Buffer;
}

/** The text as stored: Windows line ends made plain, spaces around trimmed; refused when empty or too long. */
export function checkedText(raw: string): string {
  const text = raw.replace(/\r\n?/g, '\n').trim();
  if (!text) throw invalid('text', MESSAGE_TEXTS.empty);
  if (text.length > MESSAGE_LIMITS.textMax) throw invalid('text', MESSAGE_TEXTS.tooLong);
  if (!SAFE_TEXT.test(text)) throw invalid('text', MESSAGE_TEXTS.control);
  return text;
}

/** Links, phone numbers and e-mail addresses from an account younger than a day are held, as reviews are (section 13). */
function holdReason(sender: UserRow, text: string, now: Date): string | null {
  if (now.getTime() - sender.createdAt.getTime() >= REVIEW_LIMITS.newAccountMs) return null;
  const found = contactDetailsIn(text);
  if (found.length === 0) return null;
  const words = { link: 'a link', email: 'an e-mail address', phone: 'a phone number' } as const;
  return MESSAGE_TEXTS.heldReason([`The message contains ${found.map((kind) => words[kind]).join(', ')}.`]);
}

/** Takes one message of the hour from the account (and, for an owner, from the practice's budget): one atomic step each. */
async function takeBudget(deps: MessageDeps, sender: UserRow, side: MessageSide, doctorId: number | null): Promise<void> {
  const mine = await deps.counters.hit(`messages:account:${sender.id}`, HOUR);
  if (mine > MESSAGE_LIMITS.perAccountPerHour) {
    throw domainError(429, 'RATE_LIMITED', MESSAGE_TEXTS.accountLimit, {
      retryAfter: Math.ceil((await deps.counters.ttl(`messages:account:${sender.id}`)) / 1000),
    });
  }
  if (side === 'owner' && doctorId) {
    const theirs = await deps.counters.hit(`messages:practice:${doctorId}`, HOUR);
    if (theirs > MESSAGE_LIMITS.perPracticePerHour) {
      await deps.counters.decrement(`messages:account:${sender.id}`);
      throw domainError(429, 'PRACTICE_LIMIT', MESSAGE_TEXTS.practiceLimit, { field: 'doctor_id' });
    }
  }
}

function messageEmail(from: string, link: string): MailContent {
  const subject = MESSAGE_TEXTS.mailSubject(from);
  const text = `${from} sent you a message on Animal Doctor.\n\nRead it and answer: ${link}\n\nYou can turn these e-mails off in your account settings.`;
  const html = layout(
    subject,
    `<p>${escapeHtml(from)} sent you a message.</p>${button(link, 'Read and answer')}`,
    'You receive this e-mail because someone wrote to you on Animal Doctor. You can turn these e-mails off in your account settings.',
  );
  return { subject, text, html, params: { from, link } };
}

/** Opens (or finds) the owner's thread with a practice and locks it for this transaction. */
async function lockedThread(tx: DbOrTx, ownerId: number, doctorId: number, now: Date): Promise<ThreadRow> {
  await tx.execute(sql`INSERT INTO message_threads (owner_id, doctor_id, last_message_at, created_at) VALUES (${ownerId}, ${doctorId}, ${now}, ${now})
    ON CONFLICT (owner_id, doctor_id) DO NOTHING`);
  const [thread] = await tx
    .select()
    .from(messageThreads)
    .where(and(eq(messageThreads.ownerId, ownerId), eq(messageThreads.doctorId, doctorId)))
    .for('update');
  return thread!;
}

/** Refuses a send into a thread that is closed or blocked (checked again under the thread's lock). */
function assertOpen(thread: ThreadRow, side: MessageSide): void {
  if (thread.closedSide || !thread.ownerId || !thread.doctorId) throw domainError(409, 'THREAD_CLOSED', MESSAGE_TEXTS.closed);
  const mine = side === 'owner' ? thread.ownerBlockedAt : thread.practiceBlockedAt;
  const theirs = side === 'owner' ? thread.practiceBlockedAt : thread.ownerBlockedAt;
  if (theirs) throw domainError(403, 'BLOCKED', MESSAGE_TEXTS.blocked);
  if (mine) throw domainError(409, 'YOU_BLOCKED', MESSAGE_TEXTS.youBlocked);
}

export async function sendMessage(deps: MessageDeps, sender: UserRow, input: SendInput): Promise<SendAnswer> {
  const now = deps.clock.now();
  const text = checkedText(input.text);
  const side = sideOf(sender);
  let doctorId: number;
  let ownerId: number;
  if (input.threadId !== undefined) {
    const { thread, side: threadSide } = await threadOf(deps.db, sender, input.threadId);
    assertOpen(thread, threadSide);
    doctorId = thread.doctorId!;
    ownerId = thread.ownerId!;
  } else if (input.doctorId !== undefined) {
    if (input.doctorId === sender.id) throw domainError(403, 'OWN_PRACTICE', MESSAGE_TEXTS.ownPractice, { field: 'doctor_id' });
    if (side !== 'owner') throw domainError(403, 'OWNERS_ONLY', MESSAGE_TEXTS.ownersOnly, { field: 'doctor_id' });
    doctorId = input.doctorId;
    ownerId = sender.id;
  } else {
    throw invalid('doctor_id', MESSAGE_TEXTS.target);
  }
  const senderSide: MessageSide = ownerId === sender.id ? 'owner' : 'practice';
  // An owner writes only to a listed practice whose plan includes the contact form (docs/product.md 19.7); the practice may always answer.
  if (senderSide === 'owner') {
    const accepts = await deps.practiceAccepts(doctorId);
    if (accepts === 'not listed') throw domainError(404, 'NOT_FOUND', MESSAGE_TEXTS.notListed, { field: 'doctor_id' });
    if (accepts === 'plan') throw domainError(403, 'PLAN_REQUIRED', MESSAGE_TEXTS.planRequired, { field: 'doctor_id' });
  }
  await takeBudget(deps, sender, senderSide, doctorId);
  const photo =
    input.photo && input.photo.length > 0
      ? await deps.uploads.storeVariants(
          await deps.uploads.toWebpVariants(input.photo, [MESSAGE_LIMITS.photoSize], 'inside', { field: 'photo' }, MESSAGE_LIMITS.photoMaxBytes),
          { prefix: `private/messages/u${sender.id}`, sizes: [MESSAGE_LIMITS.photoSize], fit: 'inside', ownerId: sender.id },
        )
      : undefined;
  const held = holdReason(sender, text, now);
  const recipientSide = otherSide(senderSide);
  let stored: { thread: ThreadRow; row: MessageRow };
  try {
    stored = await deps.db.transaction(async (tx) => {
      const thread = await lockedThread(tx, ownerId, doctorId, now);
      assertOpen(thread, senderSide);
      // A practice's answer to a waiting owner counts toward its response time (docs/product.md 19.6).
      const answersFrom = senderSide === 'practice' && !held ? thread.ownerWaitingSince : null;
      const [row] = await tx
        .insert(messages)
        .values({
          threadId: thread.id,
          sender: senderSide,
          senderId: sender.id,
          body: text,
          photoKey: photo ? `${photo.key}/${MESSAGE_LIMITS.photoSize}.webp` : null,
          state: held ? 'held' : 'shown',
          holdReason: held,
          answersFrom,
          createdAt: now,
        })
        .returning();
      if (!held) await showInThread(deps, tx, thread, row!, now);
      return { thread, row: row! };
    });
  } catch (error) {
    if (photo) await deps.uploads.deleteImage(photo.key).catch(() => undefined);
    throw error;
  }
  const { thread, row } = stored;
  if (row.answersFrom) await deps.refreshResponseTime(doctorId).catch(() => undefined);
  const message = await presentMessage(deps, sender, row);
  const recipientId = recipientSide === 'owner' ? thread.ownerId : thread.doctorId;
  const events: { userId: number; event: LiveEvent }[] = [{ userId: sender.id, event: { event: 'message', data: { thread_id: thread.id, message } } }];
  if (!held && recipientId) events.push(...(await recipientEvents(deps, recipientId, recipientSide, thread.id, row)));
  deps.hub.publish(events);
  return { thread_id: thread.id, message };
}

/** What the other side's open streams get: the message as it sees it and its new unread total. */
async function recipientEvents(deps: MessageDeps, userId: number, side: MessageSide, threadId: number, row: MessageRow) {
  const [account] = await deps.db.select({ id: users.id, tokenVersion: users.tokenVersion }).from(users).where(eq(users.id, userId));
  if (!account) return [];
  return [
    { userId, event: { event: 'message', data: { thread_id: threadId, message: await presentMessage(deps, account, row) } } as LiveEvent },
    { userId, event: { event: 'unread', data: { unread_total: await unreadTotal(deps.db, userId, side) } } as LiveEvent },
  ];
}

/**
 * A message both sides see now (sent, or released by an administrator): the thread's last message, the
 * recipient's unread count and the owner's wait, in the caller's transaction under the thread's lock; then
 * one e-mail to the recipient when none went in the last 15 minutes for this thread.
 */
async function showInThread(deps: MessageDeps, tx: DbOrTx, thread: ThreadRow, row: MessageRow, now: Date): Promise<void> {
  const recipient = otherSide(row.sender);
  const unread = sql.raw(col.unread(recipient));
  const waiting = row.sender === 'owner' ? sql`coalesce(owner_waiting_since, ${now})` : sql`NULL`;
  await tx.execute(sql`UPDATE message_threads SET last_message_id = greatest(coalesce(last_message_id, 0), ${row.id}), last_message_at = greatest(last_message_at, ${row.createdAt}),
    ${unread} = ${unread} + 1, owner_waiting_since = ${waiting} WHERE id = ${thread.id}`);
  const emailed = sql.raw(recipient === 'owner' ? 'owner_emailed_at' : 'practice_emailed_at');
  const cut = new Date(now.getTime() - MESSAGE_LIMITS.emailEveryMs);
  const claimed = await tx.execute(
    sql`UPDATE message_threads SET ${emailed} = ${now} WHERE id = ${thread.id} AND (${emailed} IS NULL OR ${emailed} <= ${cut}) RETURNING id`,
  );
  if (rowsOf(claimed).length === 0) return;
  const recipientId = recipient === 'owner' ? thread.ownerId : thread.doctorId;
  const senderId = recipient === 'owner' ? thread.doctorId : thread.ownerId;
  if (!recipientId || !senderId) return;
  const people = rowsOf<{ id: number; email: string; first_name: string; last_name: string; claimed: boolean; clinic_name: string | null }>(
    await tx.execute(sql`SELECT u.id, u.email, u.first_name, u.last_name, u.claimed, p.clinic_name FROM users u LEFT JOIN profiles p ON p.user_id = u.id
      WHERE u.id IN (${recipientId}, ${senderId})`),
  );
  const to = people.find((p) => p.id === recipientId);
  const from = people.find((p) => p.id === senderId);
  if (!to || !from) return;
  await deps.mailer.enqueue(
    tx,
    { address: to.email, name: `${to.first_name} ${to.last_name}`.trim(), kind: 'message', accountId: to.id },
    messageEmail(partyName(row.sender, from), deps.threadLink(thread.id)),
  );
}

/** Blocks (or unblocks) the other side of a thread: its sends then answer 403 BLOCKED. */
export async function blockThread(deps: MessageDeps, user: UserRow, threadId: number, blocked: boolean): Promise<{ thread_id: number; blocked: boolean }> {
  const { thread, side } = await threadOf(deps.db, user, threadId);
  await deps.db
    .update(messageThreads)
    .set(side === 'owner' ? { ownerBlockedAt: blocked ? deps.clock.now() : null } : { practiceBlockedAt: blocked ? deps.clock.now() : null })
    .where(eq(messageThreads.id, thread.id));
  return { thread_id: thread.id, blocked };
}

/**
 * A report of the other side's message. Only its recipient can report a message, so "three reports from
 * distinct accounts" (docs/product.md section 32; decision 213) counts the accounts that reported the
 * sender: from the third, every reported message of that sender is held for the administrators.
 */
export async function reportMessage(deps: MessageDeps, user: UserRow, messageId: number, reason: string): Promise<{ reported: true; held: boolean }> {
  const notFound = () => domainError(404, 'NOT_FOUND', MESSAGE_TEXTS.messageNotFound, { field: 'message_id' });
  const [row] = await deps.db.select().from(messages).where(eq(messages.id, messageId));
  if (!row) throw notFound();
  const { side } = await threadOf(deps.db, user, row.threadId).catch(() => {
    throw notFound();
  });
  if (row.sender === side) throw domainError(400, 'OWN_MESSAGE', MESSAGE_TEXTS.ownMessage, { field: 'message_id' });
  if (row.state !== 'shown' || row.kind !== 'text' || row.senderId === null) return { reported: true, held: row.state === 'held' };
  const senderId = row.senderId;
  return deps.db.transaction(async (tx) => {
    const added = await tx
      .insert(messageReports)
      .values({ messageId, reporterId: user.id, reason: reason.trim(), createdAt: deps.clock.now() })
      .onConflictDoNothing()
      .returning({ id: messageReports.messageId });
    if (added.length > 0) await tx.execute(sql`UPDATE messages SET report_count = report_count + 1 WHERE id = ${messageId}`);
    // The sender's row orders parallel reports of one sender, so the third reporter always sees the other two.
    await tx.execute(sql`SELECT id FROM users WHERE id = ${senderId} FOR UPDATE`);
    const [reporters] = rowsOf<{ n: number }>(
      await tx.execute(
        sql`SELECT count(DISTINCT r.reporter_id)::int AS n FROM message_reports r JOIN messages m ON m.id = r.message_id WHERE m.sender_id = ${senderId}`,
      ),
    );
    if ((reporters?.n ?? 0) < MESSAGE_LIMITS.reportsToHold) return { reported: true as const, held: false };
    await tx.execute(sql`UPDATE messages SET state = 'held', hold_reason = ${MESSAGE_TEXTS.reportsReason}
      WHERE sender_id = ${senderId} AND state = 'shown' AND report_count > 0`);
    return { reported: true as const, held: true };
  });
}

/** The administrators' release: a held message is shown (and counted unread, e-mailed, pushed) as if sent now. */
export async function releaseMessage(deps: MessageDeps, actor: Actor, id: number): Promise<{ id: number; state: 'shown' }> {
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(messages).where(eq(messages.id, id));
    if (!row || row.state === 'removed') throw domainError(404, 'NOT_FOUND', MESSAGE_TEXTS.messageNotFound, { field: 'id' });
    const [thread] = await tx.select().from(messageThreads).where(eq(messageThreads.id, row.threadId)).for('update');
    const [updated] = await tx.update(messages).set({ state: 'shown', holdReason: null }).where(eq(messages.id, id)).returning();
    if (row.state === 'held' && thread) await showInThread(deps, tx, thread, updated!, now);
    await auditMessage(tx, actor, row, 'shown');
    return { thread: thread!, row: updated!, wasHeld: row.state === 'held' };
  });
  const recipientSide = otherSide(result.row.sender);
  const recipientId = recipientSide === 'owner' ? result.thread.ownerId : result.thread.doctorId;
  if (result.wasHeld && recipientId) deps.hub.publish(await recipientEvents(deps, recipientId, recipientSide, result.thread.id, result.row));
  return { id, state: 'shown' };
}

/** The administrators' removal: the message is shown to nobody; its photo goes. */
export async function removeMessage(deps: MessageDeps, actor: Actor, id: number): Promise<{ id: number; state: 'removed' }> {
  const row = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(messages).where(eq(messages.id, id));
    if (!before) throw domainError(404, 'NOT_FOUND', MESSAGE_TEXTS.messageNotFound, { field: 'id' });
    await tx.update(messages).set({ state: 'removed', body: '', photoKey: null }).where(eq(messages.id, id));
    await auditMessage(tx, actor, before, 'removed');
    return before;
  });
  if (row.photoKey) await deps.uploads.deleteImage(row.photoKey.replace(/\/\d+\.webp$/, ''));
  return { id, state: 'removed' };
}

/**
 * An administrator's decision on a message, in the audit log as reviews' are (docs/product.md sections 10 and
 * 32.6): who sent it in which thread and the state it left; never its text, which only the two sides read.
 */
async function auditMessage(tx: DbOrTx, actor: Actor, before: MessageRow, to: 'shown' | 'removed'): Promise<void> {
  await writeAudit(tx, actor, {
    action: `message.${to}`,
    targetType: 'message',
    targetId: before.id,
    details: { thread_id: before.threadId, sender_id: before.senderId, changes: { state: { from: before.state, to } } },
  });
}

/**
 * A deleted account (docs/product.md section 22): its messages and their photos go (the photos with its
 * uploads), each of its threads keeps the other side's messages with a line saying the account was closed,
 * and a thread with nobody left goes. In the deletion's transaction.
 */
export async function closeForDeletedAccount(tx: DbOrTx, userId: number, now: Date): Promise<void> {
  await tx.delete(messages).where(eq(messages.senderId, userId));
  const threads = rowsOf<{ id: number; side: MessageSide; other: number | null }>(
    await tx.execute(sql`SELECT id, CASE WHEN owner_id = ${userId} THEN 'owner' ELSE 'practice' END AS side,
      CASE WHEN owner_id = ${userId} THEN doctor_id ELSE owner_id END AS other
      FROM message_threads WHERE owner_id = ${userId} OR doctor_id = ${userId} FOR UPDATE`),
  );
  for (const thread of threads) {
    if (thread.other === null) {
      await tx.delete(messageThreads).where(eq(messageThreads.id, thread.id));
      continue;
    }
    const [line] = await tx
      .insert(messages)
      .values({ threadId: thread.id, sender: thread.side, senderId: null, kind: 'closed', body: MESSAGE_TEXTS.closedLine, createdAt: now })
      .returning({ id: messages.id });
    const stillUnread = sql.raw(col.unread(otherSide(thread.side)));
    await tx.execute(sql`UPDATE message_threads SET closed_side = ${thread.side}, last_message_id = ${line!.id}, last_message_at = ${now},
      ${sql.raw(col.unread(thread.side))} = 0,
      ${stillUnread} = (SELECT count(*)::int FROM messages m WHERE m.thread_id = ${thread.id} AND m.sender = ${thread.side} AND m.state = 'shown' AND m.read_at IS NULL)
      WHERE id = ${thread.id}`);
  }
}
