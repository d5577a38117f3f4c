// The search itself (docs/product.md, Search; design in docs/decisions/073-search-index-in-memory.md).
// Each app server keeps, for every listable vet in doctor_search, what a search filters and orders by:
// a point, the filter keys, the plan, the paid period, the weekly hours and the name to sort by. A search
// walks forward through four rooms and never comes back to one: the index brought up to date
// (index-sync.ts), the place it starts from (search-places.ts), its page found in memory (here, over
// the grid of search-geometry.ts: nearest first, or in name or rating order from the per-state and
// per-city lists), the cards of that page (card-rows.ts), and the answer shaped (doctor-search.ts).
import { localDateAt, openOnSpecialDay } from '../../../../shared/lib/special-hours';
import type { Database } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { SEARCH_COUNT_CAP, type DoctorSuggestAnswer, type DoctorSummary } from '../../../../shared/schemas/doctor';
import {
  presentAnswer,
  searchCard,
  sponsorOffset,
  type CardBase,
  type NormalizedSearch,
  type SearchOrigin,
  type SearchAnswer,
  type SearchRow,
} from './doctor-search';
import { nameWords, wordSuggestions } from './search-words';
import { checkWhat, Q_MAX, Q_MIN } from './finding-input';
import { domainError } from '../../../lib/domain-error';
import { extras, openFirst, sift, type Sift } from './search-finding';
import { distanceScore } from './recommended-score';
import { inAll, inBox } from './search-box';
import { closedTodayAt, minuteOfWeek, openInWeek } from './week-hours';
import type { Place } from './city-names';
import { chordFor, earth, milesShown, type Slot, type VetStore } from './vet-store';
import { CardRows } from './card-rows';
import { IndexSync, PREMIUM, type IndexContent } from './index-sync';
import { bestCellsFirst, cellsAround, partitionPoint, TopK } from './search-geometry';
import { Places } from './search-places';
import type { SlotList } from './slot-lists';

export const SPONSORED_SLOTS = 2;
/** Near a zip code, Sponsored slots rotate among this many nearest Premium vets in range. */
export const SPONSOR_CANDIDATES = 20;

/**
 * Whether vets are open at a moment, by their weekly hours in their own time zones. Neighbours share
 * a zone, so the minute of the week of the last zone asked about is kept (a scan stays on typed arrays).
 */
export function openTest(store: VetStore, at: Date): (slot: Slot) => boolean {
  let lastZone = -1;
  let minute: number | null = null;
  let localDate: string | null = null;
  let localMinute = 0;
  return (slot) => {
    const zone = store.zone[slot]!;
    if (zone === -1) return false;
    if (zone !== lastZone) {
      lastZone = zone;
      minute = minuteOfWeek(store.text(zone)!, at);
      localDate = null;
    }
    // A special entry for the vet's local date decides that whole date (docs/product.md section 22).
    const special = store.special[slot]!;
    if (special !== -1) {
      if (localDate === null) {
        const local = localDateAt(store.text(zone)!, at);
        localDate = local?.date ?? '';
        localMinute = local?.minute ?? 0;
      }
      const entry = store.specials.values[special]!.get(localDate);
      if (entry) return openOnSpecialDay(entry, localMinute);
    }
    return minute !== null && openInWeek(store.weeks.values[store.hours[slot]!]!, minute);
  };
}

/** Whether a card's practice has no opening at all on its own today (only the page's cards ask). */
function closedToday(store: VetStore, slot: Slot, at: Date): boolean | null {
  const special = store.special[slot]!;
  const days = special === -1 ? undefined : store.specials.values[special];
  return closedTodayAt(store.weeks.values[store.hours[slot]!]!, (date) => days?.get(date), store.text(store.zone[slot]!) ?? null, at);
}

