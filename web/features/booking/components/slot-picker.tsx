// The day strip and the chosen day's free times (decisions.md section 18): today and the next 13 days of the
// practice, each a button, scrolling sideways on a phone; the free times of the chosen day as large buttons, in the
// practice's own time and labelled as such. Free times are asked only in the browser (they change by the minute);
// the server renders the frame.
import { useMemo } from 'react';
import { formatCalendarDate, formatTimeInZone, hoursZoneLine } from '../../../../shared/lib/formats';
import { localDateAt, shiftDate } from '../../../../shared/lib/special-hours';
import { failureMessage } from '../../../lib/api';
import { useHydrated } from '../../../lib/use-hydrated';
import { useAvailabilityQuery, type Slot } from '../api/booking';
import '../booking.css';
import { now } from '../../../lib/clock';

/** How many days the strip shows: today and the next 13 (the most one availability call answers). */
export const STRIP_DAYS = 14;

/** A slot's calendar date in the practice's zone. */
const slotDate = (start: string, timeZone: string) => localDateAt(timeZone, new Date(start))?.date ?? start.slice(0, 10);

export function SlotPicker({
  doctorId,
  visitTypeId,
  timeZone,
  day,
  chosen,
  onDay,
  onPick,
  label = 'Choose a time',
}: {
  doctorId: number;
  visitTypeId: number;
  timeZone: string;
  /** The chosen day ('YYYY-MM-DD'); undefined for the first day with free times. */
  day: string | undefined;
  /** The chosen time (ISO), marked as pressed. */
  chosen?: string | undefined;
  onDay: (day: string) => void;
  onPick: (slot: Slot) => void;
  label?: string;
}) {
  const hydrated = useHydrated();
  const today = hydrated ? localDateAt(timeZone, now())?.date : undefined;
  const { data, error, isFetching, refetch } = useAvailabilityQuery(
    { doctor_id: doctorId, visit_type_id: visitTypeId, from: today ?? '', days: STRIP_DAYS },
    { skip: !today, refetchOnMountOrArgChange: 30 },
  );
  const byDay = useMemo(() => {
    const map = new Map<string, Slot[]>();
    for (const slot of data?.slots ?? []) {
      const date = slotDate(slot.start, timeZone);
      map.set(date, [...(map.get(date) ?? []), slot]);
    }
    return map;
  }, [data, timeZone]);
  const days = today ? Array.from({ length: STRIP_DAYS }, (_, i) => shiftDate(today, i)) : [];
  const shown = day && days.includes(day) ? day : (days.find((d) => byDay.has(d)) ?? days[0]);
  const slots = shown ? (byDay.get(shown) ?? []) : [];

  return (
    <div className="slot-picker">
      <p className="slot-zone muted">{hoursZoneLine(timeZone, undefined, now())}</p>
      {!today || (isFetching && !data) ? (
        <p className="slot-loading" role="status">
          Loading free times…
        </p>
      ) : error ? (
        <div role="alert">
          <p>{failureMessage(error, 'The free times could not be loaded.')}</p>
          <button type="button" className="button" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <>
          <div className="day-strip" role="group" aria-label="Day">
            {days.map((date) => {
              const count = byDay.get(date)?.length ?? 0;
              return (
                <button key={date} type="button" className="day-button" aria-pressed={date === shown} data-day={date} onClick={() => onDay(date)}>
                  <span className="day-name">{date === today ? 'Today' : formatCalendarDate(date, { weekday: 'short', year: false }).split(',')[0]}</span>
                  <span className="day-date">{formatCalendarDate(date, { year: false })}</span>
                  <span className="day-count">{count ? `${count} free` : 'No times'}</span>
                </button>
              );
            })}
          </div>
          <div className="slot-times" role="group" aria-label={`${label}: ${shown ? formatCalendarDate(shown, { weekday: true, year: false }) : ''}`}>
            {slots.length === 0 ? (
              <p className="muted">No free times on this day. Choose another day.</p>
            ) : (
              slots.map((slot) => (
                <button
                  key={slot.start}
                  type="button"
                  className="slot-button"
                  aria-pressed={slot.start === chosen}
                  data-start={slot.start}
                  onClick={() => onPick(slot)}
                >
                  {formatTimeInZone(slot.start, timeZone)}
                </button>
              ))
            )}
          </div>
          {data && data.slots.length === 0 && <p className="muted">No free times in the next two weeks. Call the practice or send a request.</p>}
        </>
      )}
    </div>
  );
}
