// Pet owners' favourite practices and their counts.
import { index, integer, primaryKey, pgTable } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';

/**
 * A pet owner's favourite practices (docs/product.md section 21; migration 0018): one row per account and
 * practice, kept while the practice is not listed (the list leaves it out), gone with either account.
 */
export const favorites = pgTable(
  'favorites',
  {
    account: integer('account')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'favorites_pkey', columns: [t.account, t.doctorId] }),
    index('favorites_doctor_idx').on(t.doctorId),
    index('favorites_account_created_idx').on(t.account, t.createdAt.desc(), t.doctorId),
  ],
);

/** Each account's number of favourites, kept by a trigger on favorites; its CHECK is the limit (FAVORITES_MAX). */
export const favoriteCounts = pgTable('favorite_counts', {
  account: integer('account')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  count: integer('count').notNull().default(0),
});
