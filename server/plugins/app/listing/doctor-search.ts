// Finding listed doctors (docs/product.md, Search): checking a search's input, shaping its answer,
// and a listed vet's public profile. The search itself runs over the in-memory index in
// search-index.ts (docs/decisions/073-search-index-in-memory.md), kept in step with doctor_search,
// the table of listable vets that triggers maintain (docs/decisions/035-search-table-and-knn.md).
import { specialOpenAt, upcomingSpecialHours } from '../../../../shared/lib/special-hours';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { profiles, users } from '../../../db/schema';
import {
  DEFAULT_SEARCH_RADIUS,
  RATING_MAX,
  RATING_MIN,
  SEARCH_COUNT_CAP,
  SEARCH_RADIUS_MAX,
  type DoctorProfile,
  type DoctorSearchAnswer,
  type DoctorSearchBody,
  type DoctorSummary,
} from '../../../../shared/schemas/doctor';
import { stateCode } from '../../../../shared/constants/us-states';
import { domainError } from '../../../lib/domain-error';
import { listedSql } from './listing-rule';
import { boxCentre, readFinding, type FindingInput } from './finding-input';
import { openAt } from './week-hours';
import type { MarkerList } from './search-box';
import { ratingAverage } from '../../../../shared/lib/rating';
import { shownResponseHours as shownHours } from '../../../../shared/lib/appointment-rules';
import { practiceName } from '../../../../shared/lib/practice-name';
import { planIncludes } from '../../../../shared/constants/plans';
import type { VisitType } from '../../../../shared/schemas/booking';

/** The rotation moves on every ten minutes: stable while a person pages, fair over a day. */
export const SPONSOR_ROTATION_MS = 10 * 60_000;

/** A search with its input checked and normalised: the cache key is built from this. */
export interface NormalizedSearch {
  zip: string;
  /** Near me (docs/product.md 21.2): a position rounded to three decimals, searched instead of a zip code. */
  position: { latitude: number; longitude: number } | null;
  city: string;
  stateInput: string;
  state: string;
  count: number;
  start: number;
  radius: number | null;
  species: string[];
  services: string[];
  emergency: boolean;
  openNow: boolean;
  accepting: boolean;
  /** Whole stars the shown average must reach; 0 for no such filter (docs/product.md 7.6). */
  minRating: number;
  /** 'recommended' unless asked otherwise (docs/product.md section 33); 'distance' needs a point. */
  sort: 'recommended' | 'distance' | 'name' | 'rating' | 'soonest';
  /** The 'what', a map box and 'open now' with unknown hours (finding-input.ts). */
  q: string;
  what: FindingInput['what'];
  bounds: FindingInput['bounds'];
  includeHoursUnknown: boolean;
  /** Only practices with next_available within this many days; 0 for no such filter (docs/product.md section 30). */
  availableWithinDays: number;
}

/** Lower-case, trimmed, a final 's' dropped: the same rule as doctor_search_keys() in SQL. */
function filterKey(value: string): string {
  return value.trim().toLowerCase().replace(/s$/, '');
}

const collapse = (value: string) => value.trim().replace(/\s+/g, ' ');

/**
 * A near-me position checked and rounded to three decimals (about 110 m: docs/product.md 21.2), or null
 * without one. Whether it lies in the covered area is the index's question (it knows the zip codes).
 */
function checkPosition(query: DoctorSearchBody, placeTyped: boolean): NormalizedSearch['position'] {
  const { latitude, longitude } = query;
  if (latitude === undefined && longitude === undefined) return null;
  if (latitude === undefined || longitude === undefined)
    throw domainError(400, 'VALIDATION_ERROR', 'Send both latitude and longitude to search near a position.', {
      field: latitude === undefined ? 'latitude' : 'longitude',
    });
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90)
    throw domainError(400, 'VALIDATION_ERROR', 'Latitude must be a number from -90 to 90.', { field: 'latitude' });
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180)
    throw domainError(400, 'VALIDATION_ERROR', 'Longitude must be a number from -180 to 180.', { field: 'longitude' });
  if (placeTyped) throw domainError(400, 'VALIDATION_ERROR', 'Search near a position or by zip code, city or state, not both.', { field: 'latitude' });
  const round = (value: number) => Math.round(value * 1000) / 1000 || 0;
  return { latitude: round(latitude), longitude: round(longitude) };
}

