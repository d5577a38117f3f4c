// The writes of appointment requests (docs/product.md section 19): the owner's request (checked, then
// its three limits each taken in one conditional upsert, stored and e-mailed in one transaction), and
// every later move, applied by `moveAppointment` as one conditional UPDATE ... WHERE state IN (allowed)
// RETURNING from the one transition table (shared/lib/appointment-rules.ts). A refused move changes nothing.
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { appointments, profiles, users, type AppointmentStateValue } from '../../../db/schema';
import { domainError } from '../../../lib/domain-error';
import { readPublicDoctor } from '../listing/doctor-search';
import { messageRecipient } from '../profiles/contact-address';
import type { UserRow } from '../users/index';
import { planIncludes } from '../../../../shared/constants/plans';
import {
  APPOINTMENT_LIMITS,
  APPOINTMENT_MOVES,
  futureTimeProblem,
  isOpen,
  knownZone,
  movableFrom,
  requestedTimeProblem,
  type AppointmentMove,
  type AppointmentSide,
} from '../../../../shared/lib/appointment-rules';
import type { AppointmentWriteAnswer, RequestAppointmentInput } from '../../../../shared/schemas/appointment';
import { APPOINTMENT_MESSAGES, stateRefusal, type AppointmentDeps } from './appointment-deps';
import { appointmentEmail, type AppointmentMailFacts, type AppointmentMailKind } from './appointment-emails';
import { updateResponseTime } from './response-time';
import { practiceName } from '../../../../shared/lib/practice-name';
import { addressLine } from '../../../../shared/lib/address';
import { rowsOf } from '../../../lib/sql-rows';
import { appointmentFacts, ownerPet } from '../pets/index';
import { speciesOfOne } from '../../../../shared/lib/pet-rules';
import { practiceById, practiceNameColumns } from '../../../db/practice-rows';

type AppointmentRow = typeof appointments.$inferSelect;
const invalid = (field: string, message: string) => domainError(400, 'VALIDATION_ERROR', message, { field });

/**
 * Takes one unit of a limit in one statement: the counter goes up only while it is below the limit,
 * so parallel requests wait on the row and cannot pass it together (docs/product.md 19.4).
 */
async function takeLimit(tx: DbOrTx, kind: 'open' | 'owner_day' | 'practice_day', accountId: number, day: string, limit: number): Promise<boolean> {
  const taken = await tx.execute(sql`
    INSERT INTO appointment_limits AS l (kind, account_id, day, n) VALUES (${kind}, ${accountId}, ${day}::date, 1)
    ON CONFLICT (kind, account_id, day) DO UPDATE SET n = l.n + 1 WHERE l.n < ${limit}
    RETURNING n`);
  return rowsOf<{ n: number }>(taken).length > 0;
}

const OPEN_DAY = '1970-01-01';

/**
 * Takes a request's limits (docs/product.md 19.4) in the one order every request and booking uses (open, then
 * the owner's day, then the practice's day: no deadlock), refusing at the first one reached. `open` is false for
 * a booking the practice need not confirm: it never waits for an answer.
 */
export async function takeRequestLimits(tx: DbOrTx, ownerId: number, doctorId: number, day: string, open: boolean): Promise<void> {
  if (open && !(await takeLimit(tx, 'open', ownerId, OPEN_DAY, APPOINTMENT_LIMITS.openPerAccount)))
    throw domainError(429, 'OPEN_LIMIT', APPOINTMENT_MESSAGES.openLimit);
  if (!(await takeLimit(tx, 'owner_day', ownerId, day, APPOINTMENT_LIMITS.perAccountPerDay)))
    throw domainError(429, 'DAILY_LIMIT', APPOINTMENT_MESSAGES.dailyLimit);
  if (!(await takeLimit(tx, 'practice_day', doctorId, day, APPOINTMENT_LIMITS.perPracticePerDay)))
    throw domainError(429, 'PRACTICE_LIMIT', APPOINTMENT_MESSAGES.practiceLimit, { field: 'doctor_id' });
}

/** Gives back an open request's unit when it stops waiting for an answer. */
async function releaseOpen(tx: DbOrTx, ownerId: number): Promise<void> {
  await tx.execute(sql`UPDATE appointment_limits SET n = greatest(n - 1, 0) WHERE kind = 'open' AND account_id = ${ownerId} AND day = ${OPEN_DAY}::date`);
}

/**
 * Trimmed fields with the checks the schema cannot make (blank after trimming). With `pet_id`, the owner's
 * saved pet names the animal (404 when it is not theirs) and its details go with the request (section 31).
 */
