// The search index's entries, stored column by column in typed arrays (docs/decisions/073): a vet
// is a slot number, and each fact about it is one array element. Equal values that vets repeat
// (states, cities, time zones, lists of species and services, weeks of hours) are stored once in
// tables and referred to by number. About 200 bytes a vet instead of ~470 as objects, and loading
// allocates almost nothing that lives on.

import { parseWeek } from './week-hours';
import type { SpecialDay } from '../../../../shared/lib/special-hours';
import { ratingTenths } from '../../../../shared/lib/rating';
import { DEFAULT_PRIOR_MEAN, distanceScore, staticScore } from './recommended-score';

/** A vet's place in the store. */
export type Slot = number;

const NONE = -1;
const EMERGENCY = 1;
const ACCEPTING = 2;
/** The earth's mean radius, as doctor_earth() in SQL uses it. */
export const EARTH_MILES = 3958.8;
const DEGREES = 180 / Math.PI;

/** A row of doctor_search as the store reads it. */
export interface VetRow {
  user_id: number;
  plan: number;
  paid_until: number | null;
  sort_name: string;
  city_key: string | null;
  state: string | null;
  species_key: string[] | null;
  services_key: string[] | null;
  emergency: boolean;
  accepting_new_patients: boolean;
  latitude: number;
  longitude: number;
  time_zone: string | null;
  week_hours: string;
  sponsor_key: number;
  /** Published reviews and the sum of their stars. */
  rating_count: number;
  rating_sum: number;
  /** Holiday and special hours (docs/product.md section 22); null or empty when none. */
  special_hours: SpecialDay[] | null;
  /** What the recommended order's static part reads besides the above (recommended-score.ts). */
  claimed: boolean;
  has_photos: boolean;
  response_hours: number | null;
  /** The first free start to book in ms (docs/product.md section 30); null when none. */
  next_available: number | null;
}

/** A row with every field empty, for a loader to fill (readVetRow) or a test to set a few fields of. */
export const emptyVetRow = (): VetRow => ({
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
  claimed: true,
  has_photos: false,
  response_hours: null,
  next_available: null,
});

// A point on the sphere in miles: the same as doctor_earth() in SQL, so distances agree.
export function earth(lat: number, lon: number): [number, number, number] {
  const la = (lat * Math.PI) / 180;
  const lo = (lon * Math.PI) / 180;
  return [EARTH_MILES * Math.cos(la) * Math.cos(lo), EARTH_MILES * Math.cos(la) * Math.sin(lo), EARTH_MILES * Math.sin(la)];
}

/** Straight-line length between two points of `earth()` for a great-circle distance (doctor_chord() in SQL). */
export const chordFor = (miles: number) => 2 * EARTH_MILES * Math.sin(miles / (2 * EARTH_MILES));

/** Great-circle miles for a chord, rounded to a tenth as round(numeric, 1) does in SQL (doctor_miles()). */
export function milesShown(chord: number): number {
  const miles = 2 * EARTH_MILES * Math.asin(Math.min(1, chord / (2 * EARTH_MILES)));
  return Math.round(Number((miles * 10).toPrecision(15))) / 10;
}

/** Values stored once and referred to by number. */
class Table<T> {
  readonly values: T[] = [];
  private readonly numbers = new Map<string, number>();
  /** The number of a stored value, or NONE: a lookup that adds nothing. */
  find(key: string): number {
    return this.numbers.get(key) ?? NONE;
  }

  /** Its keys in number order, for a snapshot (index-snapshot.ts). */
  keys(): string[] {
    return [...this.numbers.keys()];
  }

  /** Takes the keys and values of a snapshot (the keys in number order). */
  restore(keys: string[], values: T[]): void {
    // NOTE: not push(...values): spreading a table of more than about 100k values overflows the stack.
    this.values.length = 0;
    for (const value of values) this.values.push(value);
    this.numbers.clear();
    keys.forEach((key, n) => this.numbers.set(key, n));
  }

  /** The number of a value, stored now if new. */
  number(key: string, make: () => T): number {
    let n = this.numbers.get(key);
    if (n === undefined) {
      n = this.values.length;
      this.values.push(make());
      this.numbers.set(key, n);
    }
    return n;
  }
}

