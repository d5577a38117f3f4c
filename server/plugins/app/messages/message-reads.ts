// Reading conversations (docs/product.md section 32): the inbox of one side (one ordered index walk), a
// thread's page of 50 (the (thread, id) index; the first page marks the other side's messages read), the
// unread total (the partial index of threads with something unread), and the photo links of the two sides.
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { appointments, messages, messageThreads } from '../../../db/schema';
import { domainError } from '../../../lib/domain-error';
import { rowsOf } from '../../../lib/sql-rows';
import type { UserRow } from '../users/index';
import { isAdmin } from '../auth/index';
import { clinicOrPracticeName } from '../../../../shared/lib/practice-name';
import { MESSAGE_LIMITS, otherSide, type MessageSide } from '../../../../shared/lib/message-rules';
import type { MessageItem, ThreadAnswer, ThreadInput, ThreadsAnswer, ThreadsInput } from '../../../../shared/schemas/messages';
import { MESSAGE_TEXTS, type MessageDeps } from './message-deps';

export type ThreadRow = typeof messageThreads.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** Which side of the conversations an account is: pet owners write to practices, a vet's account answers. */
export const sideOf = (user: Pick<UserRow, 'accountType'>): MessageSide => (user.accountType === 'owner' ? 'owner' : 'practice');

/** The thread's column holding this side's account, unread count and block. */
export const col = {
  account: (side: MessageSide) => (side === 'owner' ? messageThreads.ownerId : messageThreads.doctorId),
  unread: (side: MessageSide) => (side === 'owner' ? 'owner_unread' : 'practice_unread'),
};

/** The thread if the account is one of its two sides; 404 otherwise (a forged id learns nothing). */
export async function threadOf(db: DbOrTx, user: UserRow, threadId: number, lock = false): Promise<{ thread: ThreadRow; side: MessageSide }> {
  const query = db.select().from(messageThreads).where(eq(messageThreads.id, threadId));
  const [thread] = lock ? await query.for('update') : await query;
  const side: MessageSide | undefined = thread?.ownerId === user.id ? 'owner' : thread?.doctorId === user.id ? 'practice' : undefined;
  if (!thread || !side) throw domainError(404, 'NOT_FOUND', MESSAGE_TEXTS.notFound, { field: 'thread_id' });
  return { thread, side };
}

