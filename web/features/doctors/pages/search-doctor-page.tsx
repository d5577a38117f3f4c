// /searchdoctor: results for the zip / city / state of the URL (the one source of the search state,
// docs/product.md, Client state and flows), paged by searchCount and searchStart, nearest first when a zip is given.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../../shared/constants/messages';
import { DEFAULT_SEARCH_RADIUS, SEARCH_COUNT_CAP, SEARCH_RADII } from '../../../../shared/constants/search';
import type { DoctorSummary } from '../../../../shared/schemas/doctor';
import { addressLine } from '../../../../shared/lib/address';
import { PageHero } from '../../../components/ui/page-hero';
import { useAppDispatch } from '../../../app/store';
import { useSearchDoctorsQuery } from '../api/search-doctors';
import { DoctorBadges } from '../components/doctor-badges';
import { DoctorRating, ratingText } from '../../../components/ui/rating-stars';
import { responseTimeText } from '../../../../shared/lib/appointment-rules';
import { DoctorSearchForm } from '../components/doctor-search-form';
import { LazyClinicMap } from '../components/lazy-clinic-map';
import { SearchFilters } from '../components/search-filters';
import { hasSearchTerms, searchBody, searchFromParams, searchPath } from '../search-params';
import { searchDoctor } from '../search-slice';

function DoctorCard({ doctor, active, onActivate }: { doctor: DoctorSummary; active: boolean; onActivate: (id: number | null) => void }) {
  const title = doctor.clinic_name ?? doctor.name;
  return (
    <article
      className={`card doctor-card${doctor.sponsored ? ' sponsored' : ''}${active ? ' active' : ''}`}
      data-doctor-id={doctor.id}
      onMouseEnter={() => onActivate(doctor.id)}
      onMouseLeave={() => onActivate(null)}
      onFocus={() => onActivate(doctor.id)}
      onBlur={() => onActivate(null)}
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

export default function SearchDoctorPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const paramsKey = params.toString();
  const search = useMemo(() => searchFromParams(new URLSearchParams(paramsKey)), [paramsKey]);
  const hasQuery = hasSearchTerms(search);

  // The Redux search state follows the URL (docs/product.md, Client state and flows names that state).
  useEffect(() => {
    dispatch(searchDoctor(search));
  }, [search, dispatch]);

  const { currentData: result, isFetching: loading, error } = useSearchDoctorsQuery(searchBody(search), { skip: !hasQuery });
  const [activeId, setActiveId] = useState<number | null>(null);
  const problem = error?.message;

  const where = [search.searchZipCode, search.searchCity, search.searchState].filter(Boolean).join(', ');
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

  const wider = search.searchZipCode ? widerRadius(search.radius) : null;
  const countText = (n: number, capped: boolean | undefined) => (capped ? `${SEARCH_COUNT_CAP.toLocaleString('en-US')}+` : n.toLocaleString('en-US'));
  const points = (result?.data ?? [])
    .filter((d) => typeof d.latitude === 'number' && typeof d.longitude === 'number')
    .map((d) => ({ id: d.id, latitude: d.latitude as number, longitude: d.longitude as number, label: d.clinic_name ?? d.name, detail: ratingText(d) }));

  return (
    <>
      <PageHero
        eyebrow="Directory"
        title="Search Doctor"
        documentTitle="Search Doctor"
        lead="Find veterinarians and animal hospitals by zip code, city or state."
      >
        <DoctorSearchForm submitLabel="Search" />
      </PageHero>
      <section className="section">
        <div className="container">
          {!hasQuery && <p className="empty-state">Enter a zip code, a city or a state above to see veterinarians near you.</p>}
          {hasQuery && (
            <>
              <SearchFilters search={search} />
              <div className="search-results-layout">
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
                          ? `No listed veterinarians found for ${where}${search.searchZipCode ? ` within ${result.radius ?? search.radius ?? DEFAULT_SEARCH_RADIUS} miles` : ''}.`
                          : `${countText(result.totalCount, result.totalCountCapped)} veterinarian${result.totalCount === 1 && !result.totalCountCapped ? '' : 's'} for ${where}`}
                        {search.searchZipCode && result.totalCount > 0 && (result.sort ?? search.sort ?? 'distance') === 'distance' ? ', nearest first' : ''}
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
                  <LazyClinicMap
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
    </>
  );
}
