// What an empty search could find instead (docs/product.md 28.2): for each filter in use, how many
// vets the same search finds without it, and the nearest wider radius that finds any. Worked out only
// when a search finds nobody, by the same in-memory index (docs/decisions/073-search-index-in-memory.md):
// each count is one more index search of one card, and every count stops at SEARCH_COUNT_CAP, so an
// empty answer costs at most six filter searches and four radius searches however many vets are listed
// (docs/decisions/176-empty-search-counts.md).
import { SEARCH_RADII } from '../../../../shared/constants/search';
import type { SearchRelaxation } from '../../../../shared/schemas/doctor';
import type { NormalizedSearch, SearchAnswer } from './doctor-search';

type Search = (search: NormalizedSearch) => Promise<SearchAnswer>;

/** Each filter of a search, by its name in the search call, and the search without it. */
const FILTERS: { filter: SearchRelaxation['filter']; inUse: (s: NormalizedSearch) => boolean; without: (s: NormalizedSearch) => NormalizedSearch }[] = [
  { filter: 'species', inUse: (s) => s.species.length > 0, without: (s) => ({ ...s, species: [] }) },
  { filter: 'services', inUse: (s) => s.services.length > 0, without: (s) => ({ ...s, services: [] }) },
  { filter: 'emergency', inUse: (s) => s.emergency, without: (s) => ({ ...s, emergency: false }) },
  { filter: 'open_now', inUse: (s) => s.openNow, without: (s) => ({ ...s, openNow: false }) },
  { filter: 'accepting_new_patients', inUse: (s) => s.accepting, without: (s) => ({ ...s, accepting: false }) },
  { filter: 'min_rating', inUse: (s) => s.minRating > 0, without: (s) => ({ ...s, minRating: 0 }) },
];

/** The answer as it is when it found someone; when empty, with `relaxations` (most found first) and `wider`. */
export async function withRelaxations(answer: SearchAnswer, search: NormalizedSearch, run: Search): Promise<SearchAnswer> {
  if (answer.totalCount > 0 || search.start > 0) return answer;
  // One card is enough: only the count is read.
  const count = async (s: NormalizedSearch) => (await run({ ...s, start: 0, count: 1 })).totalCount;
  const relaxations: SearchRelaxation[] = [];
  for (const { filter, inUse, without } of FILTERS) {
    if (inUse(search)) relaxations.push({ filter, count: await count(without(search)) });
  }
  relaxations.sort((a, b) => b.count - a.count);
  const result: SearchAnswer = { ...answer, relaxations };
  if (search.radius !== null) {
    const radii = SEARCH_RADII.filter((miles) => miles > search.radius!);
    for (const radius of radii) {
      const found = await count({ ...search, radius });
      // The nearest radius that finds someone; the widest one offered when none does.
      if (found > 0 || radius === radii.at(-1)) {
        result.wider = { radius, count: found };
        break;
      }
    }
  }
  return result;
}
