// The business dashboard's counts (docs/product.md section 24).
import { date, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import type { AccountType } from './accounts';

/**
 * The whole site's searches and profile views per UTC day (docs/product.md section 24; migration 0021), added
 * to by the same batched write as profile_daily_stats, so the dashboard's series read one row a day.
 */
export const siteDailyStats = pgTable('site_daily_stats', {
  day: date('day', { mode: 'string' }).primaryKey(),
  searches: integer('searches').notNull().default(0),
  profileViews: integer('profile_views').notNull().default(0),
});

/*
 * Counts for the business dashboard (docs/product.md section 24; migration 0021, decision 121), appended to by
 * statement-level triggers on users, doctor_search and payments: a count is the sum of its key's rows, and
 * dashboard_compact() folds them into one row per key. Written only by those triggers and that function.
 */
/** New accounts per UTC day and account type. */
export const accountDailyCounts = pgTable(
  'account_daily_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    accountType: text('account_type').$type<AccountType>().notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('account_daily_counts_day_idx').on(t.day)],
);
/** Rows of doctor_search per plan (listed practices, before ended paid periods are taken away). */
export const listedPlanCounts = pgTable('listed_plan_counts', {
  plan: smallint('plan').notNull(),
  n: integer('n').notNull(),
});
/** Payments with a paid plan in state 'active', per plan and period ('month' when none was stored). */
export const renewingPlanCounts = pgTable('renewing_plan_counts', {
  plan: smallint('plan').notNull(),
  period: text('period').$type<'month' | 'year'>().notNull(),
  n: integer('n').notNull(),
});
