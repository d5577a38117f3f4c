// The in-memory search index (docs/product.md, Search; design in
// docs/decisions/073-search-index-in-memory.md). Each app server keeps, for every listable vet in
// doctor_search, what a search filters and orders by: a point, the filter keys, the plan, the paid
// period, the weekly hours and the name to sort by. A search finds its page here (nearest first
// from a grid of cells, or in name order from per-state and per-city lists) and shows it with card
// rows kept in a bounded cache, read from the database only for vets not in it (one statement).
// The index follows doctor_search through doctor_search_log: it reads the entries it has not seen
// when a listing change is announced (`watch()`: every write path announces, and other servers'
// announcements arrive through Redis), for two seconds after such an announcement on every search
// (it can come before its commit), and at least once a second otherwise (writes behind the app's
// back, servers without Redis). These times are the clock's it is given (docs/decisions/095-one-clock.md): a test
// moves it instead of waiting.
import { localDateAt, openOnSpecialDay, specialOpenAt, type SpecialDay } from '../../../../shared/lib/special-hours';
import { US_STATES } from '../../../../shared/constants/us-states';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { SEARCH_COUNT_CAP, type DoctorSearchAnswer, type DoctorSummary } from '../../../../shared/schemas/doctor';
import { cardBase, presentAnswer, searchCard, sponsorOffset, type CardBase, type CardRow, type NormalizedSearch, type SearchOrigin } from './doctor-search';
import { collectGarbage } from '../../../lib/collect-garbage';
import { minuteOfWeek, openAt, openInWeek } from './week-hours';
import { listedSql } from './listing-rule';
import { CityNames, type Place } from './city-names';
import { chordFor, earth, EARTH_MILES, milesShown, VetStore, type Slot, type VetRow } from './vet-store';
import { rowsOf } from '../../../lib/sql-rows';

const SPONSORED_SLOTS = 2;
/** Near a zip code, Sponsored slots rotate among this many nearest Premium vets in range. */
const SPONSOR_CANDIDATES = 20;
const PREMIUM = 3;
/** Grid cells of a tenth of a degree (about 7 by 5 miles in the US). */
const CELL_DEGREES = 0.1;
const LON_CELLS = 360 / CELL_DEGREES;
/** Rows a loading statement reads: a page's garbage should die in V8's new space (decision 075). */
const LOAD_PAGE = 5_000;
/** A server that has not looked at the change log for this long reloads (the log keeps an hour). */
const RELOAD_AFTER_MS = 30 * 60_000;
const PRUNE_EVERY_MS = 10 * 60_000;
const LOOKUP_CACHE_ENTRIES = 50_000;
/** Card rows kept: the vets searches showed lately. */
const CARD_CACHE_ENTRIES = 20_000;
/** The change log is read at least this often while searches come in... */
const LOOK_EVERY_MS = 1_000;
/** ...and on every search for this long after a listing change was announced. */
const WATCH_AFTER_CHANGE_MS = 2_000;

type PickedCity = Place;

const LAT_CELLS = 180 / CELL_DEGREES;
/** cellsAround(): bounds are rounded down to 1/NEAR_STEPS of a square mile... */
const NEAR_STEPS = 1024;
/** ...and a box holds fewer cells than this (at most 30 rows of 3,600 at 100 miles near a pole). */
const MAX_CELLS_AROUND = 2 ** 20;

/** Cells near a point, nearest first, with lower bounds of the squared chord to them. */
interface CellsAround {
  cells: Int32Array;
  near2: Float64Array;
}

/**
 * Slots per grid cell, each list in `order` (best shown rating first, then more reviews, then id), so
 * a cell's first vet is its best and a scan with `min_rating` stops at the first one below it; and a
 * bit per cell of the globe saying whether it has a list (128 KB... 810 KB).
 */
class Grid {
  private readonly lists = new Map<number, Slot[]>();
  private readonly occupied = new Uint32Array(Math.ceil((LAT_CELLS * LON_CELLS) / 32));

  constructor(private readonly order: (a: Slot, b: Slot) => number) {}

  /** Whether a cell has ever held a vet: a bit test, cheaper than a map lookup for the many empty cells of a box. */
  has(cell: number): boolean {
    return (this.occupied[cell >>> 5]! & (1 << (cell & 31))) !== 0;
  }

  slots(cell: number): Slot[] {
    return this.lists.get(cell) ?? [];
  }

  /** Adds a slot in order (while loading, `push` then `compact` sorts once). */
  add(cell: number, slot: Slot, push = false): void {
    const list = this.lists.get(cell);
    if (list) {
      if (push) list.push(slot);
      else insertSorted(list, slot, this.order);
    } else {
      this.lists.set(cell, [slot]);
      this.occupied[cell >>> 5]! |= 1 << (cell & 31);
    }
  }

  /** Sorts each list and copies it to its exact length (see reload()). */
  compact(): void {
    for (const [cell, list] of this.lists) this.lists.set(cell, list.sort(this.order).slice());
  }

  /** Takes a slot out (call it before the slot's rating changes in the store: the list is searched in order). */
  remove(cell: number, slot: Slot): void {
    removeSorted(this.lists.get(cell), slot, this.order);
  }
}