async function checkedFields(db: DbOrTx, owner: UserRow, input: RequestAppointmentInput) {
  const reason = input.reason.replace(/\r\n/g, '\n').trim();
  const phone = (input.phone ?? '').trim();
  const saved = input.pet_id === undefined ? undefined : await ownerPet(db, owner.id, input.pet_id, 'pet_id');
  const petName = saved?.name ?? (input.pet_name ?? '').trim();
  const species = saved ? speciesOfOne(saved.species) : (input.species ?? '').trim();
  if (!petName) throw invalid('pet_name', "Enter your pet's name.");
  if (!species) throw invalid('species', 'Say which animal it is (for example dog or cat).');
  if (reason.length < APPOINTMENT_LIMITS.reasonMin)
    throw invalid('reason', `Describe the reason for the visit in at least ${APPOINTMENT_LIMITS.reasonMin} characters.`);
  return { petName, species, reason, phone, petId: saved?.id ?? null, pet: saved ? appointmentFacts(saved) : null };
}

export async function requestAppointment(deps: AppointmentDeps, owner: UserRow, input: RequestAppointmentInput): Promise<AppointmentWriteAnswer> {
  const now = deps.clock.now();
  if (input.doctor_id === owner.id) throw domainError(403, 'OWN_PRACTICE', APPOINTMENT_MESSAGES.ownPractice, { field: 'doctor_id' });
  const fields = await checkedFields(deps.db, owner, input);
  const listed = await readPublicDoctor(deps.db, input.doctor_id, now);
  if (!listed) throw domainError(404, 'NOT_FOUND', APPOINTMENT_MESSAGES.notListed, { field: 'doctor_id' });
  // Requests come with the contact form: Professional and Premium (docs/product.md 19.7).
  if (!planIncludes(listed.plan, 'contact_form')) throw domainError(403, 'PLAN_REQUIRED', APPOINTMENT_MESSAGES.planRequired, { field: 'doctor_id' });
  const { time_zone: timeZone, working_time: hours } = listed.doctor;
  if (!knownZone(timeZone) || hours.every((day) => day.closed)) throw domainError(409, 'NO_OPENING_HOURS', APPOINTMENT_MESSAGES.noHours);
  const preferred: string[] = [];
  for (const value of input.preferred) {
    const problem = requestedTimeProblem(value, hours, timeZone, now);
    if (problem) throw invalid('preferred', problem);
    const iso = new Date(value).toISOString();
    if (preferred.includes(iso)) throw invalid('preferred', APPOINTMENT_MESSAGES.sameTimes);
    preferred.push(iso);
  }
  const day = now.toISOString().slice(0, 10);
  const practice = await practiceContact(deps.db, input.doctor_id);
  const created = await deps.db.transaction(async (tx) => {
    await takeRequestLimits(tx, owner.id, input.doctor_id, day, true);
    const [row] = await tx
      .insert(appointments)
      .values({ doctorId: input.doctor_id, ownerId: owner.id, ...fields, preferred, timeZone, state: 'requested', createdAt: now, updatedAt: now })
      .returning();
    if (practice.address) await notify(deps, tx, row!, 'requested', { owner, practice }, true, now);
    return row!;
  });
  return { id: created.id, state: created.state };
}

export interface Parties {
  owner: Pick<UserRow, 'firstName' | 'lastName' | 'email'>;
  /** `location`: the clinic's street address on one line, for the .ics LOCATION ('' when not given). */
  practice: { clinic: string; address: string | undefined; location: string };
}

export async function practiceContact(db: DbOrTx, doctorId: number): Promise<Parties['practice']> {
  const account = await practiceById(db, doctorId, {
    ...practiceNameColumns,
    email: users.email,
    verify: users.verify,
    contactEmail: profiles.contactEmail,
    verifiedContactEmail: profiles.verifiedContactEmail,
    street: profiles.street,
    city: profiles.city,
    state: profiles.state,
    zip: profiles.zip,
  });
  if (!account) return { clinic: 'the practice', address: undefined, location: '' };
  const clinic = practiceName(account);
  // The practice's confirmed contact address, else its account's verified e-mail (as contact messages).
  return {
    clinic,
    location: addressLine(account),
    address: messageRecipient({ contactEmail: account.contactEmail, verifiedContactEmail: account.verifiedContactEmail }, account),
  };
}

export async function partiesOfRow(db: DbOrTx, row: AppointmentRow): Promise<Parties> {
  const [owner] = await db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, row.ownerId));
  return { owner: owner ?? { firstName: 'A', lastName: 'pet owner', email: '' }, practice: await practiceContact(db, row.doctorId) };
}

