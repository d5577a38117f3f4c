// The cards of one page of results (docs/product.md, Search). With 'Open now', practices whose hours are not listed
// are never dropped silently (decisions section 20): listed after the open ones under 'Hours not listed: call to
// check', or offered with one tap.
import { useNavigate } from 'react-router';
import type { DoctorSearchAnswer } from '../../../../shared/schemas/doctor';
import { countOf } from '../../../../shared/lib/formats';
import { searchPath } from '../search-params';
import type { SearchState } from '../search-slice';
import { DoctorCard } from './doctor-card';
import './search-filters.css';

export interface ResultCardsProps {
  search: SearchState;
  result: DoctorSearchAnswer;
  activeId: number | null;
  onActivate: (id: number | null) => void;
  /** The card elements by practice id, so a chosen marker can bring its card into view. */
  cardRefs: Map<number, HTMLElement>;
}

export function ResultCards({ search, result, activeId, onActivate, cardRefs }: ResultCardsProps) {
  const navigate = useNavigate();
  const grouped = search.openNow && search.includeHoursUnknown;
  const open = grouped ? result.data.filter((d) => d.open_now !== null) : result.data;
  const unknown = grouped ? result.data.filter((d) => d.open_now === null) : [];
  const hidden = search.openNow && !search.includeHoursUnknown ? (result.hours_unknown_count ?? 0) : 0;
  const card = (doctor: DoctorSearchAnswer['data'][number]) => (
    <DoctorCard
      key={`${doctor.id}-${doctor.sponsored}`}
      ref={(element) => {
        if (element && !doctor.sponsored) cardRefs.set(doctor.id, element);
      }}
      doctor={doctor}
      active={activeId === doctor.id}
      onActivate={onActivate}
    />
  );
  return (
    <>
      {open.length > 0 && <div className="doctor-list">{open.map(card)}</div>}
      {unknown.length > 0 && (
        <section aria-labelledby="hours-unknown-heading">
          <h2 id="hours-unknown-heading" className="hours-unknown-heading">
            Hours not listed: call to check
          </h2>
          <div className="doctor-list">{unknown.map(card)}</div>
        </section>
      )}
      {hidden > 0 && (
        <div className="hours-unknown-offer">
          <p>{countOf(hidden, 'more practice matches but does', 'more practices match but do')} not list opening hours.</p>
          <button type="button" className="button" onClick={() => navigate(searchPath({ ...search, includeHoursUnknown: true, searchStart: 0 }))}>
            Show {countOf(hidden, 'practice')} whose hours are not listed
          </button>
        </div>
      )}
    </>
  );
}