/** Per grid row: the chord from a cell's centre to its farthest corner (every cell of a row has the same shape). */
const rowReach = new Float64Array(LAT_CELLS).fill(-1);
function cellReach(row: number): number {
  if (rowReach[row]! >= 0) return rowReach[row]!;
  const rowSouth = row * CELL_DEGREES - 90;
  const [cx, cy, cz] = earth(rowSouth + CELL_DEGREES / 2, CELL_DEGREES / 2);
  let reach = 0;
  for (const la of [rowSouth, rowSouth + CELL_DEGREES]) {
    const [px, py, pz] = earth(la, 0);
    reach = Math.max(reach, Math.sqrt((px - cx) ** 2 + (py - cy) ** 2 + (pz - cz) ** 2));
  }
  rowReach[row] = reach;
  return reach;
}

const cellOf = (lat: number, lon: number) => {
  const row = Math.min(Math.floor((lat + 90) / CELL_DEGREES), LAT_CELLS - 1);
  const col = ((Math.floor((lon + 180) / CELL_DEGREES) % LON_CELLS) + LON_CELLS) % LON_CELLS;
  return row * LON_CELLS + col;
};

/** Index of the first item of a sorted list for which `before` is false (the list's partition point). */
function partitionPoint<T>(list: ArrayLike<T>, before: (item: T) => boolean): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(list[mid]!)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function insertSorted<T>(list: T[], item: T, compare: (a: T, b: T) => number): void {
  list.splice(
    partitionPoint(list, (other) => compare(other, item) < 0),
    0,
    item,
  );
}

function removeSorted<T>(list: T[] | undefined, item: T, compare: (a: T, b: T) => number): void {
  if (!list) return;
  const at = partitionPoint(list, (other) => compare(other, item) < 0);
  if (list[at] === item) list.splice(at, 1);
}

/** The k smallest items offered, by `compare` (a bounded max-heap: most offers are refused at the top). */
class TopK<T> {
  private readonly heap: T[] = [];
  constructor(
    private readonly k: number,
    private readonly compare: (a: T, b: T) => number,
  ) {}

  offer(item: T): void {
    const { heap, compare } = this;
    if (this.k <= 0) return;
    if (heap.length < this.k) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0;) {
        const parent = (i - 1) >> 1;
        if (compare(heap[i]!, heap[parent]!) <= 0) break;
        [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
        i = parent;
      }
    } else if (compare(item, heap[0]!) < 0) {
      heap[0] = item;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let top = i;
        if (l < heap.length && compare(heap[l]!, heap[top]!) > 0) top = l;
        if (r < heap.length && compare(heap[r]!, heap[top]!) > 0) top = r;
        if (top === i) break;
        [heap[i], heap[top]] = [heap[top]!, heap[i]!];
        i = top;
      }
    }
  }

  /** Whether k items are held; then `worst` is the largest of them. */
  get full(): boolean {
    return this.heap.length >= this.k;
  }

  get worst(): T | undefined {
    return this.heap[0];
  }

  sorted(): T[] {
    return [...this.heap].sort(this.compare);
  }
}

/**
 * Whether vets are open at a moment, by their weekly hours in their own time zones. Neighbours share
 * a zone, so the minute of the week of the last zone asked about is kept (a scan stays on typed arrays).
 */
function openTest(store: VetStore, at: Date): (slot: Slot) => boolean {
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
  return (slot) =>
    store.paidUntil[slot]! > now &&
    store.rating[slot]! >= minTenths &&
    (!emergency || store.isEmergency(slot)) &&
    (!accepting || store.isAccepting(slot)) &&
    speciesOk(store.species[slot]!) &&
    servicesOk(store.services[slot]!) &&
    (!openNow || isOpen(slot));
}

/** What a search found in the index: Sponsored vets first, then the page of the plain list. */
interface Page {
  sponsored: Slot[];
  plain: Slot[];
  /** Chord lengths (miles) of the shown vets (by slot) from the zip code's point. */
  chords: Map<Slot, number>;
  /** Matching vets, counted up to SEARCH_COUNT_CAP + 1. */
  total: number;
}

/** Which plain results a page shows once up to two Sponsored vets take the first positions. */
function plainWindow(search: NormalizedSearch, sponsoredCount: number) {
  const shownSponsored = Math.max(0, Math.min(sponsoredCount, search.start + search.count) - search.start);
  return { offset: Math.max(0, search.start - sponsoredCount), limit: Math.max(0, search.count - shownSponsored) };
}

/** Sponsored vets shown on this page, with their positions (0 and 1). */
const sponsoredOnPage = (search: NormalizedSearch, sponsored: Slot[]) => sponsored.filter((_, pos) => pos >= search.start && pos < search.start + search.count);

const dialect = new PgDialect();
const originKey = (search: NormalizedSearch) =>
  search.position ? `@${search.position.latitude},${search.position.longitude}` : `${search.zip}|${search.city.toLowerCase()}`;
/** Near me reaches this far from the nearest known zip code: farther is outside the covered area (docs/product.md 21.2). */
const COVERED_DEGREES = 0.75;
/**
 * The zip codes that make a position covered: the 50 states, DC and the territories of the state list. The
 * military APO/FPO codes (AA, AE, AP) and the freely associated states' sit at bases abroad or at (0, 0),
 * and would cover London or the Gulf of Guinea (docs/product.md 21.2).
 */
const SERVED_STATES = sql.raw(
  `(${Object.keys(US_STATES)
    .map((code) => `'${code}'`)
    .join(', ')})`,
);
const cityLookupKey = (search: NormalizedSearch) => `${search.city}|${search.state}`;
/** A city as doctor_search keys it: lower case, spaces trimmed and collapsed. */
const cityKey = sql`regexp_replace(lower(btrim(z.city)), '\\s+', ' ', 'g')`;

