// Sort and filters of /searchdoctor (docs/product.md, Search), drawn from the entries of ../search-filter-entries.ts:
// yes/no filters as chips, selects as selects, lists as collapsible groups with a chevron. Each change is a new
// address at page one: the URL stays the one source of the search (../search-params.ts). Native controls keep it
// keyboard usable.
import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../../shared/routes';
import type { DoctorSearchAnswer } from '../../../../shared/schemas/doctor';
import { CheckboxGroup } from '../../../components/ui/checkbox-group';
import { FILTER_ENTRIES, type GroupEntry, type SelectEntry, type ToggleEntry } from '../search-filter-entries';
import { searchesByDistance, searchPath } from '../search-params';
import type { SearchSort, SearchState } from '../search-slice';
import '../doctors.css';
import './search-filters.css';

const SORT_LABELS: Record<SearchSort, string> = { recommended: 'Recommended', distance: 'Distance', rating: 'Rating', name: 'Name', soonest: 'Soonest' };

/** The answer's counts per species and service, where it has them. */
export type FilterFacets = DoctorSearchAnswer['facets'];

export function SearchFilters({ search, facets }: { search: SearchState; facets?: FilterFacets }) {
  const navigate = useNavigate();
  const go = (change: Partial<SearchState>) => navigate(searchPath({ ...search, ...change, searchStart: 0 }));
  const byDistance = searchesByDistance(search);
  // Two of these may be on the page at once (inline, and the phone's sheet): each needs its own id.
  const helpId = useId();
  const shown = FILTER_ENTRIES.filter((entry) => !entry.applies || entry.applies(search));
  const toggles = shown.filter((entry): entry is ToggleEntry => entry.kind === 'toggle');
  const selects = shown.filter((entry): entry is SelectEntry => entry.kind === 'select');
  const groups = shown.filter((entry): entry is GroupEntry => entry.kind === 'group');

  return (
    <div className="search-filters" aria-label="Sort and narrow the results" role="group">
      <div className="filter-row">
        <label className="filter-select">
          <span>Sort by</span>
          <select value={search.sort ?? 'recommended'} onChange={(e) => go({ sort: e.target.value as SearchSort })} aria-describedby={helpId}>
            {(Object.keys(SORT_LABELS) as SearchSort[]).map((sort) => (
              <option key={sort} value={sort} disabled={sort === 'distance' && !byDistance}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </label>
        <Link id={helpId} className="sort-help" to={`${paths.about}#how-we-order-results`}>
          (how we order results)
        </Link>
        {selects.map((entry) => (
          <label key={entry.id} className="filter-select">
            <span>{entry.label}</span>
            <select value={entry.value(search)} onChange={(e) => go(entry.change(e.target.value))}>
              {entry.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <div className="filter-toggles">
        {toggles.map((entry) => (
          <label key={entry.id} className="filter-toggle">
            <input type="checkbox" checked={entry.checked(search)} onChange={(e) => go(entry.change(e.target.checked))} /> {entry.label}
          </label>
        ))}
      </div>
      {groups.map((entry) => {
        const chosen = entry.value(search);
        return (
          <details key={entry.id} className="filter-group" open={chosen.length > 0 || undefined}>
            <summary>
              {entry.label}
              {chosen.length > 0 && <span className="filter-group-count"> ({chosen.length} chosen)</span>}
            </summary>
            <CheckboxGroup
              legend={entry.label}
              hideLegend
              options={entry.options}
              value={chosen}
              counts={entry.facet ? facets?.[entry.facet] : undefined}
              onChange={(values) => go(entry.change(values))}
            />
          </details>
        );
      })}
    </div>
  );
}