/** The filter of one search over index entries: the paid period, then each filter asked for. */
function matcher(store: VetStore, search: NormalizedSearch, at: Date): (slot: Slot) => boolean {
  const now = at.getTime();
  const { species, services, emergency, accepting, openNow } = search;
  // Vets without reviews hold 0, so no filter is 0 and 'at least 4 stars' is 40 tenths.
  const minTenths = search.minRating * 10;
  // Whether a stored list of keys meets a filter, worked out once per list and search.
  const listTest = (wanted: string[]) => {
    if (wanted.length === 0) return () => true;
    // Per list number: 0 not worked out yet, 1 meets the filter, 2 does not.
    const known = new Uint8Array(store.lists.values.length);
    return (n: number) => {
      if (known[n] === 0) known[n] = store.lists.values[n]!.some((key) => wanted.includes(key)) ? 1 : 2;
      return known[n] === 1;
    };
  };
  const speciesOk = listTest(species);
  const isOpen = openTest(store, at);
  const servicesOk = listTest(services);
  // Free to book within N days (docs/product.md section 30): one comparison with the stored next_available.
  const availableBy = search.availableWithinDays ? now + search.availableWithinDays * 86_400_000 : Infinity;
  return (slot) =>
    store.nextAvailable[slot]! <= availableBy &&
    store.paidUntil[slot]! > now &&
    store.rating[slot]! >= minTenths &&
    (!emergency || store.isEmergency(slot)) &&
    (!accepting || store.isAccepting(slot)) &&
    speciesOk(store.species[slot]!) &&
    servicesOk(store.services[slot]!) &&
    (!openNow || isOpen(slot));
}

/** What a search found in the index: Sponsored vets first, then the page of the plain list. */
export interface Page {
  sponsored: Slot[];
  plain: Slot[];
  /** Chord lengths (miles) of the shown vets (by slot) from the zip code's point. */
  chords: Map<Slot, number>;
  /** Matching vets, counted up to SEARCH_COUNT_CAP + 1. */
  total: number;
  /** Markers, hours unknown, facets (search-finding.ts). */
  extra?: SearchRow['extra'];
}

/** The search's filter with the 'what' and the unknown-hours rule of 'open now' (search-finding.ts). */
export function siftFor(content: IndexContent, search: NormalizedSearch, at: Date): Sift {
  const { store } = content;
  return sift(store, search, search.what.name ? content.names : null, matcher(store, { ...search, openNow: false }, at), openTest(store, at));
}

/** Which plain results a page shows once up to two Sponsored vets take the first positions. */
export function plainWindow(search: NormalizedSearch, sponsoredCount: number) {
  const shownSponsored = Math.max(0, Math.min(sponsoredCount, search.start + search.count) - search.start);
  return { offset: Math.max(0, search.start - sponsoredCount), limit: Math.max(0, search.count - shownSponsored) };
}

/** Sponsored vets shown on this page, with their positions (0 and 1). */
const sponsoredOnPage = (search: NormalizedSearch, sponsored: Slot[]) => sponsored.filter((_, pos) => pos >= search.start && pos < search.start + search.count);

export class SearchIndex {
  private readonly cards: CardRows;
  private readonly sync: IndexSync;
  private readonly places: Places;

  constructor(
    database: Database,
    private readonly clock: Clock,
    /** Rows read per statement while loading. */
    loadPage?: number,
    /** Changed vets in one look at the change log above which the index reloads (index-sync.ts). */
    reloadAbove?: number,
    /** The snapshot file (index-snapshot.ts), or none. */
    snapshotFile?: string,
  ) {
    this.cards = new CardRows(database);
    this.sync = new IndexSync(database, clock, this.cards, loadPage, reloadAbove, snapshotFile);
    this.places = new Places(database);
  }

  /** Starts loading the index (once); searches wait for it. */
  load(): Promise<void> {
    return this.sync.load();
  }

  get size(): number {
    return this.sync.size;
  }

  /** How many times the whole index was loaded since the server started (/metrics). */
  get loads(): number {
    return this.sync.loads;
  }

  /** Whether the first load has finished (GET /api/ready waits for it, docs/product.md 23.2). */
  get loaded(): boolean {
    return this.sync.loaded;
  }

  /** Writes the index to its snapshot file, if it has one (the server stops: docs/product.md 23.5). */
  saveSnapshot(): Promise<void> {
    return this.sync.saveSnapshot();
  }

  /** When the index last read the change log (or loaded), by its clock: how far behind it may be (/metrics). */
  get lastLookAt(): number {
    return this.sync.lastLookAt;
  }

  /** A listing changed: the next searches read the change log first (docs/decisions/093-one-listing-module.md). */
  watch(): void {
    this.sync.watch();
  }

  /**
   * Suggestions while a person types the 'what' (docs/product.md section 33): service and species words,
   * then clinics whose names match, best static part first; up to 8, from memory (the cards' cache).
   */
  async suggest(typed: string): Promise<DoctorSuggestAnswer> {
    const q = checkWhat(typed);
    if (!q) throw domainError(400, 'VALIDATION_ERROR', `Enter ${Q_MIN} to ${Q_MAX} characters to search for.`, { field: 'q' });
    const waiting = this.sync.beforeSearch();
    if (waiting) await waiting;
    const words = wordSuggestions(q).slice(0, 3);
    const name = nameWords(q).join(' ');
    const { store, names } = this.sync.content;
    const ids = name ? Array.from(names.match(name).slots.subarray(0, 8 - words.length), (slot) => store.ids[slot]!) : [];
    const rows = ids.length ? (this.cards.remembered(ids) ?? (await this.cards.read(ids))) : new Map<number, CardBase>();
    const clinics = ids.flatMap((id) => {
      const row = rows.get(id);
      return row ? [{ kind: 'clinic' as const, label: row.clinic_name ?? row.name, id }] : [];
    });
    return { data: [...words, ...clinics].slice(0, 8) };
  }

