// The booking calls of decisions.md section 18 (docs/product.md section 31): the practice's visit types, bookable
// hours, busy times and calendar feeds; a practice's free times; the owner's booking and its move. One slice, the
// contract's names and fields; the answers' extra fields are read as optional.
import { api } from '../../../lib/api';

export interface VisitType {
  id: number;
  name: string;
  minutes: number;
  species: string[];
  new_patients: boolean;
  price_from?: number | null;
}
/** A visit type as the practice edits it: no id until it is saved. */
export type VisitTypeDraft = Omit<VisitType, 'id'> & { id?: number };

export interface BookableHours {
  day: number;
  open: string;
  close: string;
}
export interface BookingSettings {
  enabled: boolean;
  step_minutes: number;
  capacity: number;
  lead_hours: number;
  horizon_days: number;
  confirm_each: boolean;
  hours: BookableHours[];
  busy_feed_url?: string | null;
}

export interface BookingSettingsAnswer extends BookingSettings {
  time_zone: string | null;
  /** When the calendar feed was last read, and why it could not be, if it could not. */
  feed_read_at: string | null;
  feed_error: string | null;
  next_available: string | null;
}

export interface BusyTime {
  id: number;
  start: string;
  end: string;
  note: string | null;
  source: 'manual' | 'feed' | string;
}

export interface Slot {
  start: string;
  label: string;
}
export interface Availability {
  time_zone: string;
  visit_type: VisitType;
  slots: Slot[];
}
export interface AvailabilityInput {
  doctor_id: number;
  visit_type_id: number;
  from: string;
  days: number;
}

export interface BookInput {
  doctor_id: number;
  visit_type_id: number;
  start: string;
  pet_id: number;
  reason: string;
}
export interface Booked {
  id: number;
  state: 'confirmed' | 'requested';
}

/** A list answer, whether the server wraps it in `data` or names it. */
function listOf<T>(answer: unknown, key: string): T[] {
  if (Array.isArray(answer)) return answer as T[];
  const record = (answer ?? {}) as Record<string, unknown>;
  const list = record.data ?? record[key];
  return Array.isArray(list) ? (list as T[]) : [];
}

const bookingApi = api.injectEndpoints({
  endpoints: (build) => ({
    visitTypes: build.query<VisitType[], void>({
      query: () => ({ url: '/user/visit-types', body: {}, silent: true }),
      transformResponse: (answer: unknown) => listOf<VisitType>(answer, 'visit_types'),
      providesTags: ['VisitTypes'],
    }),
    saveVisitTypes: build.mutation<unknown, { visit_types: VisitTypeDraft[] }>({
      query: (body) => ({ url: '/user/visit-types/save', body, silent: true }),
      invalidatesTags: (_r, error) => (error ? [] : ['VisitTypes', 'Availability']),
    }),
    // One call reads (an empty body) and saves (the fields given).
    bookingSettings: build.query<BookingSettingsAnswer, void>({
      query: () => ({ url: '/user/booking-settings', body: {}, silent: true }),
      providesTags: ['BookingSettings'],
    }),
    saveBookingSettings: build.mutation<unknown, BookingSettings>({
      query: (body) => ({ url: '/user/booking-settings', body, silent: true }),
      invalidatesTags: (_r, error) => (error ? [] : ['BookingSettings', 'Availability']),
    }),
    busyTimes: build.query<BusyTime[], { from: string; to: string }>({
      query: (body) => ({ url: '/user/busy', body, silent: true }),
      transformResponse: (answer: unknown) => listOf<BusyTime>(answer, 'busy'),
      providesTags: ['Busy'],
    }),
    addBusyTime: build.mutation<unknown, { start: string; end: string; note: string }>({
      query: (body) => ({ url: '/user/busy/add', body, silent: true }),
      invalidatesTags: (_r, error) => (error ? [] : ['Busy', 'Availability']),
    }),
    removeBusyTime: build.mutation<unknown, { id: number }>({
      query: (body) => ({ url: '/user/busy/remove', body, silent: true }),
      invalidatesTags: (_r, error) => (error ? [] : ['Busy', 'Availability']),
    }),
    calendarFeed: build.query<{ url: string }, void>({
      query: () => ({ url: '/user/calendar-feed', body: {}, silent: true }),
      providesTags: ['CalendarFeed'],
    }),
    rotateCalendarFeed: build.mutation<{ url: string }, void>({
      query: () => ({ url: '/user/calendar-feed/rotate', body: {}, silent: true }),
      invalidatesTags: (_r, error) => (error ? [] : ['CalendarFeed']),
    }),
    availability: build.query<Availability, AvailabilityInput>({
      query: (body) => ({ url: '/doctors/availability', body, silent: true }),
      providesTags: ['Availability'],
    }),
    book: build.mutation<Booked, BookInput>({
      query: (body) => ({ url: '/appointments/book', body, silent: true }),
      invalidatesTags: (_r, error) => (error ? ['Availability'] : ['Appointments', 'Availability']),
    }),
    reschedule: build.mutation<Booked, { id: number; start: string }>({
      query: (body) => ({ url: '/appointments/reschedule', body, silent: true }),
      invalidatesTags: (_r, error) => (error ? ['Availability'] : ['Appointments', 'Availability']),
    }),
  }),
});

export const {
  useVisitTypesQuery,
  useSaveVisitTypesMutation,
  useBookingSettingsQuery,
  useSaveBookingSettingsMutation,
  useBusyTimesQuery,
  useAddBusyTimeMutation,
  useRemoveBusyTimeMutation,
  useCalendarFeedQuery,
  useRotateCalendarFeedMutation,
  useAvailabilityQuery,
  useBookMutation,
  useRescheduleMutation,
} = bookingApi;

/** The next free times a 409 SLOT_TAKEN answer offers (decisions.md section 18), else undefined. */
export function takenAlternatives(failure: unknown): string[] | undefined {
  const f = failure as { status?: number; data?: { code?: string; alternatives?: unknown } } | undefined;
  if (f?.status !== 409 || f.data?.code !== 'SLOT_TAKEN') return undefined;
  const list = f.data.alternatives;
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
}

/** What a public profile adds for booking (decisions.md section 18); optional until every answer carries it. */
export interface ProfileBooking {
  visit_types?: VisitType[];
  next_available?: string | null;
}
