// Conversations between a pet owner and a practice (docs/product.md section 32; migration 0030).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';
import type { MessageSide } from '../../../shared/lib/message-rules';

/**
 * One thread per owner and practice. Each side's unread count and block live on the row, changed in the
 * same transaction as the message or the read that changes them; a deleted side's id goes null and
 * `closed_side` says which (the other side keeps the thread and a line saying the account was closed).
 */
export const messageThreads = pgTable(
  'message_threads',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    doctorId: integer('doctor_id').references(() => users.id, { onDelete: 'set null' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** The newest message both sides see (a held one is not it). */
    lastMessageId: integer('last_message_id'),
    ownerUnread: integer('owner_unread').notNull().default(0),
    practiceUnread: integer('practice_unread').notNull().default(0),
    ownerBlockedAt: timestamp('owner_blocked_at', { withTimezone: true }),
    practiceBlockedAt: timestamp('practice_blocked_at', { withTimezone: true }),
    /** When each side was last e-mailed about an unread message (at most one e-mail per 15 minutes). */
    ownerEmailedAt: timestamp('owner_emailed_at', { withTimezone: true }),
    practiceEmailedAt: timestamp('practice_emailed_at', { withTimezone: true }),
    /** Since when the owner waits for the practice's answer (its response time, docs/product.md 19.6). */
    ownerWaitingSince: timestamp('owner_waiting_since', { withTimezone: true }),
    closedSide: text('closed_side').$type<MessageSide>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('message_threads_pair_idx').on(t.ownerId, t.doctorId),
    index('message_threads_doctor_inbox_idx')
      .on(t.doctorId, t.lastMessageAt.desc(), t.id.desc())
      .where(sql`last_message_id IS NOT NULL`),
    index('message_threads_owner_inbox_idx').on(t.ownerId, t.lastMessageAt.desc(), t.id.desc()),
    index('message_threads_practice_unread_idx')
      .on(t.doctorId)
      .where(sql`practice_unread > 0`),
    index('message_threads_owner_unread_idx')
      .on(t.ownerId)
      .where(sql`owner_unread > 0`),
  ],
);

export type MessageState = 'shown' | 'held' | 'removed';

/** A message in a thread; `kind` 'closed' is the line left when the other side's account was deleted. */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    sender: text('sender').$type<MessageSide>().notNull(),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'text' | 'closed'>().notNull().default('text'),
    body: text('body').notNull(),
    /** The stored photo's key under private/ (never served by /uploads). */
    photoKey: text('photo_key'),
    state: text('state').$type<MessageState>().notNull().default('shown'),
    holdReason: text('hold_reason'),
    reportCount: integer('report_count').notNull().default(0),
    /** A practice's answer: when the owner's unanswered message came (its response time). */
    answersFrom: timestamp('answers_from', { withTimezone: true }),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('messages_thread_idx').on(t.threadId, t.id.desc()),
    index('messages_sender_idx').on(t.senderId),
    index('messages_answers_idx')
      .on(t.threadId, t.createdAt)
      .where(sql`answers_from IS NOT NULL`),
    index('messages_review_idx')
      .on(t.id)
      .where(sql`state = 'held' OR report_count > 0`),
    check('messages_sender_check', sql`sender IN ('owner', 'practice')`),
    check('messages_state_check', sql`state IN ('shown', 'held', 'removed')`),
  ],
);

/** One report per account and message; the third distinct report holds the message. */
export const messageReports = pgTable(
  'message_reports',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('message_reports_pkey_idx').on(t.messageId, t.reporterId), index('message_reports_reporter_idx').on(t.reporterId)],
);
