// Request and answer schemas of booking a real time (docs/product.md section 30; contract section 18):
// visit types, booking settings, busy times, the calendar feed, availability, book and reschedule.
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common';
import { ISO_WITH_OFFSET } from '../lib/appointment-rules';
import { BOOKING_LIMITS } from '../lib/booking-rules';

const strict = { additionalProperties: false } as const;
const Time = Type.String({
  pattern: ISO_WITH_OFFSET,
  title: 'time',
  errorMessage: 'Give each time as a date and time with its time zone offset, for example 2026-03-02T10:30:00-05:00.',
});
const Clock = Type.String({
  pattern: '^(([01]\\d|2[0-3]):[0-5]\\d|24:00)$',
  title: 'time of day',
  errorMessage: 'Give times of day as HH:MM, for example 09:00.',
});

export const VisitTypeSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  minutes: Type.Integer(),
  species: Type.Array(Type.String()),
  new_patients: Type.Boolean(),
  price_from: Type.Union([Type.Integer(), Type.Null()]),
});
export type VisitType = Static<typeof VisitTypeSchema>;
export const VisitTypesAnswer = Type.Object({ data: Type.Array(VisitTypeSchema) });
export type VisitTypesAnswer = Static<typeof VisitTypesAnswer>;

const VisitTypeInput = Type.Object(
  {
    id: Type.Optional(Id),
    name: Type.String({
      minLength: BOOKING_LIMITS.visitNameMin,
      maxLength: BOOKING_LIMITS.visitNameMax,
      format: 'person-name',
      title: 'visit name',
      errorMessage: `Name each visit type in ${BOOKING_LIMITS.visitNameMin} to ${BOOKING_LIMITS.visitNameMax} characters on one line.`,
    }),
    minutes: Type.Integer({
      minimum: BOOKING_LIMITS.minutesMin,
      maximum: BOOKING_LIMITS.minutesMax,
      title: 'length',
      errorMessage: `A visit lasts ${BOOKING_LIMITS.minutesMin} to ${BOOKING_LIMITS.minutesMax} minutes.`,
    }),
    species: Type.Array(Type.String({ minLength: 1, maxLength: 40, format: 'person-name' }), { maxItems: 20, title: 'species' }),
    new_patients: Type.Boolean({ title: 'new patients' }),
    price_from: Type.Optional(
      Type.Union([
        Type.Integer({ minimum: 0, maximum: BOOKING_LIMITS.priceMax, title: 'price', errorMessage: 'Give the price as whole dollars, for example 45.' }),
        Type.Null(),
      ]),
    ),
  },
  strict,
);
export const VisitTypesSaveBody = Type.Object(
  {
    visit_types: Type.Array(VisitTypeInput, {
      maxItems: BOOKING_LIMITS.visitTypesMax,
      title: 'visit types',
      errorMessage: `Keep to ${BOOKING_LIMITS.visitTypesMax} visit types or fewer.`,
    }),
  },
  strict,
);
export type VisitTypesSaveInput = Static<typeof VisitTypesSaveBody>;

export const BookableHoursSchema = Type.Object(
  { day: Type.Integer({ minimum: 0, maximum: 6, title: 'day', errorMessage: 'Days are numbered 0 (Sunday) to 6 (Saturday).' }), open: Clock, close: Clock },
  strict,
);

