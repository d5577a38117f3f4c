// /searchdoctor: results for the zip / city / state or the position of the URL (the one source of the search state,
// docs/product.md, Client state and flows), paged by searchCount and searchStart, nearest first near a zip or near you.
// On a phone the results come first (docs/product.md 21.1): the place form folds into a one-line summary, the
// filters into a sheet behind a 'Filters' button, and the map is a view the list toggles to. All of it is CSS
// over one markup (no width test in script), so the server's first screen and the browser's are the same.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../../shared/constants/messages';
import { DEFAULT_SEARCH_RADIUS, SEARCH_COUNT_CAP } from '../../../../shared/constants/search';
import { countOf, formatNumber } from '../../../../shared/lib/formats';
import { PageHero } from '../../../components/ui/page-hero';
import { Dialog } from '../../../components/ui/dialog';
import { useAppDispatch } from '../../../app/store';
import { useSearchDoctorsQuery } from '../api/search-doctors';
import { DoctorSearchForm } from '../components/doctor-search-form';
import { SearchFilters } from '../components/search-filters';
import { ActiveFilters } from '../components/active-filters';
import { ResultCards } from '../components/result-cards';
import { SearchMapPanel } from '../components/search-map-panel';
import { EmptyResults } from '../components/empty-results';
import { CallFailed } from '../../../components/ui/call-failed';
import { filtersInUse, hasSearchTerms, isNearMe, searchBody, searchesByDistance, searchFromParams, searchPath } from '../search-params';
import { searchDoctor, type SearchState } from '../search-slice';
import '../doctors.css';

/** The one line a phone shows for the place searched (docs/product.md 21.1). */
function placeSummary(search: SearchState): string {
  const place = isNearMe(search)
    ? 'Near you'
    : search.bounds
      ? 'In the map area'
      : search.searchZipCode
        ? `Near ${search.searchZipCode}`
        : [search.searchCity, search.searchState].filter(Boolean).join(', ');
  return [search.q && `“${search.q}”`, place].filter(Boolean).join(' · ');
}

/** How the count of results names the order (the sort select says it too). */
const ORDER_TEXT: Partial<Record<string, string>> = { distance: ', nearest first', rating: ', highest rated first', name: ', by name' };

