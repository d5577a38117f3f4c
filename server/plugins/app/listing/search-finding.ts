// What issue 37 adds to a search's walk over the index (docs/product.md section 33): the 'what' filter
// (service and species words, a clinic's name), 'open now' that counts and may list the practices
// whose hours are unknown instead of dropping them, the recommended score of a vet at a distance, and
// the per-option counts of the filter panel. The walks call sift() where they asked matcher() before.
import type { DoctorSearchAnswer } from '../../../../shared/schemas/doctor';
import type { NormalizedSearch } from './doctor-search';
import type { MarkerList } from './search-box';
import type { NameIndex } from './search-words';
import type { Slot, VetStore } from './vet-store';

/** Per list number, how many listed vets have it as their species (0) or services (1) list: reused from search to search. */
const tally = [
  { counts: new Int32Array(0), touched: [] as number[] },
  { counts: new Int32Array(0), touched: [] as number[] },
];

/** The walk's test of one vet, and what it counted on the way. */
export interface Sift {
  /** Whether the vet is listed: it matches, and either 'open now' is not asked, it is open, or its hours are unknown and asked for. */
  (slot: Slot): boolean;
  /** Vets that matched everything but 'open now' could not tell (no hours listed). */
  hoursUnknown: number;
  /** The per-option counts of the vets listed so far (facets()). */
  facets(): NonNullable<DoctorSearchAnswer['facets']>;
  /** Forgets what was counted so far. */
  reset(): void;
  /** No vet can match: the 'what' names a species, a service or a name that no listed vet has. */
  nobody: boolean;
}

/** Whether some vet's list holds every one of the `wanted` keys (true when none is wanted). */
function someList(store: VetStore, wanted: string[]): boolean {
  return wanted.length === 0 || store.lists.values.some((list) => wanted.every((key) => list.includes(key)));
}

/** Whether each of the `wanted` keys is in a vet's list, worked out once per list and search. */
function allOf(store: VetStore, wanted: string[]): ((n: number) => boolean) | null {
  if (wanted.length === 0) return null;
  const known = new Uint8Array(store.lists.values.length);
  return (n) => {
    if (known[n] === 0) known[n] = wanted.every((key) => store.lists.values[n]!.includes(key)) ? 1 : 2;
    return known[n] === 1;
  };
}

/**
 * The walk's test: `matches` is the search's matcher without 'open now' (search-index.ts); this adds the
 * 'what', then 'open now' with the unknown-hours rule, and counts the facets of whom it lets through.
 */
export function sift(
  store: VetStore,
  search: NormalizedSearch,
  names: NameIndex | null,
  matches: (slot: Slot) => boolean,
  isOpen: (slot: Slot) => boolean,
): Sift {
  const species = allOf(store, search.what.species);
  const services = allOf(store, search.what.services);
  const named = search.what.name && names ? names.match(search.what.name) : null;
  const { openNow, includeHoursUnknown } = search;
  for (const t of tally) {
    for (const n of t.touched) t.counts[n] = 0;
    t.touched.length = 0;
    if (t.counts.length < store.lists.values.length) t.counts = new Int32Array(store.lists.values.length * 2);
  }
  const [bySpecies, byServices] = tally as [(typeof tally)[0], (typeof tally)[0]];
  const clear = () => {
    for (const t of tally) {
      for (const n of t.touched) t.counts[n] = 0;
      t.touched.length = 0;
    }
  };
  const test = ((slot: Slot) => {
    // The 'what' first: one array read a vet, and it turns most vets away when it is asked.
    if (species && !species(store.species[slot]!)) return false;
    if (services && !services(store.services[slot]!)) return false;
    if (named && !named.has(slot)) return false;
    if (!matches(slot)) return false;
    if (openNow) {
      if (store.hoursUnknown(slot)) {
        test.hoursUnknown += 1;
        if (!includeHoursUnknown) return false;
      } else if (!isOpen(slot)) return false;
    }
    const sp = store.species[slot]!;
    const sv = store.services[slot]!;
    if ((bySpecies.counts[sp] = bySpecies.counts[sp]! + 1) === 1) bySpecies.touched.push(sp);
    if ((byServices.counts[sv] = byServices.counts[sv]! + 1) === 1) byServices.touched.push(sv);
    return true;
  }) as Sift;
  test.hoursUnknown = 0;
  test.nobody = (named !== null && named.size === 0) || !someList(store, search.what.species) || !someList(store, search.what.services);
  test.reset = () => {
    test.hoursUnknown = 0;
    clear();
  };
  test.facets = () => {
    const out = { species: {} as Record<string, number>, services: {} as Record<string, number> };
    for (const [t, into] of [
      [bySpecies, out.species],
      [byServices, out.services],
    ] as const) {
      for (const n of t.touched) for (const key of store.lists.values[n]!) into[key] = (into[key] ?? 0) + t.counts[n]!;
    }
    return out;
  };
  return test;
}

/** With hours-unknown practices listed: the open ones first, each group in `order`. */
export function openFirst(store: VetStore, search: NormalizedSearch, order: (a: Slot, b: Slot) => number): (a: Slot, b: Slot) => number {
  if (!search.includeHoursUnknown) return order;
  return (a, b) => Number(store.hoursUnknown(a)) - Number(store.hoursUnknown(b)) || order(a, b);
}

/** What the answer adds besides its cards. */
export function extras(search: NormalizedSearch, test: Sift, markers?: { list: MarkerList; capped: boolean }) {
  return {
    ...(search.openNow ? { hours_unknown_count: Math.min(test.hoursUnknown, 1000) } : {}),
    facets: test.facets(),
    ...(markers ? { markers: markers.list, markers_capped: markers.capped } : {}),
  };
}
