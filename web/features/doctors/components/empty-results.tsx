// What an empty search offers (docs/product.md 28.2): its filters as chips, each removable, with
// 'Clear all'; which filter hides the most vets (the server counts them: `relaxations`); and a wider
// radius with the number of vets it would find (`wider`).
import { countOf, pluralOf } from '../../../../shared/lib/formats';
import { useNavigate } from 'react-router';
import type { DoctorSearchAnswer, SearchRelaxation } from '../../../../shared/schemas/doctor';
import { searchPath } from '../search-params';
import type { SearchState } from '../search-slice';
import './empty-results.css';

type Filter = SearchRelaxation['filter'];

/** Each filter in use: its name on a chip and the search without it. */
function chipsOf(search: SearchState): { filter: Filter; label: string; without: Partial<SearchState> }[] {
  const chips: { filter: Filter; label: string; without: Partial<SearchState> }[] = [];
  if (search.species.length) chips.push({ filter: 'species', label: `Species: ${search.species.join(', ')}`, without: { species: [] } });
  if (search.services.length) chips.push({ filter: 'services', label: `Services: ${search.services.join(', ')}`, without: { services: [] } });
  if (search.emergency) chips.push({ filter: 'emergency', label: '24/7 emergency', without: { emergency: false } });
  if (search.openNow) chips.push({ filter: 'open_now', label: 'Open now', without: { openNow: false } });
  if (search.acceptingNewPatients) chips.push({ filter: 'accepting_new_patients', label: 'Accepting new patients', without: { acceptingNewPatients: false } });
  if (search.minRating) chips.push({ filter: 'min_rating', label: `${search.minRating} stars and up`, without: { minRating: undefined } });
  return chips;
}

const vets = (n: number) => countOf(n, 'veterinarian');

export function EmptyResults({ search, result }: { search: SearchState; result: DoctorSearchAnswer }) {
  const navigate = useNavigate();
  const go = (change: Partial<SearchState>) => navigate(searchPath({ ...search, ...change, searchStart: 0 }));
  const chips = chipsOf(search);
  const counts = new Map((result.relaxations ?? []).map((r) => [r.filter, r.count]));
  const most = result.relaxations?.[0];
  const mostChip = most && most.count > 0 ? chips.find((chip) => chip.filter === most.filter) : undefined;
  const wider = result.wider;

  return (
    <div className="empty-state empty-results">
      {chips.length > 0 && (
        <>
          <p className="empty-results-lead">Your filters:</p>
          <ul className="filter-chips" aria-label="Filters in use">
            {chips.map((chip) => (
              <li key={chip.filter}>
                <button type="button" className="filter-chip" onClick={() => go(chip.without)} aria-label={`Remove the filter ${chip.label}`}>
                  <span>{chip.label}</span>
                  {counts.has(chip.filter) && <span className="filter-chip-count"> ({vets(counts.get(chip.filter)!)} without it)</span>}
                  <span aria-hidden="true"> ×</span>
                </button>
              </li>
            ))}
            <li>
              <button type="button" className="button" onClick={() => go(Object.assign({}, ...chips.map((chip) => chip.without)) as Partial<SearchState>)}>
                Clear all
              </button>
            </li>
          </ul>
          {mostChip && (
            <p className="empty-results-most">
              Removing <strong>{mostChip.label}</strong> would show {vets(most!.count)}.
            </p>
          )}
        </>
      )}
      {wider && (
        <p className="empty-results-wider">
          {wider.count > 0
            ? `Within ${wider.radius} miles there ${pluralOf(wider.count, 'is', 'are')} ${vets(wider.count)}.`
            : `Even within ${wider.radius} miles nobody matches.`}{' '}
          {wider.count > 0 && (
            <button type="button" className="button button-primary" onClick={() => go({ radius: wider.radius })}>
              Search within {wider.radius} miles
            </button>
          )}
        </p>
      )}
      {!wider && chips.length === 0 && <p>Try a nearby city or state.</p>}
    </div>
  );
}