/** Enqueues one e-mail about `row` to one side, in the caller's transaction. */
export async function notify(
  deps: AppointmentDeps,
  tx: DbOrTx,
  row: AppointmentRow,
  kind: AppointmentMailKind,
  parties: Parties,
  toPractice: boolean,
  now: Date,
  /** The state the move left: a cancelled confirmed visit carries a METHOD:CANCEL .ics (decision 172). */
  from?: AppointmentStateValue,
): Promise<void> {
  const address = toPractice ? parties.practice.address : parties.owner.email;
  if (!address) return;
  const facts: AppointmentMailFacts = {
    id: row.id,
    clinic: parties.practice.clinic,
    location: parties.practice.location,
    wasConfirmed: from === 'confirmed',
    petName: row.petName,
    species: row.species,
    pet: row.pet,
    reason: row.reason,
    start: row.start,
    end: row.endAt,
    sequence: row.sequence,
    preferred: row.preferred,
    timeZone: row.timeZone,
    message: row.message,
    ownerName: `${parties.owner.firstName} ${parties.owner.lastName}`,
    ownerEmail: parties.owner.email,
    ownerPhone: row.phone,
    practiceEmail: parties.practice.address ?? parties.owner.email,
    link: kind === 'review_invitation' ? deps.links.review(row.doctorId) : toPractice ? deps.links.practice : deps.links.owner,
  };
  await deps.mailer.enqueue(
    tx,
    {
      address,
      kind: `appointment_${kind}`,
      replyTo: (toPractice ? parties.owner.email : parties.practice.address) || null,
      // Whose e-mail preferences decide (docs/product.md section 25).
      accountId: toPractice ? row.doctorId : row.ownerId,
    },
    appointmentEmail(kind, facts, toPractice, now),
  );
}

export interface MoveInput {
  move: AppointmentMove;
  /** confirm: one of the preferred times; propose: any future time. */
  start?: string;
  message?: string;
}

/** Which e-mail each move sends, and to which side. */
function mailFor(move: AppointmentMove, side: AppointmentSide): { kind: AppointmentMailKind; toPractice: boolean } | undefined {
  switch (move) {
    case 'confirm':
      return { kind: 'confirmed', toPractice: false };
    case 'decline':
      return { kind: 'declined', toPractice: false };
    case 'propose':
      return { kind: 'proposed', toPractice: false };
    case 'accept':
      return { kind: 'accepted', toPractice: true };
    case 'cancel':
      return side === 'owner' ? { kind: 'cancelled_by_owner', toPractice: true } : { kind: 'cancelled_by_practice', toPractice: false };
    case 'no_show':
      return { kind: 'no_show', toPractice: false };
    case 'complete':
      return { kind: 'review_invitation', toPractice: false };
  }
}

/**
 * Moves an appointment of `actor` (as `side`; 'either' for cancel) by one move of the transition table.
 * 404 when it is not theirs; 409 with a sentence when its state (or its time) does not allow the move.
 */