/** The sum of this side's unread counts: only the threads with something unread are read. */
export async function unreadTotal(db: DbOrTx, userId: number, side: MessageSide): Promise<number> {
  const column = sql.raw(col.unread(side));
  const who = sql.raw(side === 'owner' ? 'owner_id' : 'doctor_id');
  const result = await db.execute(sql`SELECT coalesce(sum(${column}), 0)::int AS n FROM message_threads WHERE ${who} = ${userId} AND ${column} > 0`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/** A link to a message's photo for one account, valid for a few minutes (decision 211). */
export async function photoLink(
  deps: MessageDeps,
  user: Pick<UserRow, 'id' | 'tokenVersion'>,
  row: Pick<MessageRow, 'id' | 'photoKey'>,
): Promise<string | null> {
  if (!row.photoKey) return null;
  const ticket = await deps.tokens.sign(user.id, 'message_photo', user.tokenVersion, { file: `${row.id}` });
  return `/api/messages/photo?${new URLSearchParams({ ticket })}`;
}

/** A message as one side sees it. */
export async function presentMessage(deps: MessageDeps, viewer: Pick<UserRow, 'id' | 'tokenVersion'>, row: MessageRow): Promise<MessageItem> {
  return {
    id: row.id,
    from: row.sender,
    text: row.body,
    photo: await photoLink(deps, viewer, row),
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
    kind: row.kind,
    held: row.state === 'held',
  };
}

interface PartyRow {
  id: number | null;
  first_name: string | null;
  last_name: string | null;
  claimed: boolean | null;
  clinic_name: string | null;
}

/** The other side's name: the practice's as its card names it, or the owner's first and last name. */
export function partyName(kind: MessageSide, row: PartyRow | undefined): string {
  if (!row?.id) return 'Closed account';
  if (kind === 'owner') return `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim();
  return clinicOrPracticeName({ claimed: row.claimed ?? true, firstName: row.first_name ?? '', lastName: row.last_name ?? '', clinicName: row.clinic_name });
}

const otherParty = (kind: MessageSide, row: PartyRow | undefined, closedSide: MessageSide | null) => ({
  id: row?.id ?? null,
  name: partyName(kind, row),
  kind,
  closed: closedSide === kind,
});

/** One side's threads, most recently active first, with the other side, the last message and the unread count. */
export async function listThreads(db: DbOrTx, user: UserRow, input: ThreadsInput = {}): Promise<ThreadsAnswer> {
  const side = sideOf(user);
  const other = otherSide(side);
  const page = input?.page ?? 1;
  const pageSize = input?.pageSize ?? 20;
  const mine = sql.raw(side === 'owner' ? 't.owner_id' : 't.doctor_id');
  const theirs = sql.raw(side === 'owner' ? 't.doctor_id' : 't.owner_id');
  const unread = sql.raw(`t.${col.unread(side)}`);
  // A practice sees a thread once it holds a message shown to it; the owner who started it sees it at once.
  const visible = side === 'practice' ? sql`AND t.last_message_id IS NOT NULL` : sql``;
  const result = await db.execute(sql`
    SELECT t.id, t.last_message_at, t.closed_side, ${unread} AS unread,
           u.id AS party_id, u.first_name, u.last_name, u.claimed, p.clinic_name,
           m.id AS message_id, m.sender, m.body, m.photo_key, m.created_at AS message_at
    FROM (SELECT * FROM message_threads t WHERE ${mine} = ${user.id} ${visible}
          ORDER BY t.last_message_at DESC, t.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}) t
    LEFT JOIN users u ON u.id = ${theirs}
    LEFT JOIN profiles p ON p.user_id = u.id
    LEFT JOIN messages m ON m.id = t.last_message_id
    ORDER BY t.last_message_at DESC, t.id DESC`);
  type Row = PartyRow & {
    id: number;
    last_message_at: string | Date;
    closed_side: MessageSide | null;
    unread: number;
    party_id: number | null;
    message_id: number | null;
    sender: MessageSide;
    body: string;
    photo_key: string | null;
    message_at: string | Date;
  };
  const rows = rowsOf<Row>(result);
  const countResult = await db.execute(sql`SELECT count(*)::int AS n FROM message_threads t WHERE ${mine} = ${user.id} ${visible}`);
  return {
    side,
    data: rows.map((row) => ({
      id: row.id,
      other_party: otherParty(other, { ...row, id: row.party_id }, row.closed_side),
      last_message: row.message_id
        ? { id: row.message_id, from: row.sender, text: row.body, photo: row.photo_key !== null, created_at: new Date(row.message_at).toISOString() }
        : null,
      unread: Number(row.unread),
      updated_at: new Date(row.last_message_at).toISOString(),
    })),
    unread_total: await unreadTotal(db, user.id, side),
    totalCount: rowsOf<{ n: number }>(countResult)[0]?.n ?? 0,
  };
}

/**
 * A page of a thread, newest first. The first page (no `before`) marks the other side's messages read:
 * the thread's row is locked first, as a send locks it, so the unread count and the messages agree.
 */
export async function readThread(deps: MessageDeps, user: UserRow, input: ThreadInput): Promise<{ answer: ThreadAnswer; readNow: number[] }> {
  const { db } = deps;
  const now = deps.clock.now();
  let readNow: number[] = [];
  const { thread, side } = await threadOf(db, user, input.id);
  const other = otherSide(side);
  if (input.before === undefined && thread[side === 'owner' ? 'ownerUnread' : 'practiceUnread'] > 0) {
    readNow = await db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE message_threads SET ${sql.raw(col.unread(side))} = 0 WHERE id = ${thread.id}`);
      const marked = await tx
        .update(messages)
        .set({ readAt: now })
        .where(and(eq(messages.threadId, thread.id), eq(messages.sender, other), eq(messages.state, 'shown'), sql`${messages.readAt} IS NULL`))
        .returning({ id: messages.id });
      return marked.map((m) => m.id);
    });
  }
  // The other side's held or removed messages are not shown; one's own held ones are, marked held.
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.threadId, thread.id),
        input.before !== undefined ? lt(messages.id, input.before) : undefined,
        sql`(${messages.state} = 'shown' OR (${messages.state} = 'held' AND ${messages.sender} = ${side}))`,
      ),
    )
    .orderBy(desc(messages.id))
    .limit(MESSAGE_LIMITS.pageSize + 1);
  const page = rows.slice(0, MESSAGE_LIMITS.pageSize);
  const [party] = rowsOf<PartyRow>(
    await db.execute(sql`SELECT u.id, u.first_name, u.last_name, u.claimed, p.clinic_name FROM users u LEFT JOIN profiles p ON p.user_id = u.id
      WHERE u.id = ${side === 'owner' ? thread.doctorId : thread.ownerId}`),
  );
  const visits =
    thread.ownerId && thread.doctorId
      ? await db
          .select({
            id: appointments.id,
            petName: appointments.petName,
            species: appointments.species,
            state: appointments.state,
            start: appointments.start,
            createdAt: appointments.createdAt,
          })
          .from(appointments)
          .where(and(eq(appointments.ownerId, thread.ownerId), eq(appointments.doctorId, thread.doctorId)))
          .orderBy(desc(appointments.createdAt))
          .limit(20)
      : [];
  const pets = thread.ownerId ? await ownerPets(db, thread.ownerId) : [];
  const readSet = new Set(readNow);
  return {
    readNow,
    answer: {
      data: await Promise.all(page.map((row) => presentMessage(deps, user, readSet.has(row.id) ? { ...row, readAt: now } : row))),
      has_more: rows.length > MESSAGE_LIMITS.pageSize,
      thread: {
        id: thread.id,
        side,
        other_party: otherParty(other, party, thread.closedSide),
        blocked_by_me: (side === 'owner' ? thread.ownerBlockedAt : thread.practiceBlockedAt) !== null,
        blocked_by_other: (side === 'owner' ? thread.practiceBlockedAt : thread.ownerBlockedAt) !== null,
      },
      appointments: visits.map((a) => ({
        id: a.id,
        pet_name: a.petName,
        species: a.species,
        state: a.state,
        start: a.start?.toISOString() ?? null,
        created_at: a.createdAt.toISOString(),
      })),
      pets,
    },
  };
}