export class SearchIndex {
  private store = new VetStore();
  private grid = new Grid(this.store.inCell);
  /** Slots per state and per city (numbers of their texts in the store), in name order... */
  private byState = new Map<number, Slot[]>();
  private byCity = new Map<number, Slot[]>();
  /** ...the same in rating order (docs/product.md 7.6: a search sorted by rating reads as little as one by name)... */
  private ratedByState = new Map<number, Slot[]>();
  private ratedByCity = new Map<number, Slot[]>();
  /** ...and the Premium ones in Sponsored-key order. */
  private premiumByState = new Map<number, Slot[]>();
  private premiumByCity = new Map<number, Slot[]>();
  /** The xmin of the snapshot of the last look at the change log: later looks read from there. */
  private xmin = '0';
  /** Log entries at or above `xmin` already applied (seq → xid). */
  private applied = new Map<string, bigint>();
  private lastLook = 0;
  private lastPrune = 0;
  private loading: Promise<void> | null = null;
  /** Whether the first load has finished. */
  private ready = false;
  private applying: Promise<void> = Promise.resolve();
  /** A listing change was announced and the log not read since. */
  private changed = false;
  private watchUntil = 0;
  private queued: Promise<void> | null = null;
  private readonly cards = new Map<number, CardBase>();
  private readonly origins = new Map<string, SearchOrigin | null>();
  private readonly cities = new Map<string, PickedCity | null>();
  /** The known places for typo-tolerant city names, read on the first unknown name (city-names.ts). */
  private names: CityNames | null = null;
  private namesLoading: Promise<CityNames> | null = null;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    /** Rows read per statement while loading. */
    private readonly loadPage = LOAD_PAGE,
  ) {}

  /** Starts loading the index (once); searches wait for it. */
  load(): Promise<void> {
    this.loading ??= this.reload().catch((error: unknown) => {
      this.loading = null;
      throw error;
    });
    return this.loading;
  }

  get size(): number {
    return this.store.size;
  }

  /** Whether the first load has finished (GET /api/ready waits for it, docs/product.md 23.2). */
  get loaded(): boolean {
    return this.ready;
  }

  /** When the index last read the change log (or loaded), by its clock: how far behind it may be (/metrics). */
  get lastLookAt(): number {
    return this.lastLook;
  }

  /** A listing changed: the next searches read the change log first (docs/decisions/093-one-listing-module.md). */
  watch(): void {
    this.changed = true;
  }

  /** The page of a search and its capped count. */
  async search(search: NormalizedSearch, at: Date = this.clock.now()): Promise<DoctorSearchAnswer> {
    // NOTE: the awaits below are taken only when there is something to wait for: a search whose
    // place and cards are remembered runs without yielding, which halves its cost.
    if (!this.ready) await this.load();
    if (this.now() - this.lastLook > RELOAD_AFTER_MS) await this.exclusive(() => this.reload());
    else if (this.stale()) await this.sync();
    this.prune();
    const origin = search.position
      ? (this.origins.get(originKey(search)) ?? (await this.pointOrigin(search)))
      : search.zip
        ? (this.origins.get(originKey(search)) ?? (await this.origin(search)))
        : null;
    const picked = !search.zip && search.city ? (this.cities.get(cityLookupKey(search)) ?? (await this.pickCity(search))) : null;
    if ((search.zip || search.position) && !origin) return presentAnswer(search, { origin: null, picked_city: null, total: 0, cards: [] });
    if (!search.zip && search.city && !picked) return presentAnswer(search, { origin: null, picked_city: null, total: 0, cards: [] });

    const page = origin ? this.near(search, origin, at) : this.inPlace(search, picked, at);
    // Everything the cards need from the index is read now: the store may change during the await.
    const { store } = this;
    const sponsoredSlots = new Set(page.sponsored);
    const isOpen = openTest(store, at);
    const picks = [...sponsoredOnPage(search, page.sponsored), ...page.plain].map((slot) => ({
      id: store.ids[slot]!,
      distance: page.chords.has(slot) ? milesShown(page.chords.get(slot)!) : null,
      openNow: store.zone[slot] === -1 ? null : isOpen(slot),
      sponsored: sponsoredSlots.has(slot),
    }));
    const ids = picks.map((pick) => pick.id);
    const rows = ids.every((id) => this.cards.has(id)) ? new Map(ids.map((id) => [id, this.cards.get(id)!])) : await this.cardRows(ids);
    const cards: DoctorSummary[] = [];
    for (const pick of picks) {
      const row = rows.get(pick.id);
      // A vet removed since the last look at the log: left out, the next look drops it.
      if (row) cards.push(searchCard(row, pick.distance, pick.openNow, pick.sponsored));
    }
    return presentAnswer(search, { origin, picked_city: picked ? { city: picked.city, state: picked.state } : null, total: page.total, cards });
  }

  /** Whether the change log must be read before this search. */
  private stale(): boolean {
    const now = this.now();
    if (this.changed) {
      this.changed = false;
      this.watchUntil = now + WATCH_AFTER_CHANGE_MS;
      return true;
    }
    return now < this.watchUntil || now - this.lastLook > LOOK_EVERY_MS;
  }

  /** Reads the change log once for every search waiting now (searches coming later wait for the next read). */
  private sync(): Promise<void> {
    if (!this.queued) {
      const run = this.exclusive(async () => {
        this.queued = null;
        await this.pull();
      });
      this.queued = run;
    }
    return this.queued;
  }

  // ---- Finding the page in memory ------------------------------------------------------------

  /**
   * Near a zip code: the vets in the cells the radius touches. Nearest first (or by name), the cells
   * are read nearest first; by rating, best cell first (a cell's best is the first of its list), and
   * the Sponsored candidates are found by a second, nearest-first walk that looks at Premium vets only.
   */
  private near(search: NormalizedSearch, origin: SearchOrigin, at: Date): Page {
    const { store } = this;
    const radius = search.radius ?? 25;
    const [ox, oy, oz] = earth(origin.latitude, origin.longitude);
    const reach = chordFor(radius);
    const reach2 = reach * reach;
    const matches = matcher(store, search, at);
    const { x, y, z, d2, plan, rating } = store;
    // Cell lists are in rating order: a vet below the minimum ends its cell's list for this search.
    const minTenths = search.minRating * 10;
    const premium = new TopK<Slot>(SPONSOR_CANDIDATES, store.nearest);
    const settled = (list: TopK<Slot>, near2: number) => list.full && d2[list.worst!]! < near2;
    // Enough of the list for the page whatever the number of Sponsored vets taken out of it.
    const rated = search.sort === 'rating';
    const order = search.sort === 'name' ? store.byName : rated ? store.byRatingNearest : store.nearest;
    const listed = new TopK<Slot>(search.start + search.count + SPONSORED_SLOTS, order);
    let total = 0;
    const around = this.cellsAround(origin.latitude, origin.longitude, radius, [ox, oy, oz]);
    const cells = rated ? this.bestCellsFirst(around.cells) : around.cells;
    // Nearest first: once the count has passed the cap and both lists hold vets nearer than anything
    // the next cell can have, the rest cannot change the answer. By rating: once the count has passed
    // the cap and the list holds vets rated above anything left (the rest of this cell, the best of
    // the next cells), likewise; ties in rating and count go on, as they are broken by distance.
    const byDistance = search.sort === 'distance';
    const done = (slot: Slot) => total > SEARCH_COUNT_CAP && listed.full && store.byRatingOnly(listed.worst!, slot) < 0;
    // Where the walk for Sponsored candidates alone starts: by distance, once the count and the page are
    // settled but the Premium vets not yet (rare with `min_rating`); by rating, at the nearest cell.
    let premiumFrom = rated ? 0 : cells.length;
    for (let i = 0; i < cells.length; i++) {
      if (byDistance && total > SEARCH_COUNT_CAP && settled(listed, around.near2[i]!)) {
        premiumFrom = i;
        break;
      }
      const slots = this.grid.slots(cells[i]!);
      if (slots.length === 0 || rating[slots[0]!]! < minTenths) {
        if (rated) break;
        continue;
      }
      if (rated && done(slots[0]!)) break;
      for (const slot of slots) {
        if (rating[slot]! < minTenths || (rated && done(slot))) break;
        const dx = x[slot]! - ox;
        const dy = y[slot]! - oy;
        const dz = z[slot]! - oz;
        const distance2 = dx * dx + dy * dy + dz * dz;
        if (distance2 > reach2 || !matches(slot)) continue;
        d2[slot] = distance2;
        total += 1;
        if (!rated && plan[slot] === PREMIUM) premium.offer(slot);
        listed.offer(slot);
      }
    }
    for (let i = premiumFrom; i < around.cells.length; i++) {
      if (settled(premium, around.near2[i]!)) break;
      for (const slot of this.grid.slots(around.cells[i]!)) {
        if (rating[slot]! < minTenths) break;
        if (plan[slot] !== PREMIUM) continue;
        const dx = x[slot]! - ox;
        const dy = y[slot]! - oy;
        const dz = z[slot]! - oz;
        const distance2 = dx * dx + dy * dy + dz * dz;
        if (distance2 > reach2 || !matches(slot)) continue;
        d2[slot] = distance2;
        premium.offer(slot);
      }
    }
    const sponsored = this.rotate(premium.sorted(), at);
    const skip = new Set(sponsored);
    const { offset, limit } = plainWindow(search, sponsored.length);
    const plain = listed
      .sorted()
      .filter((slot) => !skip.has(slot))
      .slice(offset, offset + limit);
    const chords = new Map<Slot, number>();
    for (const slot of [...sponsored, ...plain]) chords.set(slot, Math.sqrt(d2[slot]!));
    return { sponsored, plain, chords, total: Math.min(total, SEARCH_COUNT_CAP + 1) };
  }

  /** In a city and/or a state: the list in name order, filtered, counted up to the cap. */
  private inPlace(search: NormalizedSearch, picked: PickedCity | null, at: Date): Page {
    const { store } = this;
    const cityNumber = picked ? store.knownText(picked.city_key) : -1;
    const stateNumber = search.state ? store.knownText(search.state) : -1;
    const rated = search.sort === 'rating';
    const list = (rated ? (picked ? this.ratedByCity : this.ratedByState) : picked ? this.byCity : this.byState).get(picked ? cityNumber : stateNumber) ?? [];
    const premium = (picked ? this.premiumByCity.get(cityNumber) : this.premiumByState.get(stateNumber)) ?? [];
    const filters = matcher(store, search, at);
    const matches = picked && search.state ? (slot: Slot) => store.state[slot] === stateNumber && filters(slot) : filters;
    // Sponsored: the first Premium vets from the rotation's starting point on, round the circle.
    const rotation = sponsorOffset(at);
    const startAt = partitionPoint(premium, (slot) => store.sponsorKey[slot]! < rotation);
    const sponsored: Slot[] = [];
    for (let i = 0; i < premium.length && sponsored.length < SPONSORED_SLOTS; i++) {
      const slot = premium[(startAt + i) % premium.length]!;
      if (matches(slot)) sponsored.push(slot);
    }
    const skip = new Set(sponsored);
    const { offset, limit } = plainWindow(search, sponsored.length);
    const plain: Slot[] = [];
    let total = 0;
    let position = 0;
    // In rating order, the vets after one below the minimum rating are all below it too.
    const minTenths = rated ? search.minRating * 10 : 0;
    for (const slot of list) {
      if (total > SEARCH_COUNT_CAP && plain.length >= limit) break;
      if (store.rating[slot]! < minTenths) break;
      if (!matches(slot)) continue;
      total += 1;
      if (skip.has(slot)) continue;
      if (position >= offset && plain.length < limit) plain.push(slot);
      position += 1;
    }
    return { sponsored, plain, chords: new Map(), total: Math.min(total, SEARCH_COUNT_CAP + 1) };
  }

  /** The Sponsored pair: candidates ordered round a circle that starts at the rotation offset. */
  private rotate(candidates: Slot[], at: Date): Slot[] {
    const { store } = this;
    const rotation = sponsorOffset(at);
    const turn = (slot: Slot) => {
      const key = store.sponsorKey[slot]!;
      return key >= rotation ? key - rotation : key + 1 - rotation;
    };
    return [...candidates].sort((a, b) => turn(a) - turn(b) || store.ids[a]! - store.ids[b]!).slice(0, SPONSORED_SLOTS);
  }

  /**
   * The cells in order of their best vet (best first), ties nearest first. Each cell is one number,
   * its best's rating and count turned round (smaller is better) and its position (below 2^20),
   * under 2^53, so a plain numeric sort of a typed array orders them.
   */
  private bestCellsFirst(cells: Int32Array): Int32Array {
    const { rating, ratingCount } = this.store;
    const keys = new Float64Array(cells.length);
    for (let i = 0; i < cells.length; i++) {
      const best = this.grid.slots(cells[i]!)[0];
      const rank = best === undefined ? 51 * 2 ** 26 : (50 - rating[best]!) * 2 ** 26 + (2 ** 26 - 1 - Math.min(ratingCount[best]!, 2 ** 26 - 1));
      keys[i] = rank * MAX_CELLS_AROUND + i;
    }
    keys.sort();
    const sorted = new Int32Array(cells.length);
    for (let i = 0; i < keys.length; i++) sorted[i] = cells[keys[i]! % MAX_CELLS_AROUND]!;
    return sorted;
  }

  /**
   * Grid cells that a circle of `miles` around a point can touch, nearest first, each with a lower
   * bound of the squared chord from the point to anything in it (the chord to the cell's centre
   * less the chord from its centre to its farthest corner: the triangle inequality). Cells with no
   * vet or wholly outside the circle are left out.
   */
  private cellsAround(lat: number, lon: number, miles: number, origin: [number, number, number]): CellsAround {
    // One degree of latitude is 69.09 miles; 69 keeps the box a little larger than the circle.
    const dLat = miles / 69 + CELL_DEGREES / 100;
    const south = Math.max(-90, lat - dLat);
    const north = Math.min(90, lat + dLat);
    const widest = Math.max(Math.abs(south), Math.abs(north));
    const dLon = widest >= 89.9 ? 180 : dLat / Math.cos((widest * Math.PI) / 180);
    const rowFrom = Math.floor((south + 90) / CELL_DEGREES);
    const rowTo = Math.min(Math.floor((north + 90) / CELL_DEGREES), LAT_CELLS - 1);
    const colFrom = Math.floor((lon - dLon + 180) / CELL_DEGREES);
    const cols = Math.min(LON_CELLS, Math.floor((lon + dLon + 180) / CELL_DEGREES) - colFrom + 1);
    const [ox, oy, oz] = origin;
    const reach2 = chordFor(miles) ** 2;
    // A cell centre's point is earth(latitude, longitude) taken apart: the longitude's sine and
    // cosine are worked out once per column, the latitude's once per row.
    const cosLon = new Float64Array(cols);
    const sinLon = new Float64Array(cols);
    for (let c = 0; c < cols; c++) {
      const lonCentre = (((colFrom + c) * CELL_DEGREES - 180 + CELL_DEGREES / 2) * Math.PI) / 180;
      cosLon[c] = Math.cos(lonCentre);
      sinLon[c] = Math.sin(lonCentre);
    }
    // Each cell found is one number, its bound rounded down to 1/1024 of a square mile and its
    // position in `found` below: the numbers sort natively (no comparator, no objects) into
    // nearest-first order, and the rounded bound is still a lower bound.
    const found: number[] = [];
    const keys: number[] = [];
    for (let row = rowFrom; row <= rowTo; row++) {
      const rowSouth = row * CELL_DEGREES - 90;
      const latCentre = ((rowSouth + CELL_DEGREES / 2) * Math.PI) / 180;
      const flat = EARTH_MILES * Math.cos(latCentre);
      const cz = EARTH_MILES * Math.sin(latCentre);
      const reach = cellReach(row);
      for (let c = 0; c < cols; c++) {
        const col = (((colFrom + c) % LON_CELLS) + LON_CELLS) % LON_CELLS;
        const cell = row * LON_CELLS + col;
        if (!this.grid.has(cell)) continue;
        const dx = flat * cosLon[c]! - ox;
        const dy = flat * sinLon[c]! - oy;
        const dz = cz - oz;
        const near = Math.max(0, Math.sqrt(dx * dx + dy * dy + dz * dz) - reach);
        if (near * near > reach2) continue;
        keys.push(Math.floor(near * near * NEAR_STEPS) * MAX_CELLS_AROUND + found.length);
        found.push(cell);
      }
    }
    const sorted = Float64Array.from(keys).sort();
    const cells = new Int32Array(sorted.length);
    const near2 = new Float64Array(sorted.length);
    for (let i = 0; i < sorted.length; i++) {
      const key = sorted[i]!;
      cells[i] = found[key % MAX_CELLS_AROUND]!;
      near2[i] = Math.floor(key / MAX_CELLS_AROUND) / NEAR_STEPS;
    }
    return { cells, near2 };
  }

  // ---- Keeping the index in step ---------------------------------------------------------------

  /** Lists a slot belongs to, with the order each keeps. */
  private listsOf(slot: Slot): [Map<number, Slot[]>, number, (a: Slot, b: Slot) => number][] {
    const { store } = this;
    const lists: [Map<number, Slot[]>, number, (a: Slot, b: Slot) => number][] = [
      [this.byState, store.state[slot]!, store.byName],
      [this.byCity, store.city[slot]!, store.byName],
      [this.ratedByState, store.state[slot]!, store.byRating],
      [this.ratedByCity, store.city[slot]!, store.byRating],
    ];
    if (store.plan[slot] === PREMIUM)
      lists.push([this.premiumByState, store.state[slot]!, store.bySponsorKey], [this.premiumByCity, store.city[slot]!, store.bySponsorKey]);
    return lists.filter(([, key]) => key !== -1);
  }

  private add(row: VetRow): void {
    const slot = this.store.add(row, cellOf(row.latitude, row.longitude));
    this.grid.add(this.store.cell[slot]!, slot);
    for (const [map, key, compare] of this.listsOf(slot)) {
      const list = map.get(key);
      if (list) insertSorted(list, slot, compare);
      else map.set(key, [slot]);
    }
  }

  private remove(id: number): void {
    const slot = this.store.slotOf(id);
    if (slot === -1) return;
    this.grid.remove(this.store.cell[slot]!, slot);
    for (const [map, key, compare] of this.listsOf(slot)) removeSorted(map.get(key), slot, compare);
    this.store.remove(slot);
  }

  /**
   * Reads the whole of doctor_search, a page at a time, into a fresh store and lists. Each row comes
   * as one text and is read into one reused VetRow, so a page leaves a string per row to collect,
   * not an object of 15 values; pages are small enough that this dies young, in V8's new space,
   * instead of growing the old space that the heap does not give back (docs/decisions/075).
   */
  private async reload(): Promise<void> {
    // The xmin is taken BEFORE reading: changes by transactions still open then are read again later.
    const [snapshot] = await this.query<{ xmin: string; n: number }>(
      sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin, (SELECT count(*)::int FROM doctor_search) AS n`,
    );
    const store = new VetStore(Math.ceil(snapshot!.n * 1.1) + 16);
    const row = emptyVetRow();
    for (let after = 0; ;) {
      const page = await this.query<{ r: string }>(sql`${vetRows} WHERE ds.user_id > ${after} ORDER BY ds.user_id LIMIT ${this.loadPage}`);
      for (const { r } of page) store.add(readVetRow(r, row), cellOf(row.latitude, row.longitude));
      if (page.length < this.loadPage) break;
      after = row.user_id;
    }
    store.orderByCell();
    this.store = store;
    this.grid = new Grid(store.inCell);
    this.byState = new Map();
    this.byCity = new Map();
    this.ratedByState = new Map();
    this.ratedByCity = new Map();
    this.premiumByState = new Map();
    this.premiumByCity = new Map();
    for (let slot = 0; slot < store.size; slot++) {
      this.grid.add(store.cell[slot]!, slot, true);
      for (const [map, key] of this.listsOf(slot)) {
        const list = map.get(key);
        if (list) list.push(slot);
        else map.set(key, [slot]);
      }
    }
    for (const list of [...this.byState.values(), ...this.byCity.values()]) list.sort(store.byName);
    for (const list of [...this.ratedByState.values(), ...this.ratedByCity.values()]) list.sort(store.byRating);
    for (const list of [...this.premiumByState.values(), ...this.premiumByCity.values()]) list.sort(store.bySponsorKey);
    // A list grown by push keeps room for 17 or more slots; most cells and cities hold two or three
    // vets, so each list is copied to its exact length (about 6 MB less at 100k vets).
    for (const map of [this.byState, this.byCity, this.ratedByState, this.ratedByCity, this.premiumByState, this.premiumByCity])
      for (const [key, list] of map) map.set(key, list.slice());
    this.grid.compact();
    collectGarbage();
    this.xmin = snapshot!.xmin;
    this.applied.clear();
    this.cards.clear();
    this.lastLook = this.now();
    this.ready = true;
  }

  /** Reads the log entries not applied yet and applies them (re-reading those vets' rows), or reloads. */
  private async pull(): Promise<void> {
    const [row] = await this.query<{ xmin: string; log: [string, string, number | null][] }>(
      sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin,
        (SELECT coalesce(json_agg(json_build_array(l.seq::text, l.xid::text, l.user_id)), '[]'::json)
           FROM doctor_search_log l WHERE l.xid >= ${this.xmin}::xid8) AS log`,
      true,
    );
    const entries = row!.log.filter(([seq]) => !this.applied.has(seq));
    if (entries.some(([, , id]) => id === null)) return this.reload();
    if (entries.length) {
      const ids = [...new Set(entries.map(([, , id]) => id!))];
      const rows = (await this.query<{ r: string }>(sql`${vetRows} WHERE ds.user_id = ANY(${intArray(ids)})`)).map(({ r }) => readVetRow(r, emptyVetRow()));
      for (const id of ids) {
        this.remove(id);
        this.cards.delete(id);
      }
      for (const vetRow of rows) this.add(vetRow);
      for (const [seq, xid] of entries) this.applied.set(seq, BigInt(xid));
    }
    this.advance(row!.xmin);
  }

  /** Moves the look-point to a newer snapshot's xmin and forgets entries below it. */
  private advance(xmin: string): void {
    this.lastLook = this.now();
    const next = BigInt(xmin);
    if (next <= BigInt(this.xmin)) return;
    this.xmin = xmin;
    for (const [seq, xid] of this.applied) if (xid < next) this.applied.delete(seq);
  }

  /** One change at a time: applying and reloading never interleave. */
  private exclusive(work: () => Promise<void>): Promise<void> {
    const run = this.applying.then(work);
    this.applying = run.catch(() => undefined);
    return run;
  }

  /** The clock's time in milliseconds. */
  private now(): number {
    return this.clock.now().getTime();
  }

  private prune(): void {
    if (this.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = this.now();
    void this.query(sql`DELETE FROM doctor_search_log WHERE at < now() - interval '1 hour'`).catch(() => undefined);
  }

  // ---- The database ----------------------------------------------------------------------------

  /** The card rows of these vets: from the cache, the others in one statement. */
  private async cardRows(ids: number[]): Promise<Map<number, CardBase>> {
    const found = new Map<number, CardBase>();
    const missing: number[] = [];
    for (const id of ids) {
      const card = this.cards.get(id);
      if (card) found.set(id, card);
      else missing.push(id);
    }
    if (missing.length) {
      const rows = await this.query<StoredCard>(sql`SELECT ${cardColumns} FROM doctor_search ds WHERE ds.user_id = ANY(${intArray(missing)})`, true);
      for (const row of rows) {
        const card = cardBase(row);
        found.set(card.id, card);
        remember(this.cards, card.id, card, CARD_CACHE_ENTRIES);
      }
    }
    return found;
  }

  /** The zip code's place (and, with a city typed, how alike the names are), remembered. */
  private async origin(search: NormalizedSearch): Promise<SearchOrigin | null> {
    const key = originKey(search);
    if (this.origins.has(key)) return this.origins.get(key)!;
    const [row] = await this.query<SearchOrigin>(
      sql`SELECT zip, city, state, latitude, longitude,
        ${search.city ? sql`similarity(lower(city), ${search.city.toLowerCase()})` : sql`NULL::real`} AS city_similarity
        FROM zip_codes WHERE zip = ${search.zip}`,
    );
    return remember(this.origins, key, row ?? null);
  }

  /**
   * A near-me position as an origin: the position itself, named after the nearest zip code within about
   * 50 miles (a box of COVERED_DEGREES on the lat/lon index); null outside the covered area. Remembered.
   */
  private async pointOrigin(search: NormalizedSearch): Promise<SearchOrigin | null> {
    const key = originKey(search);
    if (this.origins.has(key)) return this.origins.get(key)!;
    const { latitude, longitude } = search.position!;
    const cos = Math.max(0.05, Math.cos((latitude * Math.PI) / 180));
    const dLon = Math.min(180, COVERED_DEGREES / cos);
    const [row] = await this.query<Omit<SearchOrigin, 'latitude' | 'longitude' | 'city_similarity'>>(
      sql`SELECT zip, city, state FROM zip_codes
        WHERE latitude BETWEEN ${latitude - COVERED_DEGREES} AND ${latitude + COVERED_DEGREES}
          AND longitude BETWEEN ${longitude - dLon} AND ${longitude + dLon}
          AND state IN ${SERVED_STATES}
        ORDER BY (latitude - ${latitude}) ^ 2 + ((longitude - ${longitude}) * ${cos}) ^ 2 LIMIT 1`,
    );
    return remember(this.origins, key, row ? { ...row, latitude, longitude, city_similarity: null } : null);
  }

  /**
   * Typo-tolerant: the exact city when it exists (one indexed lookup), else the most similar known place,
   * matched in memory (city-names.ts), remembered either way. The same statement reads the zip table's
   * change count, so the known places are read again only when zip codes changed: a made-up name costs
   * one short statement, never a trigram search over the zip table (issue 34 item 4, decision 129).
   */
  private async pickCity(search: NormalizedSearch): Promise<PickedCity | null> {
    const key = cityLookupKey(search);
    if (this.cities.has(key)) return this.cities.get(key)!;
    const stateCond = search.state ? sql`AND z.state = ${search.state}` : sql``;
    const [row] = await this.query<{ version: string | null; exact: PickedCity | null }>(
      sql`SELECT (SELECT value FROM app_meta WHERE key = 'zip_codes_version') AS version,
        (SELECT json_build_object('city_key', ${cityKey}, 'city', z.city, 'state', z.state) FROM zip_codes z
          WHERE lower(z.city) = ${search.city} ${stateCond} ORDER BY z.state LIMIT 1) AS exact`,
    );
    if (row!.exact) return remember(this.cities, key, row!.exact);
    const names = await this.cityNames(row!.version ?? '0');
    return remember(this.cities, key, names.closest(search.city, search.state || null));
  }

  /** The known places, read again when the zip table's change count is not the one they were read at. */
  private async cityNames(version: string): Promise<CityNames> {
    if (this.names?.version === version) return this.names;
    this.namesLoading ??= (async () => {
      try {
        const [row] = await this.query<{ version: string | null; places: string }>(
          sql`SELECT (SELECT value FROM app_meta WHERE key = 'zip_codes_version') AS version,
            (SELECT coalesce(json_agg(json_build_array(p.city_key, p.city, p.state)), '[]'::json)
               FROM (SELECT DISTINCT ${cityKey} AS city_key, z.city, z.state FROM zip_codes z) p)::text AS places`,
        );
        const places = (JSON.parse(row!.places) as [string, string, string][]).map(([city_key, city, state]) => ({ city_key, city, state }));
        this.names = new CityNames(row!.version ?? '0', places);
        // Answers remembered from the places before may be wrong now.
        this.cities.clear();
        return this.names;
      } finally {
        this.namesLoading = null;
      }
    })();
    return this.namesLoading;
  }

  /** Runs a statement; on PostgreSQL the hot one as a named prepared statement (planned once per connection). */
  private async query<T>(statement: SQL, prepared = false): Promise<T[]> {
    const { pool, db } = this.database;
    if (pool) {
      const query = dialect.sqlToQuery(statement);
      const name = prepared ? statementName(query.sql) : undefined;
      return (await pool.query({ ...(name ? { name } : {}), text: query.sql, values: query.params as unknown[] })).rows as T[];
    }
    return rowsOf<T>(await db.execute(statement));
  }
}