/** The store's columns, by name: what a snapshot writes (the scratch columns d2 and score are not). */
const STORE_ARRAYS = [
  'ids',
  'plan',
  'flags',
  'rating',
  'ratingCount',
  'x',
  'y',
  'z',
  'paidUntil',
  'nextAvailable',
  'sponsorKey',
  'recommended',
  'recommendedInCity',
  'state',
  'city',
  'zone',
  'species',
  'services',
  'hours',
  'special',
  'cell',
  'latitude',
  'longitude',
  'nameAt',
  'nameLength',
] as const;

/** Everything a store holds, as `snapshot()` gives it and `fromSnapshot()` takes it back. */
export interface StoreState {
  arrays: Partial<Record<(typeof STORE_ARRAYS)[number] | 'slotById' | 'nameBytes', Int32Array | Uint8Array | Float64Array>>;
  values: {
    used: number;
    live: number;
    free: Slot[];
    priorMean: number;
    nameGarbage: number;
    strings: [string[], string[]];
    lists: [string[], string[][]];
    weeks: [string[], number[][]];
    specials: [string[], SpecialDay[][]];
    citySums: [number, [number, number, number, number]][];
    scoredFrom: [number, [number, number, number]][];
  };
}

export class VetStore {
  ids = new Int32Array(0);
  plan = new Uint8Array(0);
  flags = new Uint8Array(0);
  /** The average rating as shown, in tenths of a star (10..50); 0 without reviews (shared/lib/rating.ts). */
  rating = new Uint8Array(0);
  /** Published reviews. */
  ratingCount = new Int32Array(0);
  /** Point on the sphere (miles). */
  x = new Float64Array(0);
  y = new Float64Array(0);
  z = new Float64Array(0);
  /** End of the paid period in ms; Infinity when open-ended. */
  paidUntil = new Float64Array(0);
  /** The first free start to book in ms; Infinity when none (docs/product.md section 30). */
  nextAvailable = new Float64Array(0);
  sponsorKey = new Float64Array(0);
  /** Scratch: squared chord to the origin of the search being run (valid during one synchronous scan). */
  d2 = new Float64Array(0);
  /** The recommended order's static part (recommended-score.ts), worked out when the vet is stored. */
  recommended = new Float64Array(0);
  /** The static part plus the distance part from the centre of the vet's city: the order of a city search. */
  recommendedInCity = new Float64Array(0);
  /** Scratch: the recommended score of the search being run (valid during one synchronous scan). */
  score = new Float64Array(0);
  /** Per city and state (cityKey()): the sums of its vets' points and their number, and the centre last scored from. */
  private readonly citySums = new Map<number, [number, number, number, number]>();
  private readonly scoredFrom = new Map<number, [number, number, number]>();
  /** The site-wide mean rating the static parts shrink toward, fixed from one load to the next. */
  priorMean = DEFAULT_PRIOR_MEAN;
  /** Numbers in `strings` (NONE when unknown). */
  state = new Int32Array(0);
  city = new Int32Array(0);
  zone = new Int32Array(0);
  /** Numbers in `lists`. */
  species = new Int32Array(0);
  services = new Int32Array(0);
  /** Numbers in `weeks`: opening hours as [from, to) minute pairs from Monday 00:00 local time. */
  hours = new Int32Array(0);
  /** Numbers in `specials` (NONE without special hours). */
  special = new Int32Array(0);
  cell = new Int32Array(0);
  /**
   * The point's latitude and longitude in hundred-thousandths of a degree (about a metre), as a map box's markers
   * show them: worked out once when the vet is stored, so a box's walk does no trigonometry per vet.
   */
  latitude = new Int32Array(0);
  longitude = new Int32Array(0);
  /**
   * The names to sort by, as UTF-8 one after another in `nameBytes` (a vet's from `nameAt`, `nameLength` bytes):
   * about 30 bytes a vet where a string took about 56 with its place in an array. Their byte order is code-point
   * order, the C collation's. A removed vet's bytes stay until they are more than half (`nameGarbage`).
   */
  nameAt = new Int32Array(0);
  nameLength = new Int32Array(0);
  private nameBytes = Buffer.alloc(0);
  private nameEnd = 0;
  private nameGarbage = 0;

  readonly strings = new Table<string>();
  readonly lists = new Table<string[]>();
  readonly weeks = new Table<number[]>();
  /** Special hours by the vet's local date; only vets that have some refer to one. */
  readonly specials = new Table<Map<string, SpecialDay>>();

  private slotById = new Int32Array(0);
  private free: Slot[] = [];
  private used = 0;
  private live = 0;

  constructor(capacity = 1024) {
    this.grow(Math.max(16, capacity));
  }

  get size(): number {
    return this.live;
  }

