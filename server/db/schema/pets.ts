// Pet owners' saved pets and their counts (docs/product.md section 31; migration 0028).
import { date, doublePrecision, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, updatedAt } from './columns';

/** One saved pet of an owner: named on appointment requests (pet_id), gone with the owner's account. */
export const pets = pgTable(
  'pets',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** One of SPECIES (shared/constants/services.ts). */
    species: text('species').notNull(),
    breed: text('breed').notNull().default(''),
    birthDate: date('birth_date'),
    weightKg: doublePrecision('weight_kg'),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('pets_owner_idx').on(t.ownerId, t.createdAt, t.id)],
);

/** Each account's number of pets, kept by a trigger on pets; its CHECK is the limit (PET_LIMITS.perAccount). */
export const petCounts = pgTable('pet_counts', {
  ownerId: integer('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  count: integer('count').notNull().default(0),
});