export async function moveAppointment(
  deps: AppointmentDeps,
  actor: UserRow,
  id: number,
  side: AppointmentSide | 'either',
  input: MoveInput,
): Promise<AppointmentWriteAnswer> {
  const now = deps.clock.now();
  const [before] = await deps.db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.id, id),
        side === 'owner'
          ? eq(appointments.ownerId, actor.id)
          : side === 'practice'
            ? eq(appointments.doctorId, actor.id)
            : sql`(${appointments.ownerId} = ${actor.id} or ${appointments.doctorId} = ${actor.id})`,
      ),
    );
  if (!before) throw domainError(404, 'NOT_FOUND', side === 'practice' ? APPOINTMENT_MESSAGES.notYourPractice : APPOINTMENT_MESSAGES.notYours, { field: 'id' });
  const by: AppointmentSide = side === 'either' ? (before.ownerId === actor.id ? 'owner' : 'practice') : side;
  const allowed = movableFrom(input.move, by);
  const to = APPOINTMENT_MOVES[input.move].to;
  if (!allowed.includes(before.state)) throw domainError(409, 'INVALID_STATE', stateRefusal(before.state, input.move), { state: before.state });

  let start: Date | null = null;
  if (input.move === 'confirm' || input.move === 'propose') {
    if (!input.start) throw invalid('start', APPOINTMENT_MESSAGES.startRequired);
    const problem = futureTimeProblem(input.start, now, input.move === 'propose' ? null : APPOINTMENT_LIMITS.horizonDays);
    if (problem) throw invalid('start', problem);
    start = new Date(input.start);
    if (input.move === 'confirm' && !before.preferred.some((iso) => new Date(iso).getTime() === start!.getTime()))
      throw invalid('start', APPOINTMENT_MESSAGES.notPreferred);
  }
  // The practice's first answer sets answered_at (its response time, docs/product.md 19.6).
  const answers = input.move === 'confirm' || input.move === 'decline' || input.move === 'propose';
  // Cancel only before the start; completed or missed only after it.
  const timeRule =
    input.move === 'cancel'
      ? sql`(a.start IS NULL OR a.start > ${now})`
      : input.move === 'complete' || input.move === 'no_show'
        ? sql`a.start <= ${now}`
        : sql`true`;
  const message = input.message?.replace(/\r\n/g, '\n').trim() || null;
  const parties = await partiesOfRow(deps.db, before);

  const moved = await deps.db.transaction(async (tx) => {
    // One statement decides: the row is locked, its current state read, and updated only from an allowed
    // state; a parallel move that came first leaves this one with no row (409), never with two moves.
    const result = await tx.execute(sql`
      WITH old AS (SELECT id, state FROM appointments WHERE id = ${id} FOR UPDATE)
      UPDATE appointments a SET
        state = ${to},
        start = coalesce(${start}::timestamptz, a.start),
        message = ${message},
        answered_at = CASE WHEN ${answers}::boolean THEN coalesce(a.answered_at, ${now}::timestamptz) ELSE a.answered_at END,
        updated_at = ${now}
      FROM old
      WHERE a.id = old.id AND a.state IN (${sql.join(
        allowed.map((state) => sql`${state}`),
        sql`, `,
      )}) AND ${timeRule}
      RETURNING a.id, old.state AS from_state`);
    const [row] = rowsOf<{ id: number; from_state: AppointmentStateValue }>(result);
    if (!row) return undefined;
    if (isOpen(row.from_state) && !isOpen(to)) await releaseOpen(tx, before.ownerId);
    const [after] = await tx.select().from(appointments).where(eq(appointments.id, id));
    const mail = mailFor(input.move, by);
    if (mail) await notify(deps, tx, after!, mail.kind, parties, mail.toPractice, now, row.from_state);
    // The owner hears of a confirmation; the practice gets its own invitation when the owner accepts.
    if (input.move === 'accept') await notify(deps, tx, after!, 'confirmed', parties, false, now);
    return after!;
  });

  if (!moved) {
    const [current] = await deps.db.select().from(appointments).where(eq(appointments.id, id));
    const state = current?.state ?? before.state;
    if (allowed.includes(state)) {
      if (input.move === 'cancel') throw domainError(409, 'ALREADY_STARTED', APPOINTMENT_MESSAGES.alreadyStarted);
      throw domainError(409, 'NOT_STARTED', APPOINTMENT_MESSAGES.notStarted);
    }
    throw domainError(409, 'INVALID_STATE', stateRefusal(state, input.move), { state });
  }
  if (answers) await updateResponseTime(deps, moved.doctorId);
  if (input.move === 'complete') await deps.visitCompleted(moved.ownerId, moved.doctorId);
  return { id: moved.id, state: moved.state };
}

/**
 * Before an account is deleted: its open appointments (requested, proposed, or confirmed and not yet
 * started), as pet owner or as practice, are cancelled in one statement and the other side is e-mailed
 * in the same transaction. Answers how many were cancelled.
 */
export async function cancelForDeletedAccount(deps: AppointmentDeps, userId: number, within?: DbOrTx): Promise<number> {
  const now = deps.clock.now();
  const message = 'The account was closed.';
  // Inside the account deletion's own transaction (docs/product.md section 22): a second transaction would wait on the first.
  const run = <T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> => (within ? work(within) : deps.db.transaction(work));
  return run(async (tx) => {
    const result = await tx.execute(sql`
      WITH old AS (
        SELECT id, state FROM appointments
        WHERE (owner_id = ${userId} OR doctor_id = ${userId})
          AND (state IN ('requested', 'proposed') OR (state = 'confirmed' AND start > ${now}))
        FOR UPDATE)
      UPDATE appointments a SET state = 'cancelled', message = ${message}, updated_at = ${now}
      FROM old WHERE a.id = old.id AND (a.state IN ('requested', 'proposed') OR (a.state = 'confirmed' AND a.start > ${now}))
      RETURNING a.id, a.owner_id, old.state AS from_state`);
    const cancelled = rowsOf<{ id: number; owner_id: number; from_state: AppointmentStateValue }>(result);
    for (const { id, owner_id: ownerId, from_state: from } of cancelled) {
      // The other owners' open requests at a closed practice stop counting against them.
      if (isOpen(from) && ownerId !== userId) await releaseOpen(tx, ownerId);
      const [row] = await tx.select().from(appointments).where(eq(appointments.id, id));
      const parties = await partiesOfRow(tx, row!);
      const byOwner = row!.ownerId === userId;
      // The closed account's name and address stay out of the e-mail and its reply-to (docs/product.md section 22).
      const told: Parties = byOwner
        ? { ...parties, owner: { firstName: 'A pet owner', lastName: 'whose account was closed', email: '' } }
        : { ...parties, practice: { ...parties.practice, address: undefined } };
      await notify(deps, tx, row!, byOwner ? 'cancelled_by_owner' : 'cancelled_by_practice', told, byOwner, now, from);
    }
    await tx.execute(sql`DELETE FROM appointment_limits WHERE kind = 'open' AND account_id = ${userId}`);
    return cancelled.length;
  });
}
