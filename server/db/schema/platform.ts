// What the platform keeps for every area: the e-mail outbox, the audit log, zip codes, uploaded files and app settings.
import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bytea, createdAt } from './columns';

/** A file sent with an e-mail: its name, MIME type (with parameters such as method=REQUEST) and text content. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** Every e-mail is written here first, then sent by a worker that retries with back-off. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    toName: text('to_name'),
    /**
     * A waiting message's subject, texts, parameters and attachments, encrypted with a key derived from the
     * JWT secret (server/plugins/app/mail/sealed-content.ts); null once it was sent or given up on
     * (docs/product.md 3.11). The plain columns below are null for rows written since; older rows hold them.
     */
    sealed: text('sealed'),
    subject: text('subject'),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    kind: text('kind').notNull(),
    /** Template parameters for the third-party e-mail service transport. */
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    /** Where answers go (a contact message is answered to the pet owner who sent it). */
    replyTo: text('reply_to'),
    /** Files sent with the message (an appointment's .ics invitation, docs/product.md section 19). */
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** The client address of the request that made the change (null for the system's own work). */
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('audit_log_action_created_idx').on(t.action, t.createdAt),
    index('audit_log_actor_created_idx').on(t.actorId, t.createdAt),
    index('audit_log_target_id_created_idx').on(t.targetId, t.createdAt),
  ],
);

/** A statement trigger counts every change in app_meta 'zip_codes_version' (migration 0024): the search's known places follow it. */
export const zipCodes = pgTable(
  'zip_codes',
  {
    zip: text('zip').primaryKey(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [index('zip_codes_state_city_idx').on(t.state, sql`lower(${t.city})`), index('zip_codes_lat_lon_idx').on(t.latitude, t.longitude)],
);

/** Uploaded images behind the storage interface (default backend: the database). */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerId)],
);

/** Small key/value facts about this installation (e.g. that demo data was loaded). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
