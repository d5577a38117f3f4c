// /myvets (docs/product.md section 21): the practices the account saved with the heart, newest first, as the search's
// cards with their open-now state, twenty to a page. A practice that is not listed now is left out until it is again.
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHero } from '../../../components/ui/page-hero';
import { Pagination } from '../../../components/ui/pagination';
import { useFavoritesQuery } from '../api/favorites';
import { DoctorCard } from './search-doctor-page';

const PAGE_SIZE = 20;

export default function MyVetsPage() {
  const [page, setPage] = useState(1);
  // Read fresh each time the page opens: a practice may have stopped (or started again) being listed.
  const { currentData: data, isError } = useFavoritesQuery(undefined, { refetchOnMountOrArgChange: true });
  const cards = data?.data ?? [];
  const last = Math.max(1, Math.ceil(cards.length / PAGE_SIZE));
  const shown = cards.slice((Math.min(page, last) - 1) * PAGE_SIZE, Math.min(page, last) * PAGE_SIZE);
  return (
    <>
      <PageHero eyebrow="Your account" title="My vets" lead="The practices you saved, with whether they are open now." />
      <section className="section">
        <div className="container narrow">
          {isError ? (
            <p className="notice" role="alert">
              Your saved practices could not be loaded. Please reload the page to try again.
            </p>
          ) : !data ? (
            <div aria-busy="true">
              <span className="visually-hidden">Loading your saved practices…</span>
              {[0, 1].map((i) => (
                <div key={i} className="card skeleton-card" aria-hidden="true" />
              ))}
            </div>
          ) : cards.length === 0 ? (
            <div className="empty-state">
              <p>You have not saved any practices yet. Tap the heart on a practice to keep it here.</p>
              <Link className="button button-primary" to="/searchdoctor">
                Find a vet
              </Link>
            </div>
          ) : (
            <>
              <p className="results-count">
                {cards.length} saved practice{cards.length === 1 ? '' : 's'}
              </p>
              <div className="doctor-list">
                {shown.map((doctor) => (
                  <DoctorCard key={doctor.id} doctor={doctor} />
                ))}
              </div>
              {cards.length > PAGE_SIZE && (
                <Pagination page={Math.min(page, last)} pageSize={PAGE_SIZE} total={cards.length} onChange={(next) => setPage(next)} />
              )}
            </>
          )}
        </div>
      </section>
    </>
  );
}
