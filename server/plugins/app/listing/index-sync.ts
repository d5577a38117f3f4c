// Keeping the search index in step with doctor_search (docs/decisions/073-search-index-in-memory.md):
// the index loads the whole table a page at a time, then follows it through doctor_search_log. It
// reads the entries it has not seen when a listing change is announced (`watch()`: every write path
// announces, and other servers' announcements arrive through Redis), for two seconds after such an
// announcement on every search (it can come before its commit), and at least once a second otherwise
// (writes behind the app's back, servers without Redis). These times are the clock's it is given
// (docs/decisions/095-one-clock.md): a test moves it instead of waiting.
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { SpecialDay } from '../../../../shared/lib/special-hours';
import type { Database } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { collectGarbage } from '../../../lib/collect-garbage';
import type { CardRows } from './card-rows';
import { indexQuery, intArray } from './index-queries';
import { cellOf, Grid } from './search-geometry';
import { SlotLists } from './slot-lists';
import { emptyVetRow, VetStore, type Slot, type VetRow } from './vet-store';
import { NameIndex } from './search-words';
import { EVERY_VET, KeyCells, type KeyCellReader } from './key-cells';
import { readSnapshot, RESTORE_WITHIN_MS, writeSnapshot } from './index-snapshot';

/** The plan whose vets take the Sponsored slots. */
export const PREMIUM = 3;
/** How far a city's centre moves before its vets are scored again (docs/product.md 33.1). */
const CENTRE_MOVES_MILES = 0.25;
/** Rows a loading statement reads: a page's garbage should die in V8's new space (decision 075). */
const LOAD_PAGE = 5_000;
/**
 * A look at the change log that finds more changed vets than this reloads the whole index instead of applying
 * them one by one: each applied vet moves its slot in lists as long as the index (the list of every vet is one),
 * so a batch costs its size times the index's, where a reload costs the index's once. They meet near 20,000 vets at
 * 100k and at 1M alike (docs/performance.md, "Booking: availability over HTTP"); the sweeps of the product move at
 * most 500 a time, so only a change made by hand or a script gets here.
 */
const RELOAD_ABOVE_VETS = 10_000;
/** A server that has not looked at the change log for this long reloads (the log keeps an hour). */
const RELOAD_AFTER_MS = 30 * 60_000;
const PRUNE_EVERY_MS = 10 * 60_000;
/** The change log is read at least this often while searches come in... */
const LOOK_EVERY_MS = 1_000;
/** ...and on every search for this long after a listing change was announced. */
const WATCH_AFTER_CHANGE_MS = 2_000;

/** A list a slot belongs to: its kind, its key and the order it keeps. */
type ListOfSlot = [(typeof LIST_NAMES)[number], number, (a: Slot, b: Slot) => number];

/** The content's lists by name: what a snapshot writes besides the store. */
export const LIST_NAMES = [
  'byState',
  'byCity',
  'ratedByState',
  'ratedByCity',
  'recommendedByState',
  'recommendedByCity',
  'recommendedAll',
  'premiumByState',
  'premiumByCity',
] as const;
export type ContentLists = Record<(typeof LIST_NAMES)[number] | 'grid', SlotLists>;

/** What the index holds: the vets' store, the grid of their cells, and their lists per state and city. */
export class IndexContent {
  readonly grid: Grid;
  /** Slots per state and per city (numbers of their texts in the store), in name order... */
  byState = new SlotLists();
  byCity = new SlotLists();
  /** ...the same in rating order (docs/product.md 7.6: a search sorted by rating reads as little as one by name)... */
  ratedByState = new SlotLists();
  ratedByCity = new SlotLists();
  /** ...the same in the recommended order's static part (a city's with the distance from its centre), and every vet so (docs/product.md section 33)... */
  recommendedByState = new SlotLists();
  recommendedByCity = new SlotLists();
  recommendedAll = new SlotLists();
  /** The words of the names, built on the first search by name (search-words.ts). */
  private nameIndex: NameIndex | null = null;
  /** Each cell's vets per rarer service and species, built on the first search with one (key-cells.ts). */
  private keyCellIndex: KeyCells | null = null;
  /** ...and the Premium ones in Sponsored-key order. */
  premiumByState = new SlotLists();
  premiumByCity = new SlotLists();

