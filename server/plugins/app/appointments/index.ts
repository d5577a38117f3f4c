// The appointments area as one plugin (docs/product.md section 19): `fastify.appointments.<command>(...)`
// with the database, the mailer, the change announcer, the clock and the reviews area bound. Routes under
// /api/appointments (the owner) and /api/user/appointments (the practice) validate, authorize, call a
// command and shape the answer. A sweep on every app server sends the reminders 24 hours ahead; the
// claim in reminders.ts keeps it to one reminder per appointment.
import { areaDeps } from '../../../lib/area-deps';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type {
  CancelAppointmentInput,
  CompleteAppointmentInput,
  PracticeAppointmentsInput,
  RequestAppointmentInput,
  RespondAppointmentInput,
} from '../../../../shared/schemas/appointment';
import type { UserRow } from '../users/index';
import type { DbOrTx } from '../../../db/client';
import { APPOINTMENT_MESSAGES, type AppointmentDeps } from './appointment-deps';
import { cancelForDeletedAccount, moveAppointment, requestAppointment } from './appointment-commands';
import { answeredPerDay, openCount, ownerAppointments, practiceAppointments } from './appointment-list';
import { sendDueReminders } from './reminders';
import { updateResponseTime } from './response-time';
import { pageUrl } from '../../../../shared/routes';
import { bookingOf, startBookingSweeps, type Booking } from './booking-area';
import { petOf, practiceOf } from './booking-pets';

export { APPOINTMENT_MESSAGES };
export { APPOINTMENT_SUBJECTS } from './appointment-emails';
/** Answers a day, for the administrators' dashboard (docs/product.md section 24). */
export { answeredPerDay } from './appointment-list';

/** How often each app server looks for reminders that are due. */
const REMINDER_SWEEP_MS = 5 * 60 * 1000;

function appointmentsOf(fastify: FastifyInstance) {
  const base = fastify.config.publicUrl;
  const deps: AppointmentDeps = {
    ...areaDeps(fastify),
    visitCompleted: (ownerId, doctorId) => fastify.reviews.visitCompleted(ownerId, doctorId),
    links: {
      owner: pageUrl(base, 'myAppointments'),
      practice: pageUrl(base, 'viewProfile', { hash: 'appointments' }),
      review: (doctorId) => pageUrl(base, 'doctorProfile', { params: { id: doctorId }, hash: 'reviews' }),
    },
  };
  const booking: Booking = bookingOf(fastify, deps, (ownerId, petId) => petOf(deps.db, ownerId, petId));
  /** A move that frees or takes a time moves the practice's next free start too. */
  const thenRefresh = async <T extends { id: number }>(result: Promise<T>, doctorOf: () => Promise<number | undefined>): Promise<T> => {
    const answer = await result;
    const doctorId = await doctorOf();
    if (doctorId) await booking.refreshNext(doctorId);
    return answer;
  };
  const doctorOfAppointment = (id: number) => async () => (await practiceOf(deps.db, id)) ?? undefined;
  return {
    /** Booking a real time (docs/product.md section 30): booking-area.ts. */
    booking,
    request: (owner: UserRow, input: RequestAppointmentInput) => requestAppointment(deps, owner, input),
    mine: (owner: UserRow, page?: number, pageSize?: number) => ownerAppointments(deps.db, owner.id, page, pageSize),
    accept: (owner: UserRow, id: number) => moveAppointment(deps, owner, id, 'owner', { move: 'accept' }),
    /** Either side, before the start (docs/product.md 19.2). */
    cancel: (actor: UserRow, input: CancelAppointmentInput) =>
      thenRefresh(moveAppointment(deps, actor, input.id, 'either', { move: 'cancel', message: input.reason }), doctorOfAppointment(input.id)),
    inbox: (practice: UserRow, input?: PracticeAppointmentsInput) => practiceAppointments(deps.db, practice.id, input),
    openCount: (practice: UserRow) => openCount(deps.db, practice.id),
    respond: (practice: UserRow, input: RespondAppointmentInput) =>
      thenRefresh(
        moveAppointment(deps, practice, input.id, 'practice', { move: input.decision, start: input.start, message: input.message }),
        async () => practice.id,
      ),
    complete: (practice: UserRow, input: CompleteAppointmentInput) =>
      moveAppointment(deps, practice, input.id, 'practice', { move: input.attended ? 'complete' : 'no_show' }),
    /** Sends the reminders due now (the sweep calls it; tests call it after moving the clock). */
    sendDueReminders: () => sendDueReminders(deps),
    /** For account deletion (wired by the accounts area): cancels the account's open appointments and e-mails the other side. */
    cancelForDeletedAccount: (userId: number, within?: DbOrTx) => cancelForDeletedAccount(deps, userId, within),
    /** Works the practice's response time out again (the messages area calls it after a practice's reply). */
    refreshResponseTime: (doctorId: number) => updateResponseTime(deps, doctorId),
    /** For the administrators' dashboard: requests answered per UTC day over the last `days` days. */
    answeredPerDay: (days = 30) => answeredPerDay(deps.db, deps.clock.now(), days),
  };
}

export type Appointments = ReturnType<typeof appointmentsOf>;

declare module 'fastify' {
  interface FastifyInstance {
    appointments: Appointments;
  }
}

export default fp(
  async (fastify) => {
    const appointments = appointmentsOf(fastify);
    fastify.decorate('appointments', appointments);
    // A deleted account's open appointments are cancelled and the other side told, in the deletion's transaction (docs/product.md section 22).
    fastify.accountData.onAccountDeleted(async (tx, account) => {
      await appointments.cancelForDeletedAccount(account.id, tx);
    });
    // As the plan expiry sweep (payments area): tests call sendDueReminders themselves.
    if (fastify.config.nodeEnv === 'test') return;
    startBookingSweeps(fastify, appointments.booking);
    const sweep = () => {
      appointments
        .sendDueReminders()
        .then((count) => count > 0 && fastify.log.info({ count }, 'appointment reminders sent'))
        .catch((error: unknown) => fastify.log.warn({ err: error }, 'appointment reminder sweep failed'));
    };
    let timer: NodeJS.Timeout | undefined;
    fastify.addHook('onReady', async () => {
      sweep();
      timer = setInterval(sweep, REMINDER_SWEEP_MS);
      timer.unref();
    });
    fastify.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'appointments', dependencies: ['database', 'mailer', 'listing', 'reviews', 'account-data'] },
);

export { default as appointmentRoutes } from './routes/index';