  slotOf(id: number): Slot {
    return id >= 0 && id < this.slotById.length ? this.slotById[id]! : NONE;
  }

  text(n: number): string | null {
    return n === NONE ? null : this.strings.values[n]!;
  }

  /** The number of a text that vets use, or NONE if none does (for searches: reading never adds). */
  knownText(value: string): number {
    return this.strings.find(value);
  }

  private textNumber(value: string | null): number {
    return value === null ? NONE : this.strings.number(value, () => value);
  }

  isEmergency = (slot: Slot) => (this.flags[slot]! & EMERGENCY) !== 0;
  isAccepting = (slot: Slot) => (this.flags[slot]! & ACCEPTING) !== 0;

  /** A vet's name to sort by. */
  name(slot: Slot): string {
    const at = this.nameAt[slot]!;
    return this.nameBytes.toString('utf8', at, at + this.nameLength[slot]!);
  }

  /** Name order (code-point order, as the C collation: UTF-8 bytes compared), then id. */
  readonly byName = (a: Slot, b: Slot): number => {
    const bytes = this.nameBytes;
    const la = this.nameLength[a]!;
    const lb = this.nameLength[b]!;
    const at = this.nameAt[a]!;
    const bt = this.nameAt[b]!;
    const common = la < lb ? la : lb;
    for (let i = 0; i < common; i++) {
      const d = bytes[at + i]! - bytes[bt + i]!;
      if (d !== 0) return d;
    }
    return la - lb || this.ids[a]! - this.ids[b]!;
  };

  readonly bySponsorKey = (a: Slot, b: Slot): number => this.sponsorKey[a]! - this.sponsorKey[b]! || this.ids[a]! - this.ids[b]!;

  /** Highest shown average first, then more reviews (ties are broken by the caller's order). */
  readonly byRatingOnly = (a: Slot, b: Slot): number => this.rating[b]! - this.rating[a]! || this.ratingCount[b]! - this.ratingCount[a]!;

  /** By rating, then id: the order of a grid cell's list (its first vet is its best). */
  readonly inCell = (a: Slot, b: Slot): number => this.byRatingOnly(a, b) || this.ids[a]! - this.ids[b]!;

  /** By rating, then name order (the per-place lists of a search sorted by rating). */
  readonly byRating = (a: Slot, b: Slot): number => this.byRatingOnly(a, b) || this.byName(a, b);

  /** By rating, then nearest first from the origin of the scan that filled `d2`, then id. */
  readonly byRatingNearest = (a: Slot, b: Slot): number => this.byRatingOnly(a, b) || this.nearest(a, b);

  /** Earliest free start first, then nearest from the origin of the scan that filled `d2` (sort 'soonest'). */
  readonly bySoonest = (a: Slot, b: Slot): number => this.soonestOnly(a, b) || this.nearest(a, b);

  /** Earliest free start first, then name order (sort 'soonest' in a city or state). */
  readonly bySoonestName = (a: Slot, b: Slot): number => this.soonestOnly(a, b) || this.byName(a, b);

  private soonestOnly(a: Slot, b: Slot): number {
    const x = this.nextAvailable[a]!;
    const y = this.nextAvailable[b]!;
    return x === y ? 0 : x < y ? -1 : 1;
  }

  /** Highest score of the scan that filled `score` first, then id. */
  readonly byScore = (a: Slot, b: Slot): number => this.score[b]! - this.score[a]! || this.ids[a]! - this.ids[b]!;

  /** Highest static part first, then id: the lists the recommended order reads without a point. */
  readonly byRecommended = (a: Slot, b: Slot): number => this.recommended[b]! - this.recommended[a]! || this.ids[a]! - this.ids[b]!;

  /** Highest score from the city's centre first, then id: a city's list in the recommended order. */
  readonly byRecommendedInCity = (a: Slot, b: Slot): number => this.recommendedInCity[b]! - this.recommendedInCity[a]! || this.ids[a]! - this.ids[b]!;

  /**
   * A city search has no point of its own, so its distance part is measured from the centre of the city's
   * practices (docs/product.md 33.1): the mean of their points, per city and state (Springfield, IL is not
   * Springfield, MO), brought back to the sphere. The sums follow every vet stored and removed.
   */
  private cityKey(slot: Slot): number {
    const city = this.city[slot]!;
    return city === NONE ? NONE : city * 2 ** 22 + (this.state[slot]! + 1);
  }

