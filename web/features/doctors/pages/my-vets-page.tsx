// /myvets (docs/product.md section 21): the practices the account saved with the heart, newest first, as the search's
// cards with their open-now state, twenty to a page. A practice that is not listed now is left out until it is again.
import { countOf } from '../../../../shared/lib/formats';
import { useState } from 'react';
import { AccountPageFrame, ListShell, type ListTexts } from '../../../components/ui/list-shell';
import { paths } from '../../../../shared/routes';
import { useFavoritesQuery } from '../api/favorites';
import { DoctorCard } from '../components/doctor-card';
import '../doctors.css';

const PAGE_SIZE = 20;
const FIND = { to: paths.searchDoctor, label: 'Find a vet' };
const TEXTS: ListTexts = {
  empty: { text: 'You have not saved any practices yet. Tap the heart on a practice to keep it here.', action: FIND },
  failure: 'Your saved practices could not be loaded.',
  loading: 'Loading your saved practices…',
};

export default function MyVetsPage() {
  const [page, setPage] = useState(1);
  // Read fresh each time the page opens: a practice may have stopped (or started again) being listed.
  const query = useFavoritesQuery(undefined, { refetchOnMountOrArgChange: true });
  const cards = query.currentData?.data;
  const last = Math.max(1, Math.ceil((cards?.length ?? 0) / PAGE_SIZE));
  const current = Math.min(page, last);
  return (
    <AccountPageFrame title="My vets" lead="The practices you saved, with whether they are open now.">
      <ListShell total={cards?.length} pager={{ page: current, pageSize: PAGE_SIZE, onChange: setPage }} query={query} texts={TEXTS}>
        <p className="results-count">{countOf(cards?.length ?? 0, 'saved practice')}</p>
        <div className="doctor-list">
          {cards?.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE).map((doctor) => (
            <DoctorCard key={doctor.id} doctor={doctor} />
          ))}
        </div>
      </ListShell>
    </AccountPageFrame>
  );
}