const settingsFields = {
  enabled: Type.Boolean({ title: 'enabled' }),
  step_minutes: Type.Union([Type.Literal(10), Type.Literal(15), Type.Literal(20), Type.Literal(30)], {
    title: 'step',
    errorMessage: 'Offer times every 10, 15, 20 or 30 minutes.',
  }),
  capacity: Type.Integer({
    minimum: 1,
    maximum: BOOKING_LIMITS.capacityMax,
    title: 'capacity',
    errorMessage: `Take 1 to ${BOOKING_LIMITS.capacityMax} visits at once.`,
  }),
  lead_hours: Type.Integer({
    minimum: 0,
    maximum: BOOKING_LIMITS.leadHoursMax,
    title: 'lead time',
    errorMessage: `Lead time is 0 to ${BOOKING_LIMITS.leadHoursMax} hours.`,
  }),
  horizon_days: Type.Integer({
    minimum: BOOKING_LIMITS.horizonDaysMin,
    maximum: BOOKING_LIMITS.horizonDaysMax,
    title: 'horizon',
    errorMessage: `Take bookings ${BOOKING_LIMITS.horizonDaysMin} to ${BOOKING_LIMITS.horizonDaysMax} days ahead.`,
  }),
  confirm_each: Type.Boolean({ title: 'confirm each' }),
  hours: Type.Array(BookableHoursSchema, { maxItems: BOOKING_LIMITS.hoursMax, title: 'bookable hours' }),
  busy_feed_url: Type.Union([Type.String({ maxLength: 2000, title: 'calendar feed' }), Type.Null()]),
};
/** An empty body reads the settings; any field given saves it (the others keep their values). */
export const BookingSettingsBody = Type.Object(
  {
    enabled: Type.Optional(settingsFields.enabled),
    step_minutes: Type.Optional(settingsFields.step_minutes),
    capacity: Type.Optional(settingsFields.capacity),
    lead_hours: Type.Optional(settingsFields.lead_hours),
    horizon_days: Type.Optional(settingsFields.horizon_days),
    confirm_each: Type.Optional(settingsFields.confirm_each),
    hours: Type.Optional(settingsFields.hours),
    busy_feed_url: Type.Optional(settingsFields.busy_feed_url),
  },
  strict,
);
export type BookingSettingsInput = Static<typeof BookingSettingsBody>;
export const BookingSettingsAnswer = Type.Object({
  ...settingsFields,
  time_zone: Type.Union([Type.String(), Type.Null()]),
  feed_read_at: Type.Union([Type.String(), Type.Null()]),
  feed_error: Type.Union([Type.String(), Type.Null()]),
  next_available: Type.Union([Type.String(), Type.Null()]),
});
export type BookingSettingsAnswer = Static<typeof BookingSettingsAnswer>;

export const BusyTimeSchema = Type.Object({
  id: Type.Integer(),
  start: Type.String(),
  end: Type.String(),
  note: Type.String(),
  source: Type.Union([Type.Literal('manual'), Type.Literal('feed')]),
});
export type BusyTime = Static<typeof BusyTimeSchema>;
export const BusyListBody = Type.Object({ from: Time, to: Time }, strict);
export const BusyListAnswer = Type.Object({ data: Type.Array(BusyTimeSchema) });
export type BusyListAnswer = Static<typeof BusyListAnswer>;
export const BusyAddBody = Type.Object(
  {
    start: Time,
    end: Time,
    note: Type.Optional(
      Type.String({
        maxLength: BOOKING_LIMITS.busyNoteMax,
        format: 'person-name',
        title: 'note',
        errorMessage: `Keep the note to ${BOOKING_LIMITS.busyNoteMax} characters on one line.`,
      }),
    ),
  },
  strict,
);
export type BusyAddInput = Static<typeof BusyAddBody>;
export const BusyRemoveBody = Type.Object({ id: Id }, strict);
export const CalendarFeedAnswer = Type.Object({ url: Type.String() });

export const AvailabilityBody = Type.Object(
  {
    doctor_id: Id,
    visit_type_id: Id,
    from: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', title: 'from', errorMessage: 'Give the first day as YYYY-MM-DD.' })),
    days: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: BOOKING_LIMITS.availabilityDaysMax,
        title: 'days',
        errorMessage: `Ask for 1 to ${BOOKING_LIMITS.availabilityDaysMax} days.`,
      }),
    ),
  },
  strict,
);
export type AvailabilityInput = Static<typeof AvailabilityBody>;
export const SlotSchema = Type.Object({ start: Type.String(), label: Type.String() });
export const AvailabilityAnswer = Type.Object({ time_zone: Type.String(), visit_type: VisitTypeSchema, slots: Type.Array(SlotSchema) });
export type AvailabilityAnswer = Static<typeof AvailabilityAnswer>;

export const BookBody = Type.Object(
  {
    doctor_id: Id,
    visit_type_id: Id,
    start: Time,
    pet_id: Id,
    reason: Type.String({
      minLength: 10,
      maxLength: 1000,
      format: 'safe-text',
      title: 'reason',
      errorMessage: 'Describe the reason for the visit in 10 to 1,000 characters.',
    }),
  },
  strict,
);
export type BookInput = Static<typeof BookBody>;
export const RescheduleBody = Type.Object({ id: Id, start: Time }, strict);
export type RescheduleInput = Static<typeof RescheduleBody>;