const statementNames = new Map<string, string>();
/** A named prepared statement per distinct text (values are parameters): planned once per connection. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `search_index_${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

function remember<K, T>(map: Map<K, T>, key: K, value: T, limit = LOOKUP_CACHE_ENTRIES): T {
  if (map.size >= limit) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}

const intArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** doctor_search rows as the index reads them: one JSON array a row, in the order of `readVetRow`. */
export const vetRows = sql`SELECT json_build_array(ds.user_id, ds.plan, (extract(epoch FROM ds.paid_until) * 1000)::float8, ds.sort_name,
  ds.city_key, ds.state, ds.species_key, ds.services_key, ds.emergency, ds.accepting_new_patients, ds.latitude, ds.longitude,
  ds.time_zone, ds.week_hours::text, ds.sponsor_key, ds.rating_count, ds.rating_sum, ds.special_hours)::text AS r FROM doctor_search ds`;

const emptyVetRow = (): VetRow => ({
  user_id: 0,
  plan: 0,
  paid_until: null,
  sort_name: '',
  city_key: null,
  state: null,
  species_key: null,
  services_key: null,
  emergency: false,
  accepting_new_patients: false,
  latitude: 0,
  longitude: 0,
  time_zone: null,
  week_hours: '',
  sponsor_key: 0,
  rating_count: 0,
  rating_sum: 0,
  special_hours: null,
});