  private countInCity(slot: Slot, sign: 1 | -1): void {
    const key = this.cityKey(slot);
    if (key === NONE) return;
    const sum = this.citySums.get(key) ?? [0, 0, 0, 0];
    sum[0] += sign * this.x[slot]!;
    sum[1] += sign * this.y[slot]!;
    sum[2] += sign * this.z[slot]!;
    sum[3] += sign;
    if (sum[3] > 0) this.citySums.set(key, sum);
    else this.citySums.delete(key);
  }

  /** The centre of a vet's city as the sums stand now (the vet's own point without a city). */
  private centreOf(slot: Slot): [number, number, number] {
    const key = this.cityKey(slot);
    const sum = key === NONE ? undefined : this.citySums.get(key);
    const length = sum ? Math.hypot(sum[0], sum[1], sum[2]) : 0;
    if (!sum || length === 0) return [this.x[slot]!, this.y[slot]!, this.z[slot]!];
    return [(sum[0] / length) * EARTH_MILES, (sum[1] / length) * EARTH_MILES, (sum[2] / length) * EARTH_MILES];
  }

  /** Scores a vet from its city's centre as the sums stand now. */
  scoreInCity(slot: Slot): void {
    const centre = this.centreOf(slot);
    const chord = Math.hypot(this.x[slot]! - centre[0], this.y[slot]! - centre[1], this.z[slot]! - centre[2]);
    this.recommendedInCity[slot] = this.recommended[slot]! + distanceScore(chord);
  }

  /** Miles (of chord) the centre of a vet's city has moved since its vets were all scored from it. */
  centreMoved(slot: Slot): number {
    const key = this.cityKey(slot);
    const before = key === NONE ? undefined : this.scoredFrom.get(key);
    if (key === NONE || !before) {
      if (key !== NONE) this.scoredFrom.set(key, this.centreOf(slot));
      return 0;
    }
    const now = this.centreOf(slot);
    return Math.hypot(before[0] - now[0], before[1] - now[1], before[2] - now[2]);
  }

  /** Notes that every vet of this vet's city has been scored from the centre it has now. */
  cityScored(slot: Slot): void {
    const key = this.cityKey(slot);
    if (key !== NONE) this.scoredFrom.set(key, this.centreOf(slot));
  }

  /** Scores every vet from its city's centre: once a load has stored them all (each was scored from the sums so far). */
  scoreAllInCities(): void {
    this.scoredFrom.clear();
    for (let slot = 0; slot < this.used; slot++) {
      if (this.ids[slot] === NONE) continue;
      this.scoreInCity(slot);
      this.cityScored(slot);
    }
  }

  /** Whether two slots are in the same city of the same state (one list of a city search holds both states' vets). */
  sameCity(a: Slot, b: Slot): boolean {
    return this.cityKey(a) !== NONE && this.cityKey(a) === this.cityKey(b);
  }

  /** Whether a vet lists no hours at all (no time zone, or neither weekly nor special hours): 'open now' cannot tell. */
  readonly hoursUnknown = (slot: Slot): boolean =>
    this.zone[slot] === NONE || (this.weeks.values[this.hours[slot]!]!.length === 0 && this.special[slot] === NONE);

  /** Nearest first from the origin of the scan that filled `d2`, then id. */
  readonly nearest = (a: Slot, b: Slot): number => this.d2[a]! - this.d2[b]! || this.ids[a]! - this.ids[b]!;

