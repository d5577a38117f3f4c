// /searchdoctor: results for the zip / city / state or the position of the URL (the one source of the search state,
// docs/product.md, Client state and flows), paged by searchCount and searchStart, nearest first near a zip or near you.
// On a phone the results come first (docs/product.md 21.1): the place form folds into a one-line summary, the
// filters into a sheet behind a 'Filters' button, and the map is a view the list toggles to. All of it is CSS
// over one markup (no width test in script), so the server's first screen and the browser's are the same.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../../shared/constants/messages';
import { DEFAULT_SEARCH_RADIUS, SEARCH_COUNT_CAP, SEARCH_RADII } from '../../../../shared/constants/search';
import type { DoctorSummary } from '../../../../shared/schemas/doctor';
import { addressLine } from '../../../../shared/lib/address';
import { PageHero } from '../../../components/ui/page-hero';
import { Dialog } from '../../../components/ui/dialog';
import { useAppDispatch } from '../../../app/store';
import { useSearchDoctorsQuery } from '../api/search-doctors';
import { DoctorBadges } from '../components/doctor-badges';
import { DoctorRating, ratingText } from '../../../components/ui/rating-stars';
import { responseTimeText } from '../../../../shared/lib/appointment-rules';
import { DoctorSearchForm } from '../components/doctor-search-form';
import { LazyClinicMap } from '../components/lazy-clinic-map';
import { SearchFilters } from '../components/search-filters';
import { FavoriteButton } from '../components/favorite-button';
import { filtersInUse, hasSearchTerms, isNearMe, searchBody, searchesByDistance, searchFromParams, searchPath } from '../search-params';
import { searchDoctor, type SearchState } from '../search-slice';

/** A search result's card; /myvets shows the same cards (docs/product.md section 21). */
export function DoctorCard({ doctor, active = false, onActivate }: { doctor: DoctorSummary; active?: boolean; onActivate?: (id: number | null) => void }) {
  const title = doctor.clinic_name ?? doctor.name;
  return (
    <article
      className={`card doctor-card${doctor.sponsored ? ' sponsored' : ''}${active ? ' active' : ''}`}
      data-doctor-id={doctor.id}
      onMouseEnter={() => onActivate?.(doctor.id)}
      onMouseLeave={() => onActivate?.(null)}
      onFocus={() => onActivate?.(doctor.id)}
      onBlur={() => onActivate?.(null)}
    >
      <div className="doctor-card-head">
        {doctor.avatar ? (
          <img className="avatar avatar-large" src={doctor.avatar} alt="" width={56} height={56} loading="lazy" />
        ) : (
          <span className="avatar avatar-large" aria-hidden="true">
            {title.replace(/^Dr\.\s*/, '').slice(0, 1)}
          </span>
        )}
        <div>
          <h2 className="doctor-clinic">{title}</h2>
          <p className="muted doctor-name">{doctor.name}</p>
          <DoctorRating doctor={doctor} />
          {doctor.response_time_hours !== null && <p className="muted response-time">{responseTimeText(doctor.response_time_hours)}</p>}
        </div>
        {doctor.distance !== null && <span className="distance">{doctor.distance.toFixed(1)} mi</span>}
        <FavoriteButton doctorId={doctor.id} name={title} />
      </div>
      <p className="doctor-address">{addressLine(doctor)}</p>
      <DoctorBadges doctor={doctor} openNow={doctor.open_now} />
      {doctor.species.length > 0 && <p className="muted">Treats: {doctor.species.join(', ')}</p>}
      <div className="actions">
        <Link className="button button-primary" to={`/viewdoctorprofile/${doctor.id}`} aria-label={`View profile of ${title}`}>
          View profile
        </Link>
        {doctor.contact_phone && (
          <a className="button" href={`tel:${doctor.contact_phone.replace(/[^\d+]/g, '')}`}>
            Call {doctor.contact_phone}
          </a>
        )}
      </div>
    </article>
  );
}

/** The next radius up, for an empty result (docs/product.md, Search). */
function widerRadius(current: number | undefined): number | null {
  const now = current ?? DEFAULT_SEARCH_RADIUS;
  return SEARCH_RADII.find((miles) => miles > now) ?? null;
}

