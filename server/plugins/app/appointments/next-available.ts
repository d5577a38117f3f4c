// A practice's next free start (docs/product.md 30.5; decision 199), worked out when something moves it
// (settings, visit types, busy times, bookings, a feed read) and by a sweep as time passes, and kept in
// booking_settings and in doctor_search: cards, profiles and search read a column, never a walk.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { BOOKING_LIMITS } from '../../../../shared/lib/booking-rules';
import { rowsOf } from '../../../lib/sql-rows';
import { freeStarts, localDate, readFacts, readVisitTypes, windowOf } from './availability';

/** The first free start of any visit type within 14 days, or null. */
export async function computeNext(db: DbOrTx, doctorId: number, now: Date): Promise<Date | null> {
  const types = await readVisitTypes(db, doctorId);
  if (types.length === 0) return null;
  const days = BOOKING_LIMITS.availabilityDaysMax;
  // The practice's zone is read with the facts; a wide window first, then the walk from its today.
  const probe = windowOf(now.toISOString().slice(0, 10), days + 1);
  const facts = await readFacts(db, doctorId, probe.from, probe.to);
  if (!facts) return null;
  const fromDate = localDate(facts.timeZone, now);
  const shortest = Math.min(...types.map((t) => t.minutes));
  // The shortest visit fits wherever a longer one does, so its first start is the earliest.
  const [first] = freeStarts(facts, { minutes: shortest, now, fromDate, days, limit: 1 });
  return first === undefined ? null : new Date(first);
}

/** Writes a practice's next_available to both tables; answers whether it changed. */
export async function storeNext(db: DbOrTx, doctorId: number, now: Date): Promise<boolean> {
  const next = await computeNext(db, doctorId, now);
  return db.transaction(async (tx) => {
    const before = rowsOf<{ next: Date | string | null }>(
      await tx.execute(sql`SELECT next_available AS next FROM booking_settings WHERE doctor_id = ${doctorId} FOR UPDATE`),
    )[0];
    await tx.execute(sql`UPDATE booking_settings SET next_available = ${next}, next_checked_at = ${now} WHERE doctor_id = ${doctorId}`);
    await tx.execute(sql`SELECT doctor_search_lock(${doctorId})`);
    await tx.execute(
      sql`UPDATE doctor_search SET next_available = ${next} WHERE user_id = ${doctorId} AND next_available IS DISTINCT FROM ${next}::timestamptz`,
    );
    const old = before?.next ? new Date(before.next).getTime() : null;
    return old !== (next?.getTime() ?? null);
  });
}

/**
 * The practices whose next_available time has passed (or came within the lead time), and those without one
 * not looked at for an hour (a new day may bring a free start into the 14 days): at most `limit` a sweep.
 */
export async function dueForRefresh(db: DbOrTx, now: Date, limit = 500): Promise<number[]> {
  const rows = await db.execute(sql`
    SELECT doctor_id FROM booking_settings
    WHERE enabled AND (
      (next_available IS NOT NULL AND next_available < ${now}::timestamptz + make_interval(hours => lead_hours))
      OR (next_available IS NULL AND (next_checked_at IS NULL OR next_checked_at < ${now}::timestamptz - interval '1 hour')))
    ORDER BY next_checked_at NULLS FIRST LIMIT ${limit}`);
  return rowsOf<{ doctor_id: number }>(rows).map((r) => r.doctor_id);
}
