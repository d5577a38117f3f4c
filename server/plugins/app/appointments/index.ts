// The appointments area as one plugin (docs/product.md section 19): `fastify.appointments.<command>(...)`
// with the database, the mailer, the change announcer, the clock and the reviews area bound. Routes under
// /api/appointments (the owner) and /api/user/appointments (the practice) validate, authorize, call a
// command and shape the answer. A sweep on every app server sends the reminders 24 hours ahead; the
// claim in reminders.ts keeps it to one reminder per appointment.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type {
  CancelAppointmentInput,
  CompleteAppointmentInput,
  PracticeAppointmentsInput,
  RequestAppointmentInput,
  RespondAppointmentInput,
} from '../../../../shared/schemas/appointment';
import type { UserRow } from '../users/user-repository';
import type { DbOrTx } from '../../../db/client';
import { APPOINTMENT_MESSAGES, type AppointmentDeps } from './appointment-deps';
import { cancelForDeletedAccount, moveAppointment, requestAppointment } from './appointment-commands';
import { answeredPerDay, openCount, ownerAppointments, practiceAppointments } from './appointment-list';
import { sendDueReminders } from './reminders';
import { pageUrl } from '../../../../shared/routes';

export { APPOINTMENT_MESSAGES };
export { APPOINTMENT_SUBJECTS } from './appointment-emails';
/** Answers a day, for the administrators' dashboard (docs/product.md section 24). */
export { answeredPerDay } from './appointment-list';

/** How often each app server looks for reminders that are due. */
const REMINDER_SWEEP_MS = 5 * 60 * 1000;

function appointmentsOf(fastify: FastifyInstance) {
  const base = fastify.config.publicUrl;
  const deps: AppointmentDeps = {
    db: fastify.database.db,
    mailer: fastify.mailer,
    changes: fastify.changes,
    clock: fastify.clock,
    visitCompleted: (ownerId, doctorId) => fastify.reviews.visitCompleted(ownerId, doctorId),
    links: {
      owner: pageUrl(base, 'myAppointments'),
      practice: pageUrl(base, 'viewProfile', { hash: 'appointments' }),
      review: (doctorId) => pageUrl(base, 'doctorProfile', { params: { id: doctorId }, hash: 'reviews' }),
    },
  };
  return {
    request: (owner: UserRow, input: RequestAppointmentInput) => requestAppointment(deps, owner, input),
    mine: (owner: UserRow, page?: number, pageSize?: number) => ownerAppointments(deps.db, owner.id, page, pageSize),
    accept: (owner: UserRow, id: number) => moveAppointment(deps, owner, id, 'owner', { move: 'accept' }),
    /** Either side, before the start (docs/product.md 19.2). */
    cancel: (actor: UserRow, input: CancelAppointmentInput) => moveAppointment(deps, actor, input.id, 'either', { move: 'cancel', message: input.reason }),
    inbox: (practice: UserRow, input?: PracticeAppointmentsInput) => practiceAppointments(deps.db, practice.id, input),
    openCount: (practice: UserRow) => openCount(deps.db, practice.id),
    respond: (practice: UserRow, input: RespondAppointmentInput) =>
      moveAppointment(deps, practice, input.id, 'practice', { move: input.decision, start: input.start, message: input.message }),
    complete: (practice: UserRow, input: CompleteAppointmentInput) =>
      moveAppointment(deps, practice, input.id, 'practice', { move: input.attended ? 'complete' : 'no_show' }),
    /** Sends the reminders due now (the sweep calls it; tests call it after moving the clock). */
    sendDueReminders: () => sendDueReminders(deps),
    /** For account deletion (wired by the accounts area): cancels the account's open appointments and e-mails the other side. */
    cancelForDeletedAccount: (userId: number, within?: DbOrTx) => cancelForDeletedAccount(deps, userId, within),
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
