// Busy times and calendar links (decisions.md section 18): the practice's upcoming busy times (added by hand or read
// from its calendar feed), a form to add one (start, end, note, in the practice's own time), removal; and the private
// feed of its bookings for its own calendar, with copy and 'Make a new link'.
import { useMemo, useState, type FormEvent } from 'react';
import { zonedTime } from '../../../../shared/lib/appointment-rules';
import { formatInZone, formatTimeInZone, zoneName } from '../../../../shared/lib/formats';
import { shiftDate } from '../../../../shared/lib/special-hours';
import { FormFooter } from '../../../components/ui/form-error';
import { InputField } from '../../../components/ui/text-field';
import { fieldProps } from '../../../lib/field-props';
import { failureMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useAddBusyTimeMutation, useBusyTimesQuery, useCalendarFeedQuery, useRemoveBusyTimeMutation, useRotateCalendarFeedMutation } from '../api/booking';
import { now } from '../../../lib/clock';

/** A 'YYYY-MM-DDTHH:MM' typed in the practice's zone, as the moment it names (ISO, UTC). */
function fromLocalInput(value: string, timeZone: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [, y, m, d, h, min] = match.map(Number) as [number, number, number, number, number, number];
  return zonedTime(timeZone, y, m, d, h * 60 + min).toISOString();
}

export function BusyTimes({ timeZone }: { timeZone: string }) {
  // The window is fixed for the page's life: now to four months ahead (the longest horizon).
  const range = useMemo(() => {
    const from = now();
    return { from: from.toISOString(), to: new Date(`${shiftDate(from.toISOString().slice(0, 10), 121)}T00:00:00Z`).toISOString() };
  }, []);
  const { data: busy = [], isLoading } = useBusyTimesQuery(range);
  const [add, adding] = useAddBusyTimeMutation();
  const [remove] = useRemoveBusyTimeMutation();
  const [form, setForm] = useState({ start: '', end: '', note: '' });
  const field = fieldProps<keyof typeof form>(form, (name, value) => setForm((f) => ({ ...f, [name]: value })));
  const [problem, setProblem] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    const start = fromLocalInput(form.start, timeZone);
    const end = fromLocalInput(form.end, timeZone);
    if (!start || !end) return setProblem('Enter when the busy time starts and ends.');
    if (end <= start) return setProblem('The end must be after the start.');
    const answer = await add({ start, end, note: form.note.trim() });
    if (answer.error) return setProblem(failureMessage(answer.error, 'The busy time could not be added.'));
    setForm({ start: '', end: '', note: '' });
    toast.success('Busy time added.');
  };

  return (
    <div className="booking-form" aria-labelledby="busy-title" role="region">
      <h3 id="busy-title">Busy times</h3>
      <p className="muted">Times nobody can book: a staff meeting, a surgery morning. Times in {zoneName(timeZone, now())}.</p>
      {isLoading ? (
        <p role="status">Loading busy times…</p>
      ) : busy.length === 0 ? (
        <p className="empty-state">No busy times ahead.</p>
      ) : (
        <ul className="busy-list">
          {busy.map((item) => (
            <li key={`${item.source}-${item.id}`} className="spread-row busy-item">
              <span>
                <strong>{formatInZone(item.start, timeZone)}</strong> – {formatTimeInZone(item.end, timeZone)}
                {item.note ? ` · ${item.note}` : ''}
                {item.source === 'feed' && <span className="muted"> · from your calendar</span>}
              </span>
              {item.source !== 'feed' && (
                <button type="button" className="button button-danger" onClick={() => void remove({ id: item.id })}>
                  Remove<span className="visually-hidden"> the busy time of {formatInZone(item.start, timeZone)}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="busy-form" aria-label="Add a busy time" noValidate>
        <div className="form-row">
          <InputField id="busy-start" label="Starts" type="datetime-local" {...field('start')} />
          <InputField id="busy-end" label="Ends" type="datetime-local" {...field('end')} />
          <InputField id="busy-note" label="Note (optional)" maxLength={200} {...field('note')} />
        </div>
        <FormFooter problem={problem} label="Add busy time" busy={adding.isLoading} />
      </form>
    </div>
  );
}

export function CalendarFeed() {
  const { data, error } = useCalendarFeedQuery();
  const [rotate, rotating] = useRotateCalendarFeedMutation();
  const copy = async () => {
    if (!data) return;
    try {
      await navigator.clipboard.writeText(data.url);
      toast.success('Link copied.');
    } catch {
      toast.warning('Select the link and copy it.');
    }
  };
  return (
    <div className="booking-form" aria-labelledby="feed-title" role="region">
      <h3 id="feed-title">Your bookings in your calendar</h3>
      <p className="muted">
        Add this private link to Google Calendar (&lsquo;From URL&rsquo;), Apple Calendar or Outlook (&lsquo;Subscribe&rsquo;) to see every booking there.
        Anyone with the link sees your bookings: keep it to your staff.
      </p>
      {error && !data ? (
        <p>{failureMessage(error, 'The link could not be loaded.')}</p>
      ) : (
        <InputField id="feed-url" label="Private calendar link" readOnly value={data?.url ?? ''} onFocus={(e) => e.target.select()} />
      )}
      <div className="appointment-actions">
        <button type="button" className="button" disabled={!data} onClick={() => void copy()}>
          Copy link
        </button>
        <button
          type="button"
          className="button"
          disabled={rotating.isLoading}
          onClick={async () => {
            const answer = await rotate();
            if (!answer.error) toast.success('New link made: the old one no longer works.');
          }}
        >
          Make a new link
        </button>
      </div>
    </div>
  );
}