  /** The page of a search and its capped count. */
  async search(search: NormalizedSearch, at: Date = this.clock.now()): Promise<SearchAnswer> {
    // NOTE: the awaits below are taken only when there is something to wait for: a search whose
    // place and cards are remembered runs without yielding, which halves its cost.
    const waiting = this.sync.beforeSearch();
    if (waiting) await waiting;
    const { places } = this;
    const origin = search.position || search.zip ? (places.rememberedOrigin(search) ?? (await places.origin(search))) : null;
    const picked = !search.zip && search.city ? (places.rememberedCity(search) ?? (await places.pickCity(search))) : null;
    if ((search.zip || search.position) && !origin) return presentAnswer(search, { origin: null, picked_city: null, total: 0, cards: [] });
    if (!search.zip && search.city && !picked) return presentAnswer(search, { origin: null, picked_city: null, total: 0, cards: [] });

    // Everything the cards need from the index is read now: the content may change during the await.
    const content = this.sync.content;
    const page = search.bounds
      ? inBox(content, search, search.bounds, at)
      : origin
        ? near(content, search, origin, at)
        : search.city || search.state
          ? inPlace(content, search, picked, at)
          : inAll(content, search, at);
    const { store } = content;
    const sponsoredSlots = new Set(page.sponsored);
    const isOpen = openTest(store, at);
    const picks = [...sponsoredOnPage(search, page.sponsored), ...page.plain].map((slot) => ({
      id: store.ids[slot]!,
      distance: page.chords.has(slot) ? milesShown(page.chords.get(slot)!) : null,
      openNow: store.hoursUnknown(slot) ? null : isOpen(slot),
      closedToday: store.hoursUnknown(slot) ? null : closedToday(store, slot, at),
      sponsored: sponsoredSlots.has(slot),
    }));
    const ids = picks.map((pick) => pick.id);
    const rows = this.cards.remembered(ids) ?? (await this.cards.read(ids));
    const cards: DoctorSummary[] = [];
    for (const pick of picks) {
      const row = rows.get(pick.id);
      // A vet removed since the last look at the log: left out, the next look drops it.
      if (row) cards.push(searchCard(row, pick.distance, pick.openNow, pick.sponsored, pick.closedToday));
    }
    return presentAnswer(search, {
      origin,
      picked_city: picked ? { city: picked.city, state: picked.state } : null,
      total: page.total,
      cards,
      ...(page.extra ? { extra: page.extra } : {}),
    });
  }
}

// ---- Finding the page in memory ------------------------------------------------------------

/**
 * Near a zip code: the vets in the cells the radius touches. Nearest first (or by name), the cells
 * are read nearest first; by rating, best cell first (a cell's best is the first of its list), and
 * the Sponsored candidates are found by a second, nearest-first walk that looks at Premium vets only.
 */