/** Whether this database keeps pets (section 19; the pets area's table): once it does, it always will. */
let petsKept = false;

/** The owner's pets as the pets call answers them, or none where the table does not exist. */
async function ownerPets(db: DbOrTx, ownerId: number): Promise<ThreadAnswer['pets']> {
  if (!petsKept) petsKept = rowsOf<{ kept: boolean }>(await db.execute(sql`SELECT to_regclass('public.pets') IS NOT NULL AS kept`))[0]?.kept === true;
  if (!petsKept) return [];
  const rows = rowsOf<{ id: number; name: string; species: string; breed: string; birth_date: string | null; weight_kg: number | null; notes: string }>(
    await db.execute(
      sql`SELECT id, name, species, breed, birth_date::text AS birth_date, weight_kg, notes FROM pets WHERE owner_id = ${ownerId} ORDER BY created_at, id LIMIT 20`,
    ),
  );
  return rows.map((row) => ({ ...row, weight_kg: row.weight_kg === null ? null : Number(row.weight_kg) }));
}

/** The photo a link opens: its holder must still be one of the thread's two sides (else 401/404). */
export async function photoFor(deps: MessageDeps, holder: UserRow, messageId: number): Promise<string> {
  const [row] = await deps.db.select().from(messages).where(eq(messages.id, messageId));
  if (!row?.photoKey || row.state === 'removed') throw domainError(404, 'NOT_FOUND', MESSAGE_TEXTS.messageNotFound);
  // An administrator sees a held or reported message's photo in the Messages tab of /admin.
  if (isAdmin(holder)) return row.photoKey;
  const { side } = await threadOf(deps.db, holder, row.threadId);
  if (row.state === 'held' && row.sender !== side) throw domainError(404, 'NOT_FOUND', MESSAGE_TEXTS.messageNotFound);
  return row.photoKey;
}
