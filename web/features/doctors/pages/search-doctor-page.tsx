// /searchdoctor: results for the zip / city / state of the URL (the one source of the search state,
// docs/product.md, Client state and flows), paged by searchCount and searchStart, nearest first when a zip is given.
import { useEffect, useMemo, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../../shared/constants/messages';
import type { DoctorSummary } from '../../../../shared/schemas/doctor';
import { PageHero } from '../../../components/ui/page-hero';
import { useAppDispatch } from '../../../app/store';
import { useSearchDoctorsQuery } from '../api/search-doctors';
import { DoctorBadges } from '../components/doctor-badges';
import { DoctorSearchForm } from '../components/doctor-search-form';
import { hasSearchTerms, searchFromParams, searchPath } from '../search-params';
import { searchDoctor } from '../search-slice';

function DoctorCard({ doctor }: { doctor: DoctorSummary }) {
  return (
    <article className={`card doctor-card${doctor.sponsored ? ' sponsored' : ''}`}>
      <div className="doctor-card-head">
        <span className="avatar avatar-large" aria-hidden="true">
          {(doctor.clinic_name ?? doctor.name).replace(/^Dr\.\s*/, '').slice(0, 1)}
        </span>
        <div>
          <h2 className="doctor-clinic">{doctor.clinic_name ?? doctor.name}</h2>
          <p className="muted doctor-name">{doctor.name}</p>
        </div>
        {doctor.distance !== null && <span className="distance">{doctor.distance.toFixed(1)} mi</span>}
      </div>
      <p className="doctor-address">{[doctor.street, doctor.city, doctor.state && `${doctor.state} ${doctor.zip ?? ''}`.trim()].filter(Boolean).join(', ')}</p>
      <DoctorBadges doctor={doctor} />
      {doctor.species.length > 0 && <p className="muted">Treats: {doctor.species.join(', ')}</p>}
      <div className="actions">
        <Link className="button button-primary" to={`/viewdoctorprofile/${doctor.id}`} aria-label={`View profile of ${doctor.clinic_name ?? doctor.name}`}>
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

  const { currentData: result, isFetching: loading, error } = useSearchDoctorsQuery(search, { skip: !hasQuery });
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

  return (
    <>
      <PageHero eyebrow="Directory" title="Search Doctor" documentTitle="Search Doctor" lead="Find veterinarians and animal hospitals by zip code, city or state.">
        <DoctorSearchForm submitLabel="Search" />
      </PageHero>
      <section className="section">
        <div className="container">
          {!hasQuery && <p className="empty-state">Enter a zip code, a city or a state above to see veterinarians near you.</p>}
          {hasQuery && (
            <div aria-live="polite" aria-busy={loading}>
              {loading && (
                <div className="doctor-list">
                  {Array.from({ length: 3 }, (_, i) => (
                    <div key={i} className="card skeleton-card" aria-hidden="true" />
                  ))}
                  <span className="visually-hidden">{MESSAGES.searching}</span>
                </div>
              )}
              {!loading && problem && (
                <p className="notice" role="alert">
                  {problem}
                </p>
              )}
              {!loading && !problem && result && (
                <>
                  <p className="results-count" ref={countRef} tabIndex={-1}>
                    {result.totalCount === 0 ? `No listed veterinarians found for ${where}.` : `${result.totalCount} veterinarian${result.totalCount === 1 ? '' : 's'} for ${where}`}
                    {search.searchZipCode && result.totalCount > 0 ? ', nearest first' : ''}
                  </p>
                  <div className="doctor-list">
                    {result.data.map((doctor) => (
                      <DoctorCard key={`${doctor.id}-${doctor.sponsored}`} doctor={doctor} />
                    ))}
                  </div>
                  {pages > 1 && (
                    <nav className="pager" aria-label="Result pages">
                      <button type="button" className="button" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                        Previous
                      </button>
                      <span>
                        Page {page} of {pages}
                      </span>
                      <button type="button" className="button" disabled={page >= pages} onClick={() => goTo(page + 1)}>
                        Next
                      </button>
                    </nav>
                  )}
                </>
              )}
            </div>
          )}
        </div>
      </section>
    </>
  );
}