export default function SearchDoctorPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const paramsKey = params.toString();
  const search = useMemo(() => searchFromParams(new URLSearchParams(paramsKey)), [paramsKey]);
  const hasQuery = hasSearchTerms(search);
  const nearMe = isNearMe(search);
  const byDistance = searchesByDistance(search);

  // The Redux search state follows the URL (docs/product.md, Client state and flows names that state).
  useEffect(() => {
    dispatch(searchDoctor(search));
  }, [search, dispatch]);

  // `data` is the last answer, kept for the map while the next one loads; the list shows only the current one.
  const { currentData: result, data: lastResult, isFetching: loading, error, refetch } = useSearchDoctorsQuery(searchBody(search), { skip: !hasQuery });
  const [activeId, setActiveId] = useState<number | null>(null);
  // On a phone: whether the place form is unfolded, the filters sheet is open, and the list or the map is shown.
  const [placeOpen, setPlaceOpen] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [view, setView] = useState<'list' | 'map'>('list');
  const inUse = filtersInUse(search);

  // A misspelled city the server corrected ('Showing results for Chicago.') names the corrected city in the count too.
  const corrected = result?.notice && (result.used === 'city' || result.used === 'city_state') ? result.location?.city : null;
  const place = [search.searchZipCode, corrected || search.searchCity, search.searchState].filter(Boolean).join(', ');
  const where = [search.q && `for “${search.q}”`, nearMe ? 'near you' : search.bounds ? 'in the map area' : place && `${search.q ? 'in' : 'for'} ${place}`]
    .filter(Boolean)
    .join(' ');
  const page = Math.floor(search.searchStart / search.searchCount) + 1;
  const pages = result ? Math.max(1, Math.ceil(result.totalCount / search.searchCount)) : 1;
  // Another page of results is a new address; the layout scrolls to the top, and focus moves to
  // the count of results once they are shown, so a keyboard user continues from there.
  const pageChanged = useRef(false);
  const goTo = (nextPage: number) => {
    pageChanged.current = true;
    navigate(searchPath({ ...search, searchStart: (nextPage - 1) * search.searchCount }));
  };
  const countRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!loading && result && pageChanged.current) {
      pageChanged.current = false;
      countRef.current?.focus({ preventScroll: true });
    }
  }, [loading, result]);
  // A new place folds the form again.
  useEffect(() => setPlaceOpen(false), [search.searchZipCode, search.searchCity, search.searchState, search.latitude, search.longitude]);

  const countText = (n: number, capped: boolean | undefined, noun: string) => (capped ? `${formatNumber(SEARCH_COUNT_CAP)}+ ${noun}s` : countOf(n, noun));
  // On a phone the list and the map each keep their place: the list's scroll comes back after a look at the map.
  const listScroll = useRef(0);
  const showView = (next: 'list' | 'map') => {
    if (next === view) return;
    if (view === 'list') listScroll.current = window.scrollY;
    setView(next);
  };
  useEffect(() => {
    if (view === 'list' && listScroll.current) window.scrollTo({ top: listScroll.current });
  }, [view]);
  // A marker chosen: its card is highlighted and brought into view (beside the map; on a phone, under the list).
  const cardRefs = useRef(new Map<number, HTMLElement>()).current;
  const selectMarker = (id: number) => {
    setActiveId(id);
    const card = cardRefs.get(id);
    if (card?.isConnected && card.offsetParent !== null) card.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  };
  const resultsLabel = result && !loading ? `Show ${countText(result.totalCount, result.totalCountCapped, 'result')}` : 'Show results';

  return (
    <div className={`search-page${hasQuery ? ' has-query' : ''}`}>
      <PageHero eyebrow="Directory" title="Find a vet" documentTitle="Find a vet" lead="Find veterinarians and animal hospitals by zip code, city or state.">
        {hasQuery && (
          <button type="button" className="place-summary" aria-expanded={placeOpen} aria-controls="search-place" onClick={() => setPlaceOpen((open) => !open)}>
            <span className="place-summary-text">{placeSummary(search)}</span>
            <span className="place-summary-action">{placeOpen ? 'Close' : 'Change'}</span>
          </button>
        )}
        <div className={`search-place${placeOpen ? ' open' : ''}`} id="search-place">
          <DoctorSearchForm submitLabel="Search" />
        </div>
      </PageHero>
      <section className="section search-section">
        <div className="container">
          {!hasQuery && (
            <p className="empty-state">
              Enter a zip code, a city or a state above, what you are looking for, or use your location, to see veterinarians near you.
            </p>
          )}
          {hasQuery && (
            <>
              {/* Shown from 720 px; left out while the phone's sheet holds the filters, so there is one copy. */}
              {!sheetOpen && (
                <div className="search-filters-inline">
                  <SearchFilters search={search} facets={lastResult?.facets} />
                </div>
              )}
              <div className="search-toolbar">
                <button type="button" className="button filters-button" aria-haspopup="dialog" onClick={() => setSheetOpen(true)}>
                  Filters{inUse > 0 && <span className="filters-count"> ({inUse})</span>}
                </button>
                <div className="view-toggle" role="group" aria-label="Show the results as">
                  <button type="button" className="button" aria-pressed={view === 'list'} onClick={() => showView('list')}>
                    List
                  </button>
                  <button type="button" className="button" aria-pressed={view === 'map'} onClick={() => showView('map')}>
                    Map
                  </button>
                </div>
              </div>
              <Dialog
                open={sheetOpen}
                title="Filters"
                className="sheet"
                onClose={() => setSheetOpen(false)}
                footer={
                  <button type="button" className="button button-primary" onClick={() => setSheetOpen(false)}>
                    {resultsLabel}
                  </button>
                }
              >
                {sheetOpen && <SearchFilters search={search} facets={lastResult?.facets} />}
              </Dialog>
              <ActiveFilters search={search} />
              <div className="search-results-layout" data-view={view}>
                <div aria-live="polite" aria-busy={loading} className="search-results">
                  {loading && (
                    <>
                      <p className="results-count skeleton-line" aria-hidden="true" />
                      <div className="doctor-list">
                        {Array.from({ length: 4 }, (_, i) => (
                          <div key={i} className="card skeleton-card" aria-hidden="true" />
                        ))}
                        <span className="visually-hidden">{MESSAGES.searching}</span>
                      </div>
                    </>
                  )}
                  {!loading && error && <CallFailed failure={error} onRetry={() => void refetch()} />}
                  {!loading && !error && result && (
                    <>
                      <p className="results-count" ref={countRef} tabIndex={-1}>
                        {result.notice && <span className="search-notice">{result.notice} </span>}
                        {result.totalCount === 0
                          ? `No listed veterinarians found ${where}${byDistance ? ` within ${result.radius ?? search.radius ?? DEFAULT_SEARCH_RADIUS} miles` : ''}.`
                          : `${countText(result.totalCount, result.totalCountCapped, 'veterinarian')} ${where}`}
                        {result.totalCount > 0 ? (ORDER_TEXT[result.sort ?? search.sort ?? 'recommended'] ?? '') : ''}
                      </p>
                      {result.totalCount === 0 && <EmptyResults search={search} result={result} />}
                      <ResultCards search={search} result={result} activeId={activeId} onActivate={setActiveId} cardRefs={cardRefs} />
                      {pages > 1 && (
                        <nav className="pager" aria-label="Result pages">
                          <button type="button" className="button" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                            Previous
                          </button>
                          <span>
                            Page {page} of {result.totalCountCapped ? `${pages}+` : pages}
                          </span>
                          <button type="button" className="button" disabled={page >= pages && !result.totalCountCapped} onClick={() => goTo(page + 1)}>
                            Next
                          </button>
                        </nav>
                      )}
                    </>
                  )}
                </div>
                <SearchMapPanel search={search} result={lastResult} activeId={activeId} onActivate={setActiveId} onSelect={selectMarker} view={view} />
              </div>
            </>
          )}
        </div>
      </section>
    </div>
  );
}
