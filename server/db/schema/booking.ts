// Booking a real time (docs/product.md section 30; migration 0029): a practice's booking settings, its
// visit types and its busy times. Bookings themselves are appointments with `end_at` (appointments.ts).
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { updatedAt } from './columns';

/** One range of bookable hours on a weekday (0 Sunday ... 6 Saturday), 'HH:MM' in the practice's zone. */
export interface BookableHours {
  day: number;
  open: string;
  close: string;
}

export const bookingSettings = pgTable('booking_settings', {
  doctorId: integer('doctor_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  stepMinutes: integer('step_minutes').notNull().default(30),
  capacity: integer('capacity').notNull().default(1),
  leadHours: integer('lead_hours').notNull().default(2),
  horizonDays: integer('horizon_days').notNull().default(30),
  confirmEach: boolean('confirm_each').notNull().default(false),
  hours: jsonb('hours').$type<BookableHours[]>().notNull().default([]),
  busyFeedUrl: text('busy_feed_url'),
  feedReadAt: timestamp('feed_read_at', { withTimezone: true }),
  feedError: text('feed_error'),
  calendarToken: text('calendar_token'),
  nextAvailable: timestamp('next_available', { withTimezone: true }),
  nextCheckedAt: timestamp('next_checked_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

export const visitTypes = pgTable(
  'visit_types',
  {
    id: serial('id').primaryKey(),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    minutes: integer('minutes').notNull(),
    species: jsonb('species').$type<string[]>().notNull().default([]),
    newPatients: boolean('new_patients').notNull().default(true),
    priceFrom: integer('price_from'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('visit_types_doctor_idx').on(t.doctorId, t.position)],
);

export type BusySource = 'manual' | 'feed';

export const busyTimes = pgTable(
  'busy_times',
  {
    id: serial('id').primaryKey(),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    start: timestamp('start', { withTimezone: true }).notNull(),
    end: timestamp('end', { withTimezone: true }).notNull(),
    note: text('note').notNull().default(''),
    source: text('source').$type<BusySource>().notNull().default('manual'),
  },
  (t) => [index('busy_times_doctor_idx').on(t.doctorId, t.start)],
);
