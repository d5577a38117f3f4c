// Radius, filters and sort of /searchdoctor (docs/product.md, Search). Each change is a new address at page one:
// the URL stays the one source of the search (../search-params.ts). Native controls keep it keyboard usable.
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_RADII } from '../../../../shared/constants/search';
import { SERVICES, SPECIES } from '../../../../shared/constants/services';
import { CheckboxGroup } from '../../../components/ui/checkbox-group';
import { MIN_RATINGS, searchesByDistance, searchPath } from '../search-params';
import type { SearchState } from '../search-slice';

export function SearchFilters({ search }: { search: SearchState }) {
  const navigate = useNavigate();
  const go = (change: Partial<SearchState>) => navigate(searchPath({ ...search, ...change, searchStart: 0 }));
  const hasZip = searchesByDistance(search);
  // Two of these may be on the page at once (inline, and the phone's sheet): each needs its own id.
  const helpId = useId();
  const chosen = search.species.length + search.services.length;

  return (
    <div className="search-filters" aria-label="Narrow the results" role="group">
      <div className="filter-row">
        <label className="filter-select">
          <span>Within</span>
          <select
            value={search.radius ?? 25}
            disabled={!hasZip}
            onChange={(e) => go({ radius: Number(e.target.value) })}
            aria-describedby={hasZip ? undefined : helpId}
          >
            {SEARCH_RADII.map((miles) => (
              <option key={miles} value={miles}>
                {miles} miles
              </option>
            ))}
          </select>
        </label>
        <label className="filter-select">
          <span>Sort by</span>
          <select value={search.sort ?? (hasZip ? 'distance' : 'name')} onChange={(e) => go({ sort: e.target.value as SearchState['sort'] })}>
            <option value="distance" disabled={!hasZip}>
              Distance
            </option>
            <option value="name">Name</option>
            <option value="rating">Rating</option>
          </select>
        </label>
        <label className="filter-select">
          <span>Rating</span>
          <select value={search.minRating ?? ''} onChange={(e) => go({ minRating: Number(e.target.value) || undefined })}>
            <option value="">Any rating</option>
            {MIN_RATINGS.map((stars) => (
              <option key={stars} value={stars}>
                {stars} stars and up
              </option>
            ))}
          </select>
        </label>
        <label className="filter-check">
          <input type="checkbox" checked={search.emergency} onChange={(e) => go({ emergency: e.target.checked })} /> 24/7 emergency
        </label>
        <label className="filter-check">
          <input type="checkbox" checked={search.openNow} onChange={(e) => go({ openNow: e.target.checked })} /> Open now
        </label>
        <label className="filter-check">
          <input type="checkbox" checked={search.acceptingNewPatients} onChange={(e) => go({ acceptingNewPatients: e.target.checked })} /> Accepting new
          patients
        </label>
      </div>
      {!hasZip && (
        <p id={helpId} className="muted filter-help">
          Distance and radius need a zip code or your location.
        </p>
      )}
      <details className="filter-more" open={chosen > 0 || undefined}>
        <summary>Species and services{chosen > 0 ? ` (${chosen} chosen)` : ''}</summary>
        <CheckboxGroup legend="Species treated" options={SPECIES} value={search.species} onChange={(species) => go({ species })} />
        <CheckboxGroup legend="Services" options={SERVICES} value={search.services} onChange={(services) => go({ services })} />
      </details>
    </div>
  );
}