/** A search's body as the web app sends it without a place (the first page of ten), with `fields` over it: for tests and benches. */
export const searchBody = (fields: Partial<DoctorSearchBody>): DoctorSearchBody => ({
  searchZipCode: '',
  searchCity: '',
  searchState: '',
  searchCount: 10,
  searchStart: 0,
  ...fields,
});

/** Checks a search and answers 400 with a plain sentence for anything it cannot use. */
export function normalizeSearch(query: DoctorSearchBody): NormalizedSearch {
  const zip = (query.searchZipCode ?? '').trim();
  const city = collapse(query.searchCity ?? '');
  const stateInput = collapse(query.searchState ?? '');
  const position = checkPosition(query, Boolean(zip || city || stateInput));
  const finding = readFinding(query, Boolean(zip || city || stateInput || position));
  if (!zip && !city && !stateInput && !position && !finding.bounds && !finding.q)
    throw domainError(400, 'VALIDATION_ERROR', 'Enter a zip code, a city or a state.', { field: 'searchZipCode' });
  if (zip && !/^\d{5}$/.test(zip)) throw domainError(400, 'VALIDATION_ERROR', 'Enter a five-digit zip code.', { field: 'searchZipCode' });
  let state = '';
  if (stateInput) {
    state = stateCode(stateInput) ?? '';
    if (!state) throw domainError(400, 'UNKNOWN_STATE', `We do not know the state "${stateInput}". Use its name or two-letter code.`, { field: 'searchState' });
  }
  if (query.radius !== undefined && (query.radius < 1 || query.radius > SEARCH_RADIUS_MAX)) {
    throw domainError(400, 'VALIDATION_ERROR', `Choose a radius from 1 to ${SEARCH_RADIUS_MAX} miles.`, { field: 'radius' });
  }
  if (query.min_rating !== undefined && !(Number.isInteger(query.min_rating) && query.min_rating >= RATING_MIN && query.min_rating <= RATING_MAX)) {
    throw domainError(400, 'VALIDATION_ERROR', `Choose a minimum rating from ${RATING_MIN} to ${RATING_MAX} stars.`, { field: 'min_rating' });
  }
  const count = query.searchCount ?? 10;
  const start = query.searchStart ?? 0;
  const keys = (items: string[] | undefined) => [...new Set((items ?? []).map(filterKey).filter(Boolean))].sort();
  const near = Boolean(zip || position);
  const pointed = near || finding.bounds !== null;
  return {
    zip,
    position,
    city: zip ? city : city.toLowerCase(),
    stateInput,
    state,
    count,
    start,
    radius: near ? (query.radius ?? DEFAULT_SEARCH_RADIUS) : null,
    species: keys(query.species),
    services: keys(query.services),
    emergency: query.emergency === true,
    openNow: query.open_now === true,
    accepting: query.accepting_new_patients === true,
    minRating: query.min_rating ?? 0,
    sort:
      query.sort === undefined || query.sort === 'recommended' || query.sort === 'soonest'
        ? (query.sort ?? 'recommended')
        : query.sort === 'distance' && !pointed
          ? 'name'
          : query.sort,
    availableWithinDays: query.available_within_days ?? 0,
    ...finding,
  };
}

/** A number in [0, 1) that moves with the rotation window: where the Sponsored rotation starts. */
export function sponsorOffset(now: Date): number {
  const bucket = Math.floor(now.getTime() / SPONSOR_ROTATION_MS);
  return (bucket * 0.6180339887498949) % 1;
}

