// Booking a real time as part of the appointments area (docs/product.md section 30; decision 195):
// `fastify.appointments.booking.<command>` with its dependencies bound, and the two sweeps every app server
// runs: next_available as time passes (every 5 minutes) and the calendar feeds (claimed one server each,
// every 10 minutes a feed).
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../users/index';
import type {
  AvailabilityInput,
  BookingSettingsInput,
  BookInput,
  BusyAddInput,
  RescheduleInput,
  VisitTypesSaveInput,
} from '../../../../shared/schemas/booking';
import type { AppointmentDeps } from './appointment-deps';
import type { BookingDeps } from './booking-deps';
import { addBusy, calendarFeedUrl, listBusy, listVisitTypes, readSettings, removeBusy, saveSettings, saveVisitTypes } from './booking-settings';
import { availability, book, reschedule } from './booking-commands';
import { calendarFile } from './calendar-feed';
import { dueForRefresh, storeNext } from './next-available';
import { claimDueFeeds, readFeed } from './busy-feed';

const NEXT_SWEEP_MS = 5 * 60 * 1000;
const FEED_SWEEP_MS = 60 * 1000;

export function bookingOf(fastify: FastifyInstance, base: AppointmentDeps, petOf: BookingDeps['petOf']) {
  const { changes } = fastify;
  const deps: BookingDeps = {
    ...base,
    allowPrivateFeeds: fastify.config.busyFeedAllowPrivate,
    publicUrl: fastify.config.publicUrl,
    petOf,
    async refreshNext(doctorId) {
      // Cards and profiles show it: a change is a 'listing changed' (search index, caches, other servers).
      if (await storeNext(base.db, doctorId, base.clock.now())) changes.announce({ kind: 'listing changed', doctorId });
    },
  };
  const host = new URL(fastify.config.publicUrl).hostname || 'animal-doctor';
  return {
    visitTypes: (practice: UserRow) => listVisitTypes(deps.db, practice.id),
    saveVisitTypes: (practice: UserRow, input: VisitTypesSaveInput) => saveVisitTypes(deps, practice.id, input),
    /** Reads the settings (an empty body) or saves the fields given. */
    settings: (practice: UserRow, input: BookingSettingsInput) =>
      Object.keys(input).length === 0 ? readSettings(deps.db, practice.id) : saveSettings(deps, practice.id, input),
    busy: (practice: UserRow, input: { from: string; to: string }) => listBusy(deps.db, practice.id, input.from, input.to),
    addBusy: (practice: UserRow, input: BusyAddInput) => addBusy(deps, practice.id, input),
    removeBusy: (practice: UserRow, id: number) => removeBusy(deps, practice.id, id),
    calendarFeed: (practice: UserRow, rotate: boolean) => calendarFeedUrl(deps, practice.id, rotate),
    calendarFile: (token: string) => calendarFile(deps.db, token, deps.clock.now(), host),
    availability: (input: AvailabilityInput) => availability(deps, input),
    book: (owner: UserRow, input: BookInput) => book(deps, owner, input),
    reschedule: (owner: UserRow, input: RescheduleInput) => reschedule(deps, owner, input),
    /** After a move that frees or takes a time (cancel, decline, confirm): next_available follows. */
    refreshNext: (doctorId: number) => deps.refreshNext(doctorId),
    /** The periodic refresh as time passes (the sweep calls it; tests call it after moving the clock). */
    async refreshDue(): Promise<number> {
      const due = await dueForRefresh(deps.db, deps.clock.now());
      for (const doctorId of due) await deps.refreshNext(doctorId);
      return due.length;
    },
    /** Reads the calendar feeds due now (the sweep calls it; tests call it). */
    async readDueFeeds(): Promise<number> {
      const due = await claimDueFeeds(deps.db, deps.clock.now());
      for (const { doctorId, url } of due) {
        await readFeed(deps.db, doctorId, url, deps.clock.now(), deps.allowPrivateFeeds);
        await deps.refreshNext(doctorId);
      }
      return due.length;
    },
  };
}

export type Booking = ReturnType<typeof bookingOf>;

/** Starts the two sweeps on this app server (not in tests: they call refreshDue and readDueFeeds). */
export function startBookingSweeps(fastify: FastifyInstance, booking: Booking): void {
  const every = (ms: number, work: () => Promise<number>, what: string) => {
    let timer: NodeJS.Timeout | undefined;
    let running = false;
    const run = () => {
      if (running) return;
      running = true;
      work()
        .catch((error: unknown) => fastify.log.warn({ err: error }, `${what} failed`))
        .finally(() => {
          running = false;
        });
    };
    fastify.addHook('onReady', async () => {
      run();
      timer = setInterval(run, ms);
      timer.unref();
    });
    fastify.addHook('onClose', async () => clearInterval(timer));
  };
  every(NEXT_SWEEP_MS, booking.refreshDue, 'next available refresh');
  every(FEED_SWEEP_MS, booking.readDueFeeds, 'calendar feed read');
}
