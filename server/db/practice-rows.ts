// A practice as the areas read it beside their own rows (docs/decisions/185-one-practice-read.md): the columns
// that name it (shared/lib/practice-name.ts), its account with its profile by id, and a page of an owner's own
// appointments or reviews with each one's practice named. One join, written once, so every area names a practice
// from the same columns.
import { count, desc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';
import { appointments, profiles, reviews, users } from './schema';
import type { PracticeNameFacts } from '../../shared/lib/practice-name';

/** What practiceName() and clinicOrPracticeName() read: the practice's account and its profile's clinic name. */
export const practiceNameColumns = { clinicName: profiles.clinicName, firstName: users.firstName, lastName: users.lastName, claimed: users.claimed };

/** A column's value as the left join gives it: a profile column may be null (no profile yet). */
type JoinedValue<C extends PgColumn> = C['_']['tableName'] extends 'profiles'
  ? C['_']['data'] | null
  : C['_']['notNull'] extends true
    ? C['_']['data']
    : C['_']['data'] | null;

/**
 * The chosen columns of a practice's account (`users`) and its profile, by the account's id; undefined when there is
 * no such account. An account without a profile yet answers null for every profile column.
 */
export async function practiceById<T extends Record<string, PgColumn>>(
  db: DbOrTx,
  id: number,
  columns: T,
): Promise<{ [K in keyof T]: JoinedValue<T[K]> } | undefined> {
  // NOTE: Drizzle cannot type a select of generic columns; the answer's type is named above from the columns.
  const fields: Record<string, PgColumn> = columns;
  const [row] = await db.select(fields).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(eq(users.id, id));
  return row as { [K in keyof T]: JoinedValue<T[K]> } | undefined;
}

/** The tables an owner writes about a practice, each row with `doctorId` (the practice), `createdAt` and `id`. */
type OwnerRowsTable = typeof appointments | typeof reviews;

/**
 * One page of an owner's appointments or reviews (`where` picks them), newest first, each row with its practice's
 * name columns, and how many there are in all.
 */
export async function pageWithPractice<T extends OwnerRowsTable>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  page: number,
  pageSize: number,
): Promise<{ rows: Array<PracticeNameFacts & { row: T['$inferSelect'] }>; total: number }> {
  // NOTE: one query for either table; Drizzle cannot type a select over a generic table, so the union is named here.
  const source: OwnerRowsTable = table;
  const [rows, [all]] = await Promise.all([
    db
      .select({ row: source, ...practiceNameColumns })
      .from(source)
      .innerJoin(users, eq(users.id, source.doctorId))
      .leftJoin(profiles, eq(profiles.userId, source.doctorId))
      .where(where)
      .orderBy(desc(source.createdAt), desc(source.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(source).where(where),
  ]);
  return { rows: rows as Array<PracticeNameFacts & { row: T['$inferSelect'] }>, total: Number(all?.n ?? 0) };
}