/** Reads one row of `vetRows` into `row` (overwritten and returned: a loader reuses one). */
export function readVetRow(text: string, row: VetRow): VetRow {
  const v = JSON.parse(text) as [
    number,
    number,
    number | null,
    string,
    string | null,
    string | null,
    string[] | null,
    string[] | null,
    boolean,
    boolean,
    number,
    number,
    string | null,
    string,
    number,
    number,
    number,
    SpecialDay[] | null,
  ];
  row.user_id = v[0];
  row.plan = v[1];
  row.paid_until = v[2];
  row.sort_name = v[3];
  row.city_key = v[4];
  row.state = v[5];
  row.species_key = v[6];
  row.services_key = v[7];
  row.emergency = v[8];
  row.accepting_new_patients = v[9];
  row.latitude = v[10];
  row.longitude = v[11];
  row.time_zone = v[12];
  row.week_hours = v[13];
  row.sponsor_key = v[14];
  row.rating_count = v[15];
  row.rating_sum = v[16];
  row.special_hours = v[17] ?? null;
  return row;
}

/** A card's columns as stored; distance, open now and Sponsored are added per search. */
type StoredCard = Omit<CardRow, 'distance' | 'open_now' | 'sponsored'>;

export const cardColumns = sql`ds.user_id AS id, ds.name, ds.clinic_name, ds.avatar, ds.city, ds.state, ds.zip, ds.street, ds.contact_phone,
  ds.services, ds.species, ds.emergency, ds.accepting_new_patients, ds.accepting_confirmed_at, ds.latitude, ds.longitude,
  ds.rating_count, ds.rating_sum, ds.claimed,
  (SELECT r.median_hours FROM appointment_response_times r WHERE r.doctor_id = ds.user_id) AS response_time_median`;

/**
 * The search cards of those of `ids` that are listed at `at`, in the order of `ids`, with their open-now
 * state and no distance (the favourites list, docs/product.md section 21). One statement.
 */
export async function listedCards(database: Database, ids: number[], at: Date): Promise<DoctorSummary[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<StoredCard & { time_zone: string | null; week_hours: string; special_hours: SpecialDay[] | null }>(
    await database.db.execute(
      sql`SELECT ${cardColumns}, ds.time_zone, ds.week_hours::text AS week_hours, ds.special_hours FROM doctor_search ds
      WHERE ds.user_id = ANY(${intArray(ids)}) AND ${listedSql(at)}`,
    ),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [searchCard(cardBase(row), null, specialOpenAt(row.special_hours, row.time_zone, at) ?? openAt(row.week_hours, row.time_zone, at), false)]
      : [];
  });
}
