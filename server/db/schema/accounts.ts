// Accounts: users, their one-time codes, used tokens and the addresses they signed in from.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, primaryKey, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import type { ReviewState } from './profiles';

export type AccountStatus = 'active' | 'suspended';
/** A pet owner's account or a vet's (docs/product.md section 13; migration 0013). */
export type AccountType = 'owner' | 'vet';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased: addresses compare case-insensitively (docs/product.md, Accounts and tokens). */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    verify: boolean('verify').notNull().default(false),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    manageRole: text('manage_role').$type<'user' | 'admin'>().notNull().default('user'),
    status: text('status').$type<AccountStatus>().notNull().default('active'),
    /** Bumped on password change or suspension: every older session token stops working. */
    tokenVersion: integer('token_version').notNull().default(0),
    submitAt: timestamp('submit_at', { withTimezone: true }),
    reviewState: text('review_state').$type<ReviewState>().notNull().default('draft'),
    reviewReason: text('review_reason'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by'),
    lastVerificationEmailAt: timestamp('last_verification_email_at', { withTimezone: true }),
    /** The account's Stripe customer, made by its first Stripe checkout and reused by every later one (migration 0011). */
    stripeCustomerId: text('stripe_customer_id'),
    /** 'owner' or 'vet'; sign-ups that send none are vets, as old clients expect (migration 0013). */
    accountType: text('account_type').$type<AccountType>().notNull().default('vet'),
    /** False for a practice imported before its vet signed up: nobody can sign in to it (docs/product.md section 20; migration 0017). */
    claimed: boolean('claimed').notNull().default(true),
    /** An e-mail change waiting for its link to be followed, and the id of the one link that completes it (docs/product.md section 25; migration 0026). */
    pendingEmail: text('pending_email'),
    pendingEmailJti: text('pending_email_jti'),
    /** E-mail preferences (docs/product.md section 25): appointment reminders, review invitations, appointment request updates, message e-mails. */
    emailReminders: boolean('email_reminders').notNull().default(true),
    emailReviewInvitations: boolean('email_review_invitations').notNull().default(true),
    emailRequestUpdates: boolean('email_request_updates').notNull().default(true),
    emailMessages: boolean('email_messages').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_review_state_idx').on(t.reviewState),
    index('users_created_idx').on(t.createdAt, t.id),
    // The business dashboard (migration 0021): profiles waiting for review, oldest first.
    index('users_review_state_submit_idx').on(t.reviewState, t.submitAt),
    index('users_sort_name_idx').on(sql`lower(${t.lastName} || ' ' || ${t.firstName})`, t.id),
    // Manage Users search (migration 0008): trigram indexes for substring matches at 100k accounts.
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_name_trgm_idx').using('gin', sql`lower(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
  ],
);

/** Numeric codes e-mailed for password reset and newsletter confirmation; stored hashed. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose').$type<'password_reset' | 'newsletter'>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the right code was given; for password_reset it opens the change window. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    windowExpiresAt: timestamp('window_expires_at', { withTimezone: true }),
    /** SHA-256 of the single-use reset token held by the browser that entered the code (HttpOnly cookie). */
    resetTokenHash: text('reset_token_hash'),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_email_purpose_idx').on(t.email, t.purpose)],
);

/** E-mail verification tokens are usable once: their jti lands here when used. */
export const usedTokens = pgTable('used_tokens', {
  jti: text('jti').primaryKey(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** The client addresses an account signed in from, with the last time (the "vet's own client address" rule). */
export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'sign_in_addresses_pkey', columns: [t.userId, t.ip] })],
);