  /** Stores a vet (replacing nothing: remove the old entry first) and returns its slot. */
  add(row: VetRow, cell: number): Slot {
    const slot = this.free.pop() ?? this.used++;
    if (slot >= this.ids.length) this.grow(this.ids.length * 2);
    if (row.user_id >= this.slotById.length) this.growIds(Math.max(row.user_id + 1, this.slotById.length * 2));
    const [x, y, z] = earth(row.latitude, row.longitude);
    this.ids[slot] = row.user_id;
    this.plan[slot] = row.plan;
    this.flags[slot] = (row.emergency ? EMERGENCY : 0) | (row.accepting_new_patients ? ACCEPTING : 0);
    this.rating[slot] = ratingTenths(row.rating_sum, row.rating_count);
    this.ratingCount[slot] = row.rating_count;
    this.x[slot] = x;
    this.y[slot] = y;
    this.z[slot] = z;
    this.latitude[slot] = Math.round(Math.asin(Math.max(-1, Math.min(1, z / EARTH_MILES))) * DEGREES * 1e5);
    this.longitude[slot] = Math.round(Math.atan2(y, x) * DEGREES * 1e5);
    this.paidUntil[slot] = row.paid_until ?? Infinity;
    this.nextAvailable[slot] = row.next_available ?? Infinity;
    this.sponsorKey[slot] = row.sponsor_key;
    this.state[slot] = this.textNumber(row.state);
    this.city[slot] = this.textNumber(row.city_key);
    this.zone[slot] = this.textNumber(row.time_zone);
    this.species[slot] = this.listNumber(row.species_key);
    this.services[slot] = this.listNumber(row.services_key);
    this.hours[slot] = this.weeks.number(row.week_hours, () => parseWeek(row.week_hours));
    const special = row.special_hours;
    this.special[slot] = special?.length ? this.specials.number(JSON.stringify(special), () => new Map(special.map((day) => [day.date, day]))) : NONE;
    this.cell[slot] = cell;
    this.storeName(slot, row.sort_name);
    this.recommended[slot] = staticScore(
      {
        ratingCount: row.rating_count,
        ratingSum: row.rating_sum,
        hasHours: !this.hoursUnknown(slot),
        hasPhotos: row.has_photos,
        hasServices: (row.services_key?.length ?? 0) > 0,
        claimed: row.claimed,
        responseHours: row.response_hours,
      },
      this.priorMean,
    );
    this.countInCity(slot, 1);
    this.scoreInCity(slot);
    this.slotById[row.user_id] = slot;
    this.live += 1;
    return slot;
  }

  /** Frees a slot (take it out of every list first: they compare by its values). */
  remove(slot: Slot): void {
    this.countInCity(slot, -1);
    this.slotById[this.ids[slot]!] = NONE;
    this.ids[slot] = NONE;
    this.nameGarbage += this.nameLength[slot]!;
    this.nameLength[slot] = 0;
    this.free.push(slot);
    this.live -= 1;
  }

  /**
   * Puts the vets in the order of their grid cells (slot i takes the vet that was at `order[i]`), so the
   * vets of a cell sit next to each other in every array: a search near a zip code then reads
   * neighbouring memory instead of jumping across megabytes for each vet (at 100k vets the scan
   * took about half as long). Call it on a store just loaded, with no free slots. One array is
   * copied at a time, so a copy of one column is the extra memory it needs.
   */
  orderByCell(): void {
    if (this.free.length) throw new Error('orderByCell needs a store without free slots');
    const n = this.used;
    // cell < 2^23 and slot < 2^23 (5M vets), so cell * 2^23 + slot is an exact double: one native sort.
    const keys = new Float64Array(n);
    for (let slot = 0; slot < n; slot++) keys[slot] = this.cell[slot]! * 2 ** 23 + slot;
    keys.sort();
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[i] = keys[i]! % 2 ** 23;
    const permute = <T extends Int32Array | Uint8Array | Float64Array>(from: T): T => {
      const to = from.slice() as T;
      for (let i = 0; i < n; i++) to[i] = from[order[i]!]!;
      return to;
    };
    this.ids = permute(this.ids);
    this.plan = permute(this.plan);
    this.flags = permute(this.flags);
    this.rating = permute(this.rating);
    this.ratingCount = permute(this.ratingCount);
    for (const key of ['x', 'y', 'z', 'paidUntil', 'nextAvailable', 'sponsorKey', 'recommended', 'recommendedInCity'] as const) this[key] = permute(this[key]);
    for (const key of ['state', 'city', 'zone', 'species', 'services', 'hours', 'special', 'cell', 'latitude', 'longitude', 'nameAt', 'nameLength'] as const)
      this[key] = permute(this[key]);
    // The names in the same order, with an eighth more room than they take (loading doubled it as it went).
    this.packNames(Math.ceil(this.nameEnd * 1.125) + 1024);
    for (let slot = 0; slot < n; slot++) this.slotById[this.ids[slot]!] = slot;
  }

  /** The store's whole state as typed arrays and plain values, for a snapshot file (index-snapshot.ts). */
  snapshot(): StoreState {
    const n = this.used;
    const arrays: StoreState['arrays'] = { slotById: this.slotById, nameBytes: new Uint8Array(this.nameBytes.buffer, this.nameBytes.byteOffset, this.nameEnd) };
    for (const key of STORE_ARRAYS) arrays[key] = this[key].subarray(0, n);
    return {
      arrays,
      values: {
        used: n,
        live: this.live,
        free: this.free,
        priorMean: this.priorMean,
        nameGarbage: this.nameGarbage,
        strings: [this.strings.keys(), this.strings.values],
        lists: [this.lists.keys(), this.lists.values],
        weeks: [this.weeks.keys(), this.weeks.values],
        specials: [this.specials.keys(), this.specials.values.map((days) => [...days.values()])],
        citySums: [...this.citySums],
        scoredFrom: [...this.scoredFrom],
      },
    };
  }