  /**
   * Builds the grid and lists of a loaded store: pushed into arrays, each sorted once, then packed into one
   * buffer per kind; or takes them from a snapshot (index-snapshot.ts), already in order.
   */
  constructor(
    readonly store = new VetStore(),
    restored?: ContentLists,
  ) {
    this.grid = new Grid(store.inCell);
    if (restored) {
      this.grid.restore(restored.grid);
      for (const name of LIST_NAMES) this[name] = restored[name];
      return;
    }
    store.scoreAllInCities();
    const orders: Record<keyof ContentLists, (a: Slot, b: Slot) => number> = {
      byState: store.byName,
      byCity: store.byName,
      ratedByState: store.byRating,
      ratedByCity: store.byRating,
      recommendedByState: store.byRecommended,
      recommendedByCity: store.byRecommendedInCity,
      recommendedAll: store.byRecommended,
      premiumByState: store.bySponsorKey,
      premiumByCity: store.bySponsorKey,
      grid: store.inCell,
    };
    // One kind at a time, so that only one kind's arrays (8 bytes a slot) live beside the packed lists.
    for (const name of [...LIST_NAMES, 'grid'] as const) {
      const groups = new Map<number, Slot[]>();
      const keyOf = this.keyOf(name);
      for (let slot = 0; slot < store.size; slot++) {
        const key = keyOf(slot);
        if (key === -1) continue;
        const list = groups.get(key);
        if (list) list.push(slot);
        else groups.set(key, [slot]);
      }
      for (const list of groups.values()) list.sort(orders[name]);
      const packed = SlotLists.packed(groups);
      if (name === 'grid') this.grid.restore(packed);
      else this[name] = packed;
    }
  }

  /** The grid's and every list's slots, for a snapshot. */
  lists(): ContentLists {
    const lists = { grid: this.grid.cells } as ContentLists;
    for (const name of LIST_NAMES) lists[name] = this[name];
    return lists;
  }

  /** The key of a slot in one kind of list, or -1 when it is in none of that kind. */
  private keyOf(name: keyof ContentLists): (slot: Slot) => number {
    const { cell, city, plan, state } = this.store;
    if (name === 'grid') return (slot) => cell[slot]!;
    if (name === 'recommendedAll') return () => 0;
    const place = name.endsWith('ByState') ? state : city;
    return name.startsWith('premium') ? (slot) => (plan[slot] === PREMIUM ? place[slot]! : -1) : (slot) => place[slot]!;
  }

  /** Lists a slot belongs to, with the order each keeps. */
  private listsOf(slot: Slot): ListOfSlot[] {
    const { store } = this;
    const lists: ListOfSlot[] = [
      ['byState', store.state[slot]!, store.byName],
      ['byCity', store.city[slot]!, store.byName],
      ['ratedByState', store.state[slot]!, store.byRating],
      ['ratedByCity', store.city[slot]!, store.byRating],
      ['recommendedByState', store.state[slot]!, store.byRecommended],
      ['recommendedByCity', store.city[slot]!, store.byRecommendedInCity],
      ['recommendedAll', 0, store.byRecommended],
    ];
    if (store.plan[slot] === PREMIUM)
      lists.push(['premiumByState', store.state[slot]!, store.bySponsorKey], ['premiumByCity', store.city[slot]!, store.bySponsorKey]);
    return lists.filter(([, key]) => key !== -1);
  }

  /** The name words' index, built on first use. */
  get names(): NameIndex {
    this.nameIndex ??= new NameIndex(this.store);
    return this.nameIndex;
  }

  /** The per-cell lists of services and species, built on first use and again once many cells changed. */
  get keyCells(): KeyCells {
    if (!this.keyCellIndex || this.keyCellIndex.stale) this.keyCellIndex = new KeyCells(this.store, this.grid);
    return this.keyCellIndex;
  }

  /** What a walk over the grid reads of each cell: for a 'what' of services and species, the rarest one's vets; else every vet. */
  cellReader(what: { species: string[]; services: string[] }): KeyCellReader {
    return what.species.length || what.services.length ? this.keyCells.reader(what.species, what.services) : EVERY_VET;
  }

  add(row: VetRow): void {
    const { store } = this;
    const slot = store.add(row, cellOf(row.latitude, row.longitude));
    this.nameIndex?.add(slot);
    this.grid.add(store.cell[slot]!, slot);
    this.keyCellIndex?.touched(store.cell[slot]!);
    for (const [name, key, order] of this.listsOf(slot)) this[name].insert(key, slot, order);
    // A city's centre moves as its practices come and go: when it has moved noticeably, its vets are scored
    // from the new centre and its list put in that order again (a city holds a few thousand vets at most).
    const city = store.city[slot]!;
    const list = this.recommendedByCity.get(city);
    if (list && store.centreMoved(slot) > CENTRE_MOVES_MILES) {
      for (const other of list) if (store.sameCity(other, slot)) store.scoreInCity(other);
      store.cityScored(slot);
      this.recommendedByCity.sort(city, store.byRecommendedInCity);
    }
  }

