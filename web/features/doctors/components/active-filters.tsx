// The filters in use as removable chips above the results ('Open now ×', 'Rabbits ×', 'Clear all'; docs/product.md,
// Search). Each chip is a button that leads to the search without it, at page one.
import { useNavigate } from 'react-router';
import { activeFilters, withoutFilters } from '../search-filter-entries';
import { searchPath } from '../search-params';
import type { SearchState } from '../search-slice';
import './search-filters.css';

export function ActiveFilters({ search }: { search: SearchState }) {
  const navigate = useNavigate();
  const chips = activeFilters(search);
  if (chips.length === 0) return null;
  return (
    <ul className="active-filters" aria-label="Filters in use">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button type="button" className="active-filter" onClick={() => navigate(searchPath({ ...search, ...chip.without, searchStart: 0 }))}>
            {chip.label}
            <span className="visually-hidden">, remove</span>
            <span className="active-filter-x" aria-hidden="true">
              ×
            </span>
          </button>
        </li>
      ))}
      {chips.length > 1 && (
        <li>
          <button type="button" className="clear-filters" onClick={() => navigate(searchPath(withoutFilters(search)))}>
            Clear all
          </button>
        </li>
      )}
    </ul>
  );
}
