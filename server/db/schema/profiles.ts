// Vets' profiles: the profile with its approval state, its photos and its daily figures.
import { sql } from 'drizzle-orm';
import { date, boolean, doublePrecision, index, integer, jsonb, primaryKey, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Day } from '../../../shared/constants/days';
import type { SpecialDay } from '../../../shared/lib/special-hours';
import { users } from './accounts';
import { createdAt, updatedAt } from './columns';

export type ReviewState = 'draft' | 'pending' | 'approved' | 'rejected';

export interface WorkingDay {
  day: Day;
  closed: boolean;
  open?: string;
  close?: string;
}

export interface Education {
  degree: string;
  school: string;
  year: number;
}

export const profiles = pgTable(
  'profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    clinicName: text('clinic_name'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    /** The contact address its holder confirmed by the e-mailed link (docs/product.md, 5.7; migration 0011). */
    verifiedContactEmail: text('verified_contact_email'),
    street: text('street'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    websiteTitle: text('website_title'),
    websiteUrl: text('website_url'),
    /** The website as imported or last approved by an administrator: the one a claim by e-mail trusts (docs/product.md 20.8; migration 0023). */
    reviewedWebsiteUrl: text('reviewed_website_url'),
    workingTime: jsonb('working_time').$type<WorkingDay[]>(),
    timeZone: text('time_zone'),
    /** Holiday and special hours, dated in the practice's zone (docs/product.md section 22; migration 0019). */
    specialHours: jsonb('special_hours').$type<SpecialDay[]>().notNull().default([]),
    avatarUrl: text('avatar_url'),
    /** The upload key prefix of the avatar's WebP sizes (server/plugins/app/uploads/images.ts); replaced ones are deleted. */
    avatarKey: text('avatar_key'),
    summary: text('summary'),
    education: jsonb('education').$type<Education[]>().notNull().default([]),
    services: jsonb('services').$type<string[]>().notNull().default([]),
    species: jsonb('species').$type<string[]>().notNull().default([]),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    emergency: boolean('emergency').notNull().default(false),
    acceptingNewPatients: boolean('accepting_new_patients').notNull().default(false),
    acceptingConfirmedAt: timestamp('accepting_confirmed_at', { withTimezone: true }),
    licenseNumber: text('license_number'),
    licenseState: text('license_state'),
    step1DoneAt: timestamp('step1_done_at', { withTimezone: true }),
    step2DoneAt: timestamp('step2_done_at', { withTimezone: true }),
    viewCount: integer('view_count').notNull().default(0),
    /** The import file's key of an imported practice (docs/product.md section 20; migration 0017). */
    externalId: text('external_id'),
    /** The phone number's last ten digits, kept by the database: finds a practice listed twice. */
    phoneKey: text('phone_key').generatedAlwaysAs(sql`nullif(right(regexp_replace(coalesce(contact_phone, ''), '[^0-9]', '', 'g'), 10), '')`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('profiles_external_id_key')
      .on(t.externalId)
      .where(sql`${t.externalId} IS NOT NULL`),
    index('profiles_phone_key_idx')
      .on(t.phoneKey)
      .where(sql`${t.phoneKey} IS NOT NULL`),
    index('profiles_zip_idx').on(t.zip),
    index('profiles_state_idx').on(t.state),
    index('profiles_lat_lon_idx').on(t.latitude, t.longitude),
    index('profiles_city_lower_idx').on(sql`lower(${t.city})`),
    index('profiles_clinic_trgm_idx').using('gin', sql`lower(${t.clinicName}) gin_trgm_ops`),
  ],
);

/** Practice photos of a Professional or Premium vet (docs/product.md section 5); kept when the plan lapses. */
export const profilePhotos = pgTable(
  'profile_photos',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The upload key prefix of the photo's WebP sizes (server/plugins/app/uploads/images.ts). */
    key: text('key').notNull(),
    /** URL of the default size; `width` and `height` are that size's, for a fixed-size gallery. */
    url: text('url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    caption: text('caption').notNull().default(''),
    /** Counts from 0 (docs/product.md section 5). */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('profile_photos_user_position_idx').on(t.userId, t.position)],
);

/** Per-vet, per-UTC-day counts for profile statistics, increased by batched upserts. */
export const profileDailyStats = pgTable(
  'profile_daily_stats',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    appearances: integer('appearances').notNull().default(0),
    clicksPhone: integer('clicks_phone').notNull().default(0),
    clicksWebsite: integer('clicks_website').notNull().default(0),
    clicksDirections: integer('clicks_directions').notNull().default(0),
    messages: integer('messages').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'profile_daily_stats_pkey', columns: [t.userId, t.day] })],
);