export interface CardRow {
  id: number;
  name: string;
  clinic_name: string | null;
  avatar: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  street: string | null;
  contact_phone: string | null;
  services: string[];
  species: string[];
  emergency: boolean;
  accepting_new_patients: boolean;
  accepting_confirmed_at: string | null;
  distance: number | null;
  latitude: number;
  longitude: number;
  open_now: boolean | null;
  sponsored: boolean;
  /** Published reviews and the sum of their stars (doctor_search, kept by the reviews trigger). */
  rating_count: number;
  rating_sum: number;
  /** The practice's median hours to answer an appointment request (appointment_response_times), or null. */
  response_time_median: number | null;

  /** False for an imported practice its vet has not claimed (docs/product.md section 20). */
  claimed: boolean;
  /** The first free start to book (docs/product.md section 30), or null. */
  next_available: string | Date | null;
  /** The practice's time zone, in which the card shows next_available. */
  time_zone: string | null;
}

export interface SearchOrigin {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  city_similarity: number | null;
}

export interface SearchRow {
  origin: SearchOrigin | null;
  picked_city: { city: string; state: string } | null;
  total: number;
  cards: DoctorSummary[] | null;
  /** Markers, hours-unknown count and facets (search-finding.ts), added to the answer as they are. */
  extra?: Pick<SearchAnswer, 'markers' | 'markers_capped' | 'hours_unknown_count' | 'facets'>;
}

/** What a search's card shows that is the same in every search: stored by the index's card cache. */
export type CardBase = Omit<DoctorSummary, 'distance' | 'open_now' | 'sponsored'>;

/** A card row as read from doctor_search, made ready to show once (not on every search). */
export function cardBase(row: Omit<CardRow, 'distance' | 'open_now' | 'sponsored'>): CardBase {
  return {
    id: row.id,
    name: row.name,
    clinic_name: row.clinic_name,
    avatar: row.avatar,
    city: row.city,
    state: row.state,
    zip: row.zip,
    street: row.street,
    contact_phone: row.contact_phone,
    services: row.services ?? [],
    species: row.species ?? [],
    emergency: row.emergency,
    accepting_new_patients: row.accepting_new_patients,
    accepting_confirmed_at: row.accepting_confirmed_at ? new Date(row.accepting_confirmed_at).toISOString() : null,
    latitude: row.latitude,
    longitude: row.longitude,
    rating_average: ratingAverage(row.rating_sum, row.rating_count),
    rating_count: row.rating_count,
    response_time_hours: shownHours(row.response_time_median),

    claimed: row.claimed,
    next_available: row.next_available ? new Date(row.next_available).toISOString() : null,
    time_zone: row.time_zone ?? null,
  };
}

/**
 * One search's card: the stored part with what this search adds, written out field by field. A
 * spread (`{ ...base, distance }`) copied each card's fields one at a time and was the costliest
 * line of a search (bench/search-cpu.ts).
 */
export function searchCard(
  base: CardBase,
  distance: number | null,
  openNow: boolean | null,
  sponsored: boolean,
  closedToday: boolean | null = null,
): DoctorSummary {
  return {
    id: base.id,
    name: base.name,
    clinic_name: base.clinic_name,
    avatar: base.avatar,
    city: base.city,
    state: base.state,
    zip: base.zip,
    street: base.street,
    contact_phone: base.contact_phone,
    services: base.services,
    species: base.species,
    emergency: base.emergency,
    accepting_new_patients: base.accepting_new_patients,
    accepting_confirmed_at: base.accepting_confirmed_at,
    distance,
    sponsored,
    latitude: base.latitude ?? null,
    longitude: base.longitude ?? null,
    open_now: openNow,
    closed_today: openNow === null ? null : closedToday,
    rating_average: base.rating_average,
    rating_count: base.rating_count,
    response_time_hours: base.response_time_hours,

    claimed: base.claimed,
    next_available: base.next_available ?? null,
    time_zone: base.time_zone ?? null,
  };
}