/** The one line a phone shows for the place searched (docs/product.md 21.1). */
function placeSummary(search: SearchState): string {
  if (isNearMe(search)) return 'Near you';
  if (search.searchZipCode) return `Near ${search.searchZipCode}`;
  return [search.searchCity, search.searchState].filter(Boolean).join(', ');
}

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

  const { currentData: result, isFetching: loading, error } = useSearchDoctorsQuery(searchBody(search), { skip: !hasQuery });
  const [activeId, setActiveId] = useState<number | null>(null);
  // On a phone: whether the place form is unfolded, the filters sheet is open, and the list or the map is shown.
  const [placeOpen, setPlaceOpen] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [view, setView] = useState<'list' | 'map'>('list');
  const inUse = filtersInUse(search);
  const problem = error?.message;

  const where = nearMe ? 'near you' : `for ${[search.searchZipCode, search.searchCity, search.searchState].filter(Boolean).join(', ')}`;
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

  const wider = byDistance ? widerRadius(search.radius) : null;
  const countText = (n: number, capped: boolean | undefined) => (capped ? `${SEARCH_COUNT_CAP.toLocaleString('en-US')}+` : n.toLocaleString('en-US'));
  const points = (result?.data ?? [])
    .filter((d) => typeof d.latitude === 'number' && typeof d.longitude === 'number')
    .map((d) => ({ id: d.id, latitude: d.latitude as number, longitude: d.longitude as number, label: d.clinic_name ?? d.name, detail: ratingText(d) }));
  const resultsLabel = result && !loading ? `Show ${countText(result.totalCount, result.totalCountCapped)} results` : 'Show results';

  return (
    <div className={`search-page${hasQuery ? ' has-query' : ''}`}>
      <PageHero
        eyebrow="Directory"
        title="Search Doctor"
        documentTitle="Search Doctor"
        lead="Find veterinarians and animal hospitals by zip code, city or state."
      >
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
          {!hasQuery && <p className="empty-state">Enter a zip code, a city or a state above, or use your location, to see veterinarians near you.</p>}
          {hasQuery && (
            <>
              {/* Shown from 720 px; left out while the phone's sheet holds the filters, so there is one copy. */}
              {!sheetOpen && (
                <div className="search-filters-inline">
                  <SearchFilters search={search} />
                </div>
              )}
              <div className="search-toolbar">
                <button type="button" className="button filters-button" aria-haspopup="dialog" onClick={() => setSheetOpen(true)}>
                  Filters{inUse > 0 && <span className="filters-count"> ({inUse})</span>}
                </button>
                <div className="view-toggle" role="group" aria-label="Show the results as">
                  <button type="button" className="button" aria-pressed={view === 'list'} onClick={() => setView('list')}>
                    List
                  </button>
                  <button type="button" className="button" aria-pressed={view === 'map'} onClick={() => setView('map')}>
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
                {sheetOpen && <SearchFilters search={search} />}
              </Dialog>
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
                  {!loading && problem && (
                    <p className="notice" role="alert">
                      {problem}
                    </p>
                  )}
                  {!loading && !problem && result && (
                    <>
                      {result.notice && <p className="notice search-notice">{result.notice}</p>}
                      <p className="results-count" ref={countRef} tabIndex={-1}>
                        {result.totalCount === 0
                          ? `No listed veterinarians found ${where}${byDistance ? ` within ${result.radius ?? search.radius ?? DEFAULT_SEARCH_RADIUS} miles` : ''}.`
                          : `${countText(result.totalCount, result.totalCountCapped)} veterinarian${result.totalCount === 1 && !result.totalCountCapped ? '' : 's'} ${where}`}
                        {byDistance && result.totalCount > 0 && (result.sort ?? search.sort ?? 'distance') === 'distance' ? ', nearest first' : ''}
                        {result.totalCount > 0 && (result.sort ?? search.sort) === 'rating' ? ', highest rated first' : ''}
                      </p>
                      {result.totalCount === 0 && (
                        <div className="empty-state">
                          {wider ? (
                            <>
                              <p>Try a wider area, or fewer filters.</p>
                              <button
                                type="button"
                                className="button button-primary"
                                onClick={() => navigate(searchPath({ ...search, radius: wider, searchStart: 0 }))}
                              >
                                Search within {wider} miles
                              </button>
                            </>
                          ) : (
                            <p>Try fewer filters, or a nearby city or state.</p>
                          )}
                        </div>
                      )}
                      <div className="doctor-list">
                        {result.data.map((doctor) => (
                          <DoctorCard key={`${doctor.id}-${doctor.sponsored}`} doctor={doctor} active={activeId === doctor.id} onActivate={setActiveId} />
                        ))}
                      </div>
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
                <aside className="search-map" aria-label="Map of the results">
                  {/* Loaded once the box shows: beside the list on a wide screen, on a phone when 'Map' is chosen
                      (a new map each time, as Leaflet cannot measure a box that was hidden). */}
                  <LazyClinicMap
                    key={view}
                    whenVisible
                    points={loading ? [] : points}
                    activeId={activeId}
                    onActivate={setActiveId}
                    label="Map of the veterinarians on this page"
                    zoom={12}
                  />
                </aside>
              </div>
            </>
          )}
        </div>
      </section>
    </div>
  );
}