  /** A store as `snapshot()` described it; its arrays are copied (with room to grow), not kept. */
  static fromSnapshot({ arrays, values }: StoreState): VetStore {
    const store = new VetStore(1);
    const capacity = Math.max(16, Math.ceil(values.used * 1.1));
    store.grow(capacity);
    for (const key of STORE_ARRAYS) store[key].set(arrays[key]!);
    store.slotById = new Int32Array(arrays.slotById!);
    const nameBytes = arrays.nameBytes!;
    store.nameBytes = Buffer.alloc(Math.ceil(nameBytes.length * 1.125) + 1024);
    store.nameBytes.set(nameBytes);
    store.nameEnd = nameBytes.length;
    store.nameGarbage = values.nameGarbage;
    store.used = values.used;
    store.live = values.live;
    store.free = [...values.free];
    store.priorMean = values.priorMean;
    store.strings.restore(...values.strings);
    store.lists.restore(...values.lists);
    store.weeks.restore(...values.weeks);
    store.specials.restore(
      values.specials[0],
      values.specials[1].map((days) => new Map(days.map((day) => [day.date, day]))),
    );
    for (const [key, sum] of values.citySums) store.citySums.set(key, sum);
    for (const [key, centre] of values.scoredFrom) store.scoredFrom.set(key, centre);
    return store;
  }

  private listNumber(items: string[] | null): number {
    const list = items ?? [];
    return this.lists.number(list.join('\u0001'), () => list.map((item) => this.strings.values[this.textNumber(item)]!));
  }

  private grow(capacity: number): void {
    const copy = <T extends Int32Array | Uint8Array | Float64Array>(from: T, make: (n: number) => T): T => {
      const to = make(capacity);
      to.set(from);
      return to;
    };
    this.ids = copy(this.ids, (n) => new Int32Array(n));
    this.plan = copy(this.plan, (n) => new Uint8Array(n));
    this.flags = copy(this.flags, (n) => new Uint8Array(n));
    this.rating = copy(this.rating, (n) => new Uint8Array(n));
    this.ratingCount = copy(this.ratingCount, (n) => new Int32Array(n));
    for (const key of ['x', 'y', 'z', 'paidUntil', 'nextAvailable', 'sponsorKey', 'd2', 'recommended', 'recommendedInCity', 'score'] as const)
      this[key] = copy(this[key], (n) => new Float64Array(n));
    for (const key of ['state', 'city', 'zone', 'species', 'services', 'hours', 'special', 'cell', 'latitude', 'longitude', 'nameAt', 'nameLength'] as const)
      this[key] = copy(this[key], (n) => new Int32Array(n));
  }

  /** Writes a vet's name after the others, making room first (packing out removed names when they are more than half). */
  private storeName(slot: Slot, name: string): void {
    const length = Buffer.byteLength(name, 'utf8');
    if (this.nameEnd + length > this.nameBytes.length) {
      const live = this.nameEnd - this.nameGarbage;
      this.packNames(Math.max(1024, (this.nameGarbage > live ? live : this.nameBytes.length) * 2 + length));
    }
    this.nameAt[slot] = this.nameEnd;
    this.nameLength[slot] = this.nameBytes.write(name, this.nameEnd, 'utf8');
    this.nameEnd += this.nameLength[slot]!;
  }

  /** Copies the stored vets' names, in slot order, into new room of `capacity` bytes. */
  private packNames(capacity: number): void {
    const from = this.nameBytes;
    const to = Buffer.alloc(capacity);
    let end = 0;
    for (let slot = 0; slot < this.used; slot++) {
      const length = this.nameLength[slot]!;
      if (length === 0) continue;
      from.copy(to, end, this.nameAt[slot]!, this.nameAt[slot]! + length);
      this.nameAt[slot] = end;
      end += length;
    }
    this.nameBytes = to;
    this.nameEnd = end;
    this.nameGarbage = 0;
  }

  private growIds(capacity: number): void {
    const to = new Int32Array(capacity).fill(NONE);
    to.set(this.slotById);
    this.slotById = to;
  }
}
