// Payments: plans paid for, checkout sessions and the provider events already handled.
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, updatedAt } from './columns';

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0 none, 1 Basic, 2 Professional, 3 Premium (docs/product.md, Plans and payment). */
    plan: smallint('plan').notNull().default(0),
    status: text('status').notNull().default('none'),
    provider: text('provider').notNull().default('sandbox'),
    email: text('email'),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    /** 'month' or 'year': the period the plan was bought for. */
    period: text('period').$type<'month' | 'year'>(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_user_id_key').on(t.userId),
    index('payments_subscription_id_idx').on(t.subscriptionId),
    index('payments_status_period_end_idx').on(t.status, t.currentPeriodEnd),
  ],
);

/** A checkout started with the payment provider; the plan changes only when the provider confirms it. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: smallint('plan').notNull(),
    provider: text('provider').notNull(),
    status: text('status').$type<'open' | 'complete' | 'expired'>().notNull().default('open'),
    period: text('period').$type<'month' | 'year'>().notNull().default('month'),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('checkout_sessions_user_idx').on(t.userId)],
);

/**
 * Provider events already applied, keyed by the provider's event id: a replayed event finds its
 * id here and changes nothing (docs/product.md, Plans and payment).
 */
export const processedEvents = pgTable('processed_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});
