// When owners may book (decisions.md section 18): on or off, the bookable hours of each weekday inside the opening
// hours, the step between start times, how many visits at once, how soon and how far ahead, whether the practice
// confirms each booking, and a calendar feed whose events are busy times.
import { useEffect, useState, type FormEvent } from 'react';
import { DAY_NAMES, DAYS } from '../../../../shared/constants/days';
import { MESSAGES } from '../../../../shared/constants/messages';
import { formatHours } from '../../../../shared/lib/formats';
import type { DayHours } from '../../../../shared/lib/opening-hours';
import { FormFooter } from '../../../components/ui/form-error';
import { InputField, SelectField } from '../../../components/ui/text-field';
import { failureMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useBookingSettingsQuery, useSaveBookingSettingsMutation, type BookingSettings } from '../api/booking';

const STEPS = [10, 15, 20, 30];
/** The contract's weekday numbers: 0 is Sunday. */
const WEEK: Array<{ number: number; key: (typeof DAYS)[number] }> = [
  { number: 1, key: 'mon' },
  { number: 2, key: 'tue' },
  { number: 3, key: 'wed' },
  { number: 4, key: 'thu' },
  { number: 5, key: 'fri' },
  { number: 6, key: 'sat' },
  { number: 0, key: 'sun' },
];

interface DayRow {
  on: boolean;
  open: string;
  close: string;
}

const DEFAULTS: Omit<BookingSettings, 'hours'> = {
  enabled: true,
  step_minutes: 15,
  capacity: 1,
  lead_hours: 2,
  horizon_days: 30,
  confirm_each: false,
  busy_feed_url: '',
};

/** The saved bookable hours, or the opening hours when none are saved yet. */
function dayRows(settings: BookingSettings | undefined, opening: DayHours[]): Record<number, DayRow> {
  const rows: Record<number, DayRow> = {};
  for (const { number, key } of WEEK) {
    const saved = settings?.hours.find((h) => h.day === number);
    const open = opening.find((h) => h.day === key && !h.closed);
    rows[number] = saved
      ? { on: true, open: saved.open, close: saved.close }
      : { on: !settings?.hours.length && Boolean(open), open: open?.open ?? '09:00', close: open?.close ?? '17:00' };
  }
  return rows;
}

export function BookingHoursForm({ opening }: { opening: DayHours[] }) {
  const { data, isLoading, error } = useBookingSettingsQuery();
  const [save, saving] = useSaveBookingSettingsMutation();
  const [values, setValues] = useState<Omit<BookingSettings, 'hours'>>(DEFAULTS);
  const [days, setDays] = useState<Record<number, DayRow>>(() => dayRows(undefined, opening));
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    // A practice that has never saved them gets the defaults (a 404 or an empty answer).
    if (data && typeof data.step_minutes === 'number') {
      const { enabled, step_minutes, capacity, lead_hours, horizon_days, confirm_each, busy_feed_url } = data;
      setValues({ enabled, step_minutes, capacity, lead_hours, horizon_days, confirm_each, busy_feed_url: busy_feed_url ?? '' });
      setDays(dayRows(data, opening));
    }
  }, [data, opening]);
  if (isLoading) return <p role="status">Loading your booking settings…</p>;

  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => setValues((v) => ({ ...v, [key]: value }));
  /** A number box's value and change. */
  const numberProps = (key: 'step_minutes' | 'capacity' | 'lead_hours' | 'horizon_days') => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => set(key, Number(e.target.value)),
  });
  const setDay = (day: number, update: Partial<DayRow>) => setDays((all) => ({ ...all, [day]: { ...all[day]!, ...update } }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    const feed = (values.busy_feed_url ?? '').trim();
    if (feed && !/^https:\/\/\S+$/i.test(feed)) return setProblem('Enter the calendar link as an https:// address, or leave it empty.');
    const hours = WEEK.filter(({ number }) => days[number]!.on).map(({ number }) => ({ day: number, open: days[number]!.open, close: days[number]!.close }));
    const body: BookingSettings = { ...values, busy_feed_url: feed || null, hours };
    const answer = await save(body);
    if (answer.error) return setProblem(failureMessage(answer.error, 'The booking settings could not be saved.'));
    toast.success(MESSAGES.saved);
  };

  return (
    <form className="booking-form" onSubmit={submit} aria-labelledby="booking-hours-title" noValidate>
      <h3 id="booking-hours-title">When owners can book</h3>
      {error && !data && <p className="muted">Online booking is not set up yet: choose your hours and save.</p>}
      <label className="choice">
        <input type="checkbox" checked={values.enabled} onChange={(e) => set('enabled', e.target.checked)} />
        Take online bookings
      </label>
      <fieldset className="booking-days">
        <legend>Bookable hours (inside your opening hours)</legend>
        {WEEK.map(({ number, key }) => {
          const open = opening.find((h) => h.day === key && !h.closed);
          const row = days[number]!;
          return (
            <div key={number} className="booking-day">
              <label className="choice">
                <input type="checkbox" checked={row.on} disabled={!open} onChange={(e) => setDay(number, { on: e.target.checked })} />
                {DAY_NAMES[key]}
              </label>
              {open ? (
                <span className="booking-day-times">
                  <label>
                    <span className="visually-hidden">{DAY_NAMES[key]} from</span>
                    <input type="time" value={row.open} disabled={!row.on} step={300} onChange={(e) => setDay(number, { open: e.target.value })} />
                  </label>
                  <span aria-hidden="true">to</span>
                  <label>
                    <span className="visually-hidden">{DAY_NAMES[key]} to</span>
                    <input type="time" value={row.close} disabled={!row.on} step={300} onChange={(e) => setDay(number, { close: e.target.value })} />
                  </label>
                  <span className="muted small">Open {formatHours(open.open, open.close)}</span>
                </span>
              ) : (
                <span className="muted small">Closed</span>
              )}
            </div>
          );
        })}
      </fieldset>
      <div className="form-row">
        <SelectField id="booking-step" label="A visit can start every" {...numberProps('step_minutes')}>
          {STEPS.map((m) => (
            <option key={m} value={m}>
              {m} minutes
            </option>
          ))}
        </SelectField>
        <InputField id="booking-capacity" label="Visits at the same time" type="number" min={1} max={20} {...numberProps('capacity')} />
        <InputField id="booking-lead" label="Earliest booking (hours ahead)" type="number" min={0} max={72} {...numberProps('lead_hours')} />
        <InputField id="booking-horizon" label="Latest booking (days ahead)" type="number" min={7} max={120} {...numberProps('horizon_days')} />
      </div>
      <label className="choice">
        <input type="checkbox" checked={values.confirm_each} onChange={(e) => set('confirm_each', e.target.checked)} />I confirm each booking myself (owners see
        &lsquo;requested&rsquo; until I do)
      </label>
      <InputField
        id="booking-feed"
        label="Busy times from your calendar (optional)"
        type="url"
        inputMode="url"
        placeholder="https://calendar.example.com/….ics"
        aria-describedby="booking-feed-help"
        value={values.busy_feed_url ?? ''}
        onChange={(e) => set('busy_feed_url', e.target.value)}
        hint={
          <>
            <p id="booking-feed-help" className="muted small">
              The private iCalendar (.ics) link of your Google, Apple or Outlook calendar. We read it every 10 minutes; its events are not bookable.
            </p>
            {data?.feed_error && (
              <p className="form-error" role="status">
                Your calendar could not be read: {data.feed_error}
              </p>
            )}
          </>
        }
      />
      <FormFooter problem={problem} label="Save booking hours" busy={saving.isLoading} primary />
    </form>
  );
}