/**
 * A search's answer as the index makes it: a map box's markers are a MarkerList (search-box.ts), which JSON writes as
 * the contract's `markers` (DoctorSearchAnswer).
 */
export type SearchAnswer = Omit<DoctorSearchAnswer, 'markers'> & { markers?: MarkerList };

/** The answer to a search from what the index found (search-index.ts); 400 for an unknown zip or city. */
export function presentAnswer(search: NormalizedSearch, row: SearchRow): SearchAnswer {
  if (search.zip && !row.origin)
    throw domainError(400, 'UNKNOWN_ZIP', `We do not know the zip code ${search.zip}. Please check it.`, { field: 'searchZipCode' });
  if (search.position && !row.origin)
    throw domainError(400, 'OUTSIDE_AREA', `That position is outside the area we cover (the United States). Search by zip code, city or state instead.`, {
      field: 'latitude',
    });
  if (!search.zip && search.city && !row.picked_city) {
    const where = search.state ? ` in ${search.state}` : '';
    throw domainError(400, 'UNKNOWN_CITY', `We do not know a city called "${search.city}"${where}. Check the spelling, or search by zip code or state.`, {
      field: 'searchCity',
    });
  }

  const cards = row.cards ?? [];
  const total = Math.min(row.total, SEARCH_COUNT_CAP);
  const answer: SearchAnswer = {
    data: cards,
    totalCount: total,
    totalCountCapped: row.total > SEARCH_COUNT_CAP,
    notice: null,
    sort: search.sort,
    radius: search.radius,
    ...row.extra,
  };
  if (search.bounds) {
    const centre = boxCentre(search.bounds);
    answer.used = 'bounds';
    answer.location = { zip: null, city: null, state: null, latitude: centre.latitude, longitude: centre.longitude };
  } else if (!search.zip && !search.position && !search.city && !search.state) {
    answer.used = 'q';
    answer.location = { zip: null, city: null, state: null, latitude: null, longitude: null };
  } else if (search.position) {
    // The position as searched (rounded), with the nearest known place for context; never a zip of the person's home.
    const o = row.origin!;
    answer.used = 'position';
    answer.location = { zip: null, city: o.city, state: o.state, latitude: search.position.latitude, longitude: search.position.longitude };
  } else if (search.zip) {
    const o = row.origin!;
    answer.used = 'zip';
    answer.location = { zip: o.zip, city: o.city, state: o.state, latitude: o.latitude, longitude: o.longitude };
    // A zip code typed with a city or state wins: the answer says so when they disagree
    // (docs/decisions/036-zip-with-city.md).
    const ignored: string[] = [];
    if (search.city && (o.city_similarity ?? 0) < 0.6) ignored.push(`the city "${search.city}"`);
    if (search.state && search.state !== o.state) ignored.push(`the state "${search.stateInput}"`);
    if (ignored.length) {
      answer.notice = `Showing veterinarians near ${o.zip} (${o.city}, ${o.state}); ${ignored.join(' and ')} ${ignored.length > 1 ? 'were' : 'was'} not used. Clear the zip code to search by city or state.`;
    }
  } else {
    const picked = row.picked_city;
    answer.used = search.city && search.state ? 'city_state' : search.city ? 'city' : 'state';
    answer.location = {
      zip: null,
      city: picked?.city ?? null,
      state: search.state || (picked && !search.city ? picked.state : null) || null,
      latitude: null,
      longitude: null,
    };
    if (picked && picked.city.toLowerCase() !== search.city) answer.notice = `Showing results for ${picked.city}${search.state ? `, ${search.state}` : ''}.`;
  }
  return answer;
}

// ---- Public profile ------------------------------------------------------------------------