function near(content: IndexContent, search: NormalizedSearch, origin: SearchOrigin, at: Date): Page {
  const { store, grid } = content;
  const radius = search.radius ?? 25;
  const [ox, oy, oz] = earth(origin.latitude, origin.longitude);
  const reach = chordFor(radius);
  const reach2 = reach * reach;
  const matches = siftFor(content, search, at);
  // A 'what' no vet has: nobody within any radius either, and the walk would read every vet in it.
  if (matches.nobody) return { sponsored: [], plain: [], chords: new Map(), total: 0, extra: extras(search, matches) };
  // Each cell's vets to read: with a service or species asked for, those that list the rarest of them (key-cells.ts).
  const wanted = content.cellReader(search.what);
  const recommended = search.sort === 'recommended';
  const { x, y, z, d2, plan, rating, score } = store;
  /** Whether the vet in `slot` is within the radius and matches the filters; keeps its squared distance in d2. */
  const reached = (slot: Slot): boolean => {
    const dx = x[slot]! - ox;
    const dy = y[slot]! - oy;
    const dz = z[slot]! - oz;
    const distance2 = dx * dx + dy * dy + dz * dz;
    if (distance2 > reach2 || !matches(slot)) return false;
    d2[slot] = distance2;
    if (recommended) score[slot] = store.recommended[slot]! + distanceScore(Math.sqrt(distance2));
    return true;
  };
  // Cell lists are in rating order: a vet below the minimum ends its cell's list for this search.
  const minTenths = search.minRating * 10;
  const premium = new TopK<Slot>(SPONSOR_CANDIDATES, store.nearest);
  const settled = (list: TopK<Slot>, near2: number) => list.full && d2[list.worst!]! < near2;
  // Enough of the list for the page whatever the number of Sponsored vets taken out of it.
  const rated = search.sort === 'rating';
  const order = openFirst(
    store,
    search,
    search.sort === 'name'
      ? store.byName
      : rated
        ? store.byRatingNearest
        : search.sort === 'soonest'
          ? store.bySoonest
          : recommended
            ? store.byScore
            : store.nearest,
  );
  const listed = new TopK<Slot>(search.start + search.count + SPONSORED_SLOTS, order);
  // Listing unknown hours after the open ones breaks the orders the early stops below rely on.
  const mayStop = !search.includeHoursUnknown;
  let total = 0;
  const around = cellsAround(grid, origin.latitude, origin.longitude, radius, [ox, oy, oz]);
  const cells = rated ? bestCellsFirst(grid, store, around.cells) : around.cells;
  // Nearest first: once the count has passed the cap and both lists hold vets nearer than anything
  // the next cell can have, the rest cannot change the answer. By rating: once the count has passed
  // the cap and the list holds vets rated above anything left (the rest of this cell, the best of
  // the next cells), likewise; ties in rating and count go on, as they are broken by distance.
  const byDistance = search.sort === 'distance' && mayStop;
  const done = (slot: Slot) => mayStop && total > SEARCH_COUNT_CAP && listed.full && store.byRatingOnly(listed.worst!, slot) < 0;
  // Where the walk for Sponsored candidates alone starts: by distance, once the count and the page are
  // settled but the Premium vets not yet (rare with `min_rating`); by rating, at the nearest cell.
  let premiumFrom = rated ? 0 : cells.length;
  for (let i = 0; i < cells.length; i++) {
    // Recommended: ranked among the matches of the nearest cells that pass the count cap (docs/product.md 33.1).
    if ((byDistance && total > SEARCH_COUNT_CAP && settled(listed, around.near2[i]!)) || (recommended && total > SEARCH_COUNT_CAP)) {
      premiumFrom = i;
      break;
    }
    const whole = grid.slots(cells[i]!);
    if (whole.length === 0 || rating[whole[0]!]! < minTenths) {
      if (rated) break;
      continue;
    }
    if (rated && done(whole[0]!)) break;
    for (const slot of wanted.slots(cells[i]!, whole)) {
      if (rating[slot]! < minTenths || (rated && done(slot))) break;
      if (!reached(slot)) continue;
      total += 1;
      if (!rated && plan[slot] === PREMIUM) premium.offer(slot);
      listed.offer(slot);
    }
  }
  const extra = extras(search, matches);
  for (let i = premiumFrom; i < around.cells.length; i++) {
    if (settled(premium, around.near2[i]!)) break;
    const whole = grid.slots(around.cells[i]!);
    for (const slot of wanted.slots(around.cells[i]!, whole)) {
      if (rating[slot]! < minTenths) break;
      if (plan[slot] !== PREMIUM || !reached(slot)) continue;
      premium.offer(slot);
    }
  }
  const { sponsored, plain } = pageOf(store, search, premium, listed, at);
  const chords = new Map<Slot, number>();
  for (const slot of [...sponsored, ...plain]) chords.set(slot, Math.sqrt(d2[slot]!));
  return { sponsored, plain, chords, total: Math.min(total, SEARCH_COUNT_CAP + 1), extra };
}

