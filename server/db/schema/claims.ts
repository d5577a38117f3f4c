// Claims of imported practices and the guesses at their codes (docs/product.md section 20).
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';

export type ClaimState = 'code_sent' | 'waiting' | 'approved' | 'rejected' | 'expired' | 'restored';

/** A claim of an imported practice by a vet (docs/product.md section 20; migration 0017). */
export const practiceClaims = pgTable(
  'practice_claims',
  {
    id: serial('id').primaryKey(),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimantId: integer('claimant_id').references(() => users.id, { onDelete: 'set null' }),
    claimantEmail: text('claimant_email').notNull(),
    method: text('method').$type<'email' | 'document'>().notNull(),
    email: text('email'),
    licenseNumber: text('license_number').notNull(),
    licenseState: text('license_state').notNull(),
    documentKey: text('document_key'),
    documentType: text('document_type'),
    state: text('state').$type<ClaimState>().notNull(),
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    reason: text('reason'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    transfer: jsonb('transfer').$type<Record<string, unknown>>(),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('practice_claims_open_key')
      .on(t.doctorId)
      .where(sql`state IN ('code_sent', 'waiting')`),
    index('practice_claims_state_created_idx').on(t.state, t.createdAt),
  ],
);

/** Code guesses at one practice over every account and claim, in a window of an hour (docs/product.md 20.8; migration 0023). */
export const practiceClaimGuesses = pgTable('practice_claim_guesses', {
  doctorId: integer('doctor_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  guesses: integer('guesses').notNull().default(0),
});
