// The search cards' stored part (docs/decisions/073-search-index-in-memory.md): read from doctor_search
// in one statement for the vets a page shows, and kept in a bounded cache of the vets searches showed
// lately; the favourites list reads its cards here too.
import { sql } from 'drizzle-orm';
import { specialOpenAt, type SpecialDay } from '../../../../shared/lib/special-hours';
import type { DoctorSummary } from '../../../../shared/schemas/doctor';
import type { Database } from '../../../db/client';
import { rowsOf } from '../../../lib/sql-rows';
import { cardBase, searchCard, type CardBase, type CardRow } from './doctor-search';
import { indexQuery, intArray, remember } from './index-queries';
import { listedSql } from './listing-rule';
import { closedTodayAt, openAt, parseWeek } from './week-hours';

/** Card rows kept: the vets searches showed lately. */
const CARD_CACHE_ENTRIES = 20_000;

/** A card's columns as stored; distance, open now and Sponsored are added per search. */
type StoredCard = Omit<CardRow, 'distance' | 'open_now' | 'sponsored'>;

const cardColumns = sql`ds.user_id AS id, ds.name, ds.clinic_name, ds.avatar, ds.city, ds.state, ds.zip, ds.street, ds.contact_phone,
  ds.services, ds.species, ds.emergency, ds.accepting_new_patients, ds.accepting_confirmed_at, ds.latitude, ds.longitude,
  ds.rating_count, ds.rating_sum, ds.claimed, ds.next_available, ds.time_zone,
  (SELECT r.median_hours FROM appointment_response_times r WHERE r.doctor_id = ds.user_id) AS response_time_median`;

/** The card rows of the vets searches showed lately; the index drops a vet's when its listing changes. */
export class CardRows {
  private readonly cards = new Map<number, CardBase>();

  constructor(private readonly database: Database) {}

  /** The remembered rows of all of `ids`, or undefined when one is not remembered (no await then). */
  remembered(ids: number[]): Map<number, CardBase> | undefined {
    return ids.every((id) => this.cards.has(id)) ? new Map(ids.map((id) => [id, this.cards.get(id)!])) : undefined;
  }

  /** The card rows of these vets: from the cache, the others in one statement. */
  async read(ids: number[]): Promise<Map<number, CardBase>> {
    const found = new Map<number, CardBase>();
    const missing: number[] = [];
    for (const id of ids) {
      const card = this.cards.get(id);
      if (card) found.set(id, card);
      else missing.push(id);
    }
    if (missing.length) {
      const rows = await indexQuery<StoredCard>(
        this.database,
        sql`SELECT ${cardColumns} FROM doctor_search ds WHERE ds.user_id = ANY(${intArray(missing)})`,
        true,
      );
      for (const row of rows) {
        const card = cardBase(row);
        found.set(card.id, card);
        remember(this.cards, card.id, card, CARD_CACHE_ENTRIES);
      }
    }
    return found;
  }

  /** Forgets one vet's row (its listing changed). */
  forget(id: number): void {
    this.cards.delete(id);
  }

  /** Forgets every row (the index reloaded). */
  clear(): void {
    this.cards.clear();
  }
}

/**
 * The search cards of those of `ids` that are listed at `at`, in the order of `ids`, with their open-now
 * state and no distance (the favourites list, docs/product.md section 21). One statement.
 */
export async function listedCards(database: Database, ids: number[], at: Date): Promise<DoctorSummary[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<StoredCard & { week_hours: string; special_hours: SpecialDay[] | null }>(
    await database.db.execute(
      sql`SELECT ${cardColumns}, ds.week_hours::text AS week_hours, ds.special_hours FROM doctor_search ds
      WHERE ds.user_id = ANY(${intArray(ids)}) AND ${listedSql(at)}`,
    ),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const openNow = specialOpenAt(row.special_hours, row.time_zone, at) ?? openAt(row.week_hours, row.time_zone, at);
    const closedToday = closedTodayAt(parseWeek(row.week_hours), (date) => row.special_hours?.find((day) => day.date === date), row.time_zone, at);
    return [searchCard(cardBase(row), null, openNow, false, closedToday)];
  });
}