  remove(id: number): void {
    const slot = this.store.slotOf(id);
    if (slot === -1) return;
    this.grid.remove(this.store.cell[slot]!, slot);
    this.keyCellIndex?.touched(this.store.cell[slot]!);
    for (const [name, key, order] of this.listsOf(slot)) this[name].remove(key, slot, order);
    this.nameIndex?.remove(slot);
    this.store.remove(slot);
  }
}

/** Loads the index's content and keeps it in step with doctor_search through its change log. */
export class IndexSync {
  /** What searches read; replaced whole by a reload, changed in place by the log's entries. */
  content = new IndexContent();
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
  /** Whole loads since the server started: the first, and each after a quiet hour or a large batch (/metrics). */
  private loadCount = 0;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    /** The card rows to forget when their vets change. */
    private readonly cards: CardRows,
    /** Rows read per statement while loading. */
    private readonly loadPage = LOAD_PAGE,
    /** Changed vets in one look above which the index reloads. */
    private readonly reloadAbove = RELOAD_ABOVE_VETS,
    /** Where the index is written after each load and when the server stops, and read at start (index-snapshot.ts); none in most tests. */
    private readonly snapshotFile?: string,
  ) {}

  /** Starts loading the index (once), from the snapshot file when it may be used; searches wait for it. */
  load(): Promise<void> {
    this.loading ??= this.restore()
      .then(async (restored) => {
        if (!restored) await this.reload();
      })
      .catch((error: unknown) => {
        this.loading = null;
        throw error;
      });
    return this.loading;
  }

  /**
   * Takes the content from the snapshot file when this program wrote it and its token is in the database and
   * recent, then reads the change log since it. False when there is no such file (the caller loads from the table).
   */
  private async restore(): Promise<boolean> {
    if (!this.snapshotFile) return false;
    const read = await readSnapshot(this.snapshotFile).catch(() => null);
    if (!read) return false;
    // Its token is here and recent, and the database's transaction ids have not gone back below its place in the
    // log (a dump restored into a new cluster): later changes would then hide below it. The next id to be given out
    // is compared, not the oldest running one: a transaction that was already running when the file was written, and
    // still is, does not make the file unusable (every id below the file's place had ended when it was read).
    const [known] = await this.query<{ usable: boolean }>(
      sql`SELECT at > now() - make_interval(secs => ${RESTORE_WITHIN_MS / 1000}) AND ${read.point.xmin}::xid8 <= pg_snapshot_xmax(pg_current_snapshot()) AS usable
        FROM search_index_snapshots WHERE token = ${read.token}::uuid`,
    );
    if (!known?.usable) return false;
    let content: IndexContent;
    try {
      content = read.content();
    } catch {
      // A file damaged where its lengths still agree: read every vet instead (a failed load would only be tried again).
      return false;
    }
    this.content = content;
    collectGarbage();
    this.xmin = read.point.xmin;
    this.applied = new Map(read.point.applied.map(([seq, xid]) => [seq, BigInt(xid)]));
    this.cards.clear();
    this.lastLook = this.now();
    // What changed since the snapshot was written (this may reload instead: a bulk change, a TRUNCATE).
    await this.pull();
    this.ready = true;
    this.loadCount++;
    return true;
  }

  /**
   * Writes the index to the snapshot file under a new token stored first in the database (after a full load,
   * and when the server stops). Nothing changes the content meanwhile: it runs as one of the index's changes.
   */
  saveSnapshot(): Promise<void> {
    const file = this.snapshotFile;
    if (!file || !this.ready) return Promise.resolve();
    return this.exclusive(async () => {
      const token = randomUUID();
      await this.query(sql`INSERT INTO search_index_snapshots (token) VALUES (${token}::uuid)`);
      await writeSnapshot(file, token, this.content, { xmin: this.xmin, applied: [...this.applied].map(([seq, xid]) => [seq, String(xid)]) });
      // Writing made a copy of every list and name (about 80 MB at 1M vets), garbage now.
      collectGarbage();
    });
  }

  get size(): number {
    return this.content.store.size;
  }

  /** How many times the whole index was loaded since the server started. */
  get loads(): number {
    return this.loadCount;
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

  /**
   * What a search waits for before it reads the content: the first load, a reload after a long quiet, or a
   * read of the change log. Undefined when there is nothing to wait for.
   * NOTE: a search awaits only when there is something to wait for: one whose place and cards are
   * remembered runs without yielding, which halves its cost.
   */
  beforeSearch(): Promise<void> | undefined {
    if (!this.ready) return this.load().then(async () => await this.beforeSearch());
    const wait = this.now() - this.lastLook > RELOAD_AFTER_MS ? this.exclusive(() => this.reload()) : this.stale() ? this.sync() : undefined;
    if (!wait) {
      this.prune();
      return undefined;
    }
    return wait.then(() => this.prune());
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

  /**
   * Reads the whole of doctor_search, a page at a time, into a fresh store and lists. Each row comes
   * as one text and is read into one reused VetRow, so a page leaves a string per row to collect,
   * not an object of 15 values; pages are small enough that this dies young, in V8's new space,
   * instead of growing the old space that the heap does not give back (docs/decisions/075).
   */
  private async reload(): Promise<void> {
    // The xmin is taken BEFORE reading: changes by transactions still open then are read again later.
    const [snapshot] = await this.query<{ xmin: string; n: number; mean: number | null }>(
      sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin, (SELECT count(*)::int FROM doctor_search) AS n,
        (SELECT sum(rating_sum)::float8 / nullif(sum(rating_count), 0) FROM doctor_search) AS mean`,
    );
    const store = new VetStore(Math.ceil(snapshot!.n * 1.1) + 16);
    // The site-wide mean the recommended order shrinks ratings toward, fixed until the next load (recommended-score.ts).
    if (snapshot!.mean !== null) store.priorMean = Number(snapshot!.mean);
    const row = emptyVetRow();
    for (let after = 0; ;) {
      const page = await this.query<{ r: string }>(sql`${vetRows} WHERE ds.user_id > ${after} ORDER BY ds.user_id LIMIT ${this.loadPage}`);
      for (const { r } of page) store.add(readVetRow(r, row), cellOf(row.latitude, row.longitude));
      if (page.length < this.loadPage) break;
      after = row.user_id;
    }
    store.orderByCell();
    this.content = new IndexContent(store);
    collectGarbage();
    this.xmin = snapshot!.xmin;
    this.applied.clear();
    this.cards.clear();
    this.lastLook = this.now();
    this.ready = true;
    this.loadCount++;
    // Written once this load's change is over (it runs as one of the index's changes, after this one).
    void this.saveSnapshot().catch(() => undefined);
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
    const ids = [...new Set(entries.map(([, , id]) => id!))];
    if (ids.length > this.reloadAbove) return this.reload();
    if (ids.length) {
      const rows = (await this.query<{ r: string }>(sql`${vetRows} WHERE ds.user_id = ANY(${intArray(ids)})`)).map(({ r }) => readVetRow(r, emptyVetRow()));
      for (const id of ids) {
        this.content.remove(id);
        this.cards.forget(id);
      }
      for (const vetRow of rows) this.content.add(vetRow);
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
    void this.query(sql`DELETE FROM search_index_snapshots WHERE at < now() - interval '1 hour'`).catch(() => undefined);
  }

  private query<T>(statement: SQL, prepared = false): Promise<T[]> {
    return indexQuery<T>(this.database, statement, prepared);
  }
}

/** doctor_search rows as the index reads them: one JSON array a row, in the order of `readVetRow`. */
export const vetRows = sql`SELECT json_build_array(ds.user_id, ds.plan, (extract(epoch FROM ds.paid_until) * 1000)::float8, ds.sort_name,
  ds.city_key, ds.state, ds.species_key, ds.services_key, ds.emergency, ds.accepting_new_patients, ds.latitude, ds.longitude,
  ds.time_zone, ds.week_hours::text, ds.sponsor_key, ds.rating_count, ds.rating_sum, ds.special_hours,
  ds.claimed, ds.avatar IS NOT NULL OR EXISTS (SELECT 1 FROM profile_photos ph WHERE ph.user_id = ds.user_id),
  (SELECT r.median_hours FROM appointment_response_times r WHERE r.doctor_id = ds.user_id),
  (extract(epoch FROM ds.next_available) * 1000)::float8)::text AS r FROM doctor_search ds`;

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
    boolean,
    boolean,
    number | null,
    number | null,
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
  row.claimed = v[18];
  row.has_photos = v[19];
  row.response_hours = v[20] === null ? null : Number(v[20]);
  row.next_available = v[21] ?? null;
  return row;
}
