// Appointment requests, their limits and the practices' response times.
import { date, doublePrecision, index, integer, jsonb, primaryKey, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { pets } from './pets';
import { createdAt, updatedAt } from './columns';

/** The states of an appointment request (docs/product.md section 19; shared/lib/appointment-rules.ts). */
export type AppointmentStateValue = 'requested' | 'proposed' | 'confirmed' | 'declined' | 'cancelled' | 'completed' | 'no_show';

/** A saved pet's details as an appointment request keeps them (name and species are the request's own columns). */
export interface AppointmentPetFacts {
  breed: string;
  birth_date: string | null;
  weight_kg: number | null;
  notes: string;
}

/** An appointment request of a pet owner at a practice (docs/product.md section 19; migration 0016). */
export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    petName: text('pet_name').notNull(),
    species: text('species').notNull(),
    reason: text('reason').notNull(),
    /** The owner's saved pet the request names (docs/product.md section 31); cleared when the pet is removed. */
    petId: integer('pet_id').references(() => pets.id, { onDelete: 'set null' }),
    /** What the practice was shown of that pet when asked (migration 0028); null for a request without one. */
    pet: jsonb('pet').$type<AppointmentPetFacts>(),
    phone: text('phone').notNull().default(''),
    /** The owner's 1-3 preferred starts, ISO 8601 in UTC. */
    preferred: jsonb('preferred').$type<string[]>().notNull(),
    /** The confirmed or proposed start (null while requested). */
    start: timestamp('start', { withTimezone: true }),
    /** The practice's time zone when the request was made: times in e-mails and the calendar file use it. */
    timeZone: text('time_zone').notNull(),
    state: text('state').$type<AppointmentStateValue>().notNull().default('requested'),
    /** The latest message of the side that moved it (the practice's answer, a reason to cancel). */
    message: text('message'),
    /** The practice's first answer (confirm, propose, decline): its response time. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Claimed once by the reminder sweep of any app server. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** A booking (docs/product.md section 30): its visit type and end; it holds its time while requested or confirmed. */
    visitTypeId: integer('visit_type_id'),
    endAt: timestamp('end_at', { withTimezone: true }),
    /** The .ics SEQUENCE: a reschedule sends the same UID with a higher one. */
    sequence: integer('sequence').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('appointments_owner_idx').on(t.ownerId, t.createdAt, t.id), index('appointments_doctor_idx').on(t.doctorId, t.state, t.createdAt, t.id)],
);

/** Request limits as counters taken in one conditional upsert each (docs/product.md 19.4; migration 0016). */
export const appointmentLimits = pgTable(
  'appointment_limits',
  {
    kind: text('kind').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'appointment_limits_pkey', columns: [t.kind, t.accountId, t.day] })],
);

/** A practice's median hours to first answer (last 90 days, once it has 5 answers; docs/product.md 19.6). */
export const appointmentResponseTimes = pgTable('appointment_response_times', {
  doctorId: integer('doctor_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  answers: integer('answers').notNull(),
  medianHours: doublePrecision('median_hours').notNull(),
  updatedAt: updatedAt(),
});