/** In a city and/or a state: the list in name (rating, recommended) order, filtered, counted up to the cap. */
function inPlace(content: IndexContent, search: NormalizedSearch, picked: Place | null, at: Date): Page {
  const { store } = content;
  const cityNumber = picked ? store.knownText(picked.city_key) : -1;
  const stateNumber = search.state ? store.knownText(search.state) : -1;
  const rated = search.sort === 'rating';
  const byName = search.sort === 'name' || search.sort === 'distance';
  // Recommended without a point: the static part alone (docs/product.md 33.1).
  const lists = rated
    ? [content.ratedByCity, content.ratedByState]
    : byName
      ? [content.byCity, content.byState]
      : [content.recommendedByCity, content.recommendedByState];
  const list = picked ? lists[0]!.of(cityNumber) : lists[1]!.of(stateNumber);
  const premium = picked ? content.premiumByCity.of(cityNumber) : content.premiumByState.of(stateNumber);
  const filters = siftFor(content, search, at);
  if (filters.nobody) return { sponsored: [], plain: [], chords: new Map(), total: 0, extra: extras(search, filters) };
  const matches = picked && search.state ? (slot: Slot) => store.state[slot] === stateNumber && filters(slot) : filters;
  // Sponsored: the first Premium vets from the rotation's starting point on, round the circle.
  const rotation = sponsorOffset(at);
  const startAt = partitionPoint(premium, (slot) => store.sponsorKey[slot]! < rotation);
  const sponsored: Slot[] = [];
  for (let i = 0; i < premium.length && sponsored.length < SPONSORED_SLOTS; i++) {
    const slot = premium[(startAt + i) % premium.length]!;
    if (matches(slot)) sponsored.push(slot);
  }
  // The Sponsored candidates' tests counted facets and unknown hours: the list's walk counts them again.
  filters.reset();
  const skip = new Set(sponsored);
  const { offset, limit } = plainWindow(search, sponsored.length);
  return { ...walkList(store, search, list, matches, skip, offset, limit), sponsored, chords: new Map(), extra: extras(search, filters) };
}

/**
 * Walks a list in its order: the page from `offset`, and the count up to the cap. With hours-unknown
 * practices listed, they come after every open one (so the walk reads to the end when it must).
 */
export function walkList(
  store: VetStore,
  search: NormalizedSearch,
  list: SlotList | Slot[],
  matches: Sift | ((slot: Slot) => boolean),
  skip: Set<Slot>,
  offset: number,
  limit: number,
): { plain: Slot[]; total: number } {
  const first: Slot[] = [];
  const later: Slot[] = [];
  const want = offset + limit;
  let total = 0;
  // In rating order, the vets after one below the minimum rating are all below it too.
  const minTenths = search.sort === 'rating' ? search.minRating * 10 : 0;
  const split = search.includeHoursUnknown;
  // Soonest first (docs/product.md section 30): the whole list is read, the page kept in a bounded heap.
  const soonest = search.sort === 'soonest' ? new TopK<Slot>(want, store.bySoonestName) : null;
  // NOTE: an indexed loop: `list` is an array (names matched) or an Int32Array (slot-lists.ts), and a for-of over
  // both kinds at one place goes through the generic iterator.
  for (let i = 0; i < list.length; i++) {
    const slot = list[i]!;
    if (soonest) {
      if (!matches(slot)) continue;
      total += 1;
      if (!skip.has(slot)) soonest.offer(slot);
      continue;
    }
    if (total > SEARCH_COUNT_CAP && first.length >= want) break;
    if (store.rating[slot]! < minTenths) break;
    if (!matches(slot)) continue;
    total += 1;
    if (skip.has(slot)) continue;
    const into = split && store.hoursUnknown(slot) ? later : first;
    if (into.length < want) into.push(slot);
  }
  if (soonest) return { plain: soonest.sorted().slice(offset, want), total: Math.min(total, SEARCH_COUNT_CAP + 1) };
  return { plain: [...first, ...later].slice(offset, want), total: Math.min(total, SEARCH_COUNT_CAP + 1) };
}

/**
 * A walk around a point's page (a radius or a map box): the Sponsored pair rotated from its Premium candidates,
 * then the plain results in their order without the pair, from where this page starts.
 */
export function pageOf(store: VetStore, search: NormalizedSearch, premium: TopK<Slot>, listed: TopK<Slot>, at: Date): { sponsored: Slot[]; plain: Slot[] } {
  const sponsored = rotate(store, premium.sorted(), at);
  const skip = new Set(sponsored);
  const { offset, limit } = plainWindow(search, sponsored.length);
  const plain = listed
    .sorted()
    .filter((slot) => !skip.has(slot))
    .slice(offset, offset + limit);
  return { sponsored, plain };
}

/** The Sponsored pair: candidates ordered round a circle that starts at the rotation offset. */
function rotate(store: VetStore, candidates: Slot[], at: Date): Slot[] {
  const rotation = sponsorOffset(at);
  const turn = (slot: Slot) => {
    const key = store.sponsorKey[slot]!;
    return key >= rotation ? key - rotation : key + 1 - rotation;
  };
  return [...candidates].sort((a, b) => turn(a) - turn(b) || store.ids[a]! - store.ids[b]!).slice(0, SPONSORED_SLOTS);
}
