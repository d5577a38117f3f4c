// The filters of /searchdoctor as a list of entries (docs/product.md, Search): each entry is one control in the
// filter panel (components/search-filters.tsx) and the removable chips above the results when it is in use
// (components/active-filters.tsx). One more filter is one more entry here.
import { DEFAULT_SEARCH_RADIUS, SEARCH_RADII } from '../../../shared/constants/search';
import { SERVICES, SPECIES } from '../../../shared/constants/services';
import { AVAILABLE_WITHIN, MIN_RATINGS, searchesByDistance } from './search-params';
import { countOf } from '../../../shared/lib/formats';
import type { SearchState } from './search-slice';

export interface FilterOption {
  value: string;
  label: string;
}

interface EntryBase {
  id: string;
  /** Its label in the panel. */
  label: string;
  /** Shown only when the search can use it (the radius needs a zip code or a position). */
  applies?: (search: SearchState) => boolean;
}

/** A choice of one (a select): `value` '' is 'any', which is no chip. */
export interface SelectEntry extends EntryBase {
  kind: 'select';
  options: readonly FilterOption[];
  value: (search: SearchState) => string;
  change: (value: string) => Partial<SearchState>;
  /** The chip's text for a chosen value. */
  chip: (value: string) => string;
  /** The value that is no filter ('' unless the default is a real value, as the radius's 25 miles). */
  none?: string;
}

/** A yes/no filter: a chip-like checkbox. */
export interface ToggleEntry extends EntryBase {
  kind: 'toggle';
  checked: (search: SearchState) => boolean;
  change: (checked: boolean) => Partial<SearchState>;
}

/** Several of a list (species, services): a collapsible group of checkboxes, one chip each. */
export interface GroupEntry extends EntryBase {
  kind: 'group';
  options: readonly string[];
  value: (search: SearchState) => string[];
  change: (values: string[]) => Partial<SearchState>;
  /** Which of the answer's facets counts its options. */
  facet?: 'species' | 'services';
}

export type FilterEntry = SelectEntry | ToggleEntry | GroupEntry;

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const FILTER_ENTRIES: readonly FilterEntry[] = [
  {
    id: 'open',
    kind: 'toggle',
    label: 'Open now',
    checked: (s) => s.openNow,
    change: (openNow) => ({ openNow, includeHoursUnknown: false }),
  },
  {
    id: 'accepting',
    kind: 'toggle',
    label: 'Accepting new patients',
    checked: (s) => s.acceptingNewPatients,
    change: (acceptingNewPatients) => ({ acceptingNewPatients }),
  },
  { id: 'emergency', kind: 'toggle', label: '24/7 emergency', checked: (s) => s.emergency, change: (emergency) => ({ emergency }) },
  {
    id: 'radius',
    kind: 'select',
    label: 'Within',
    applies: searchesByDistance,
    options: SEARCH_RADII.map((miles) => ({ value: String(miles), label: `${miles} miles` })),
    none: String(DEFAULT_SEARCH_RADIUS),
    value: (s) => String(s.radius ?? DEFAULT_SEARCH_RADIUS),
    change: (value) => ({ radius: Number(value) === DEFAULT_SEARCH_RADIUS ? undefined : Number(value) }),
    chip: (value) => `Within ${value} miles`,
  },
  {
    id: 'rating',
    kind: 'select',
    label: 'Rating',
    options: [{ value: '', label: 'Any rating' }, ...MIN_RATINGS.map((stars) => ({ value: String(stars), label: `${stars} stars and up` }))],
    value: (s) => (s.minRating ? String(s.minRating) : ''),
    change: (value) => ({ minRating: Number(value) || undefined }),
    chip: (value) => `${value}+ stars`,
  },
  {
    id: 'within',
    kind: 'select',
    label: 'Available within',
    options: [{ value: '', label: 'Any time' }, ...AVAILABLE_WITHIN.map((days) => ({ value: String(days), label: countOf(days, 'day') }))],
    value: (s) => (s.availableWithin ? String(s.availableWithin) : ''),
    change: (value) => ({ availableWithin: Number(value) || undefined }),
    chip: (value) => `Available within ${countOf(Number(value), 'day')}`,
  },
  { id: 'species', kind: 'group', label: 'Species treated', options: SPECIES, facet: 'species', value: (s) => s.species, change: (species) => ({ species }) },
  { id: 'services', kind: 'group', label: 'Services', options: SERVICES, facet: 'services', value: (s) => s.services, change: (services) => ({ services }) },
];

export interface ActiveFilter {
  key: string;
  label: string;
  /** The search without it. */
  without: Partial<SearchState>;
}

/** The chips above the results: one per filter in use ('Open now ×', 'Rabbits ×'). */
export function activeFilters(search: SearchState, entries: readonly FilterEntry[] = FILTER_ENTRIES): ActiveFilter[] {
  return entries.flatMap((entry): ActiveFilter[] => {
    if (entry.applies && !entry.applies(search)) return [];
    if (entry.kind === 'toggle') return entry.checked(search) ? [{ key: entry.id, label: entry.label, without: entry.change(false) }] : [];
    if (entry.kind === 'select') {
      const value = entry.value(search);
      return value === (entry.none ?? '') ? [] : [{ key: entry.id, label: entry.chip(value), without: entry.change(entry.none ?? '') }];
    }
    const values = entry.value(search);
    return values.map((value) => ({ key: `${entry.id}-${value}`, label: capital(value), without: entry.change(values.filter((v) => v !== value)) }));
  });
}

/** The search with every filter cleared ('Clear all'); the place, the 'what' box and the order stay. */
export function withoutFilters(search: SearchState, entries: readonly FilterEntry[] = FILTER_ENTRIES): SearchState {
  const cleared = (entry: FilterEntry) =>
    entry.kind === 'toggle' ? entry.change(false) : entry.kind === 'select' ? entry.change(entry.none ?? '') : entry.change([]);
  return entries.reduce<SearchState>((s, entry) => ({ ...s, ...cleared(entry) }), { ...search, searchStart: 0 });
}