/** A listed vet's public profile, or undefined when the vet is not listed now (listing-rule.ts). */
export async function findPublicDoctor(db: DbOrTx, id: number, at: Date): Promise<DoctorProfile | undefined> {
  return (await readPublicDoctor(db, id, at))?.doctor;
}

/** What a listed vet's public record is read from: the account's name and the whole profile (also seo/public-records.ts). */
export const listedDoctorColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName, claimed: users.claimed, profile: profiles };

/**
 * A listed vet's profile with the plan in force, in one statement: a profile page is among the
 * most asked-for answers, and on the embedded engine each statement costs at least half a
 * millisecond of the server's one thread. 'Open now' is worked out here from the stored weekly
 * hours, as the search index does (week-hours.ts), not by a function in the statement.
 */
export async function readPublicDoctor(db: DbOrTx, id: number, at: Date): Promise<{ doctor: DoctorProfile; plan: number; imported: boolean } | undefined> {
  const [row] = await db
    .select({
      ...listedDoctorColumns,
      // Listed means a paid plan in force now, so the listing's plan is the plan in force.
      plan: sql<number>`ds.plan`,
      weekHours: sql<string>`ds.week_hours::text`,
      ratingCount: sql<number>`ds.rating_count`,
      ratingSum: sql<number>`ds.rating_sum`,
      responseTimeMedian: sql<number | null>`(select r.median_hours from appointment_response_times r where r.doctor_id = ${users.id})`,
      nextAvailable: sql<string | null>`ds.next_available`,
      // The bookable visit types while the practice publishes bookable times (docs/product.md section 30).
      visitTypes: sql<VisitType[] | null>`(select json_agg(json_build_object('id', v.id, 'name', v.name, 'minutes', v.minutes, 'species', v.species,
        'new_patients', v.new_patients, 'price_from', v.price_from) order by v.position, v.id)
        from visit_types v join booking_settings b on b.doctor_id = v.doctor_id and b.enabled where v.doctor_id = ${users.id})`,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .innerJoin(sql`doctor_search ds`, sql`ds.user_id = ${users.id}`)
    .where(and(eq(users.id, id), listedSql(at)));
  if (!row) return undefined;
  const p = row.profile;
  const doctor: DoctorProfile = {
    id: row.id,
    // An unclaimed practice has no vet's name yet: it is shown by its clinic's (docs/product.md section 20).
    name: practiceName({ ...row, clinicName: p.clinicName }),
    clinic_name: p.clinicName,
    avatar: p.avatarUrl,
    city: p.city,
    state: p.state,
    zip: p.zip,
    street: p.street,
    contact_phone: p.contactPhone,
    services: p.services,
    species: p.species,
    emergency: p.emergency,
    accepting_new_patients: p.acceptingNewPatients,
    accepting_confirmed_at: p.acceptingConfirmedAt?.toISOString() ?? null,
    distance: null,
    sponsored: false,
    latitude: p.latitude,
    longitude: p.longitude,
    open_now: specialOpenAt(p.specialHours, p.timeZone, at) ?? openAt(row.weekHours, p.timeZone, at),
    rating_average: ratingAverage(Number(row.ratingSum), Number(row.ratingCount)),
    rating_count: Number(row.ratingCount),
    response_time_hours: shownHours(row.responseTimeMedian),

    claimed: row.claimed,
    next_available: row.nextAvailable ? new Date(row.nextAvailable).toISOString() : null,
    ...(row.visitTypes?.length && planIncludes(row.plan, 'contact_form') && row.claimed ? { visit_types: row.visitTypes } : {}),
    contact_email: p.contactEmail,
    website_title: p.websiteTitle,
    website_url: p.websiteUrl,
    summary: p.summary,
    working_time: p.workingTime ?? [],
    time_zone: p.timeZone,
    special_hours: upcomingSpecialHours(p.specialHours, p.timeZone, at),
    education: p.education,
  };
  return { doctor, plan: row.plan, imported: p.externalId !== null };
}
