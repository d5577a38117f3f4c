// The Drizzle schema for every entity of docs/product.md. Later features fill these tables;
// the shape is settled here so migrations start coherent.
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  primaryKey,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Day } from '../../shared/constants/days';
import type { SpecialDay } from '../../shared/lib/special-hours';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A file sent with an e-mail: its name, MIME type (with parameters such as method=REQUEST) and text content. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export type ReviewState = 'draft' | 'pending' | 'approved' | 'rejected';
export type AccountStatus = 'active' | 'suspended';
/** A pet owner's account or a vet's (docs/product.md section 13; migration 0013). */
export type AccountType = 'owner' | 'vet';
/** Where a pet owner's review stands (docs/product.md section 13). */
export type ReviewPostState = 'published' | 'pending' | 'rejected' | 'removed';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased: addresses compare case-insensitively (docs/product.md, Accounts and tokens). */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    verify: boolean('verify').notNull().default(false),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    manageRole: text('manage_role').$type<'user' | 'admin'>().notNull().default('user'),
    status: text('status').$type<AccountStatus>().notNull().default('active'),
    /** Bumped on password change or suspension: every older session token stops working. */
    tokenVersion: integer('token_version').notNull().default(0),
    submitAt: timestamp('submit_at', { withTimezone: true }),
    reviewState: text('review_state').$type<ReviewState>().notNull().default('draft'),
    reviewReason: text('review_reason'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by'),
    lastVerificationEmailAt: timestamp('last_verification_email_at', { withTimezone: true }),
    /** The account's Stripe customer, made by its first Stripe checkout and reused by every later one (migration 0011). */
    stripeCustomerId: text('stripe_customer_id'),
    /** 'owner' or 'vet'; sign-ups that send none are vets, as old clients expect (migration 0013). */
    accountType: text('account_type').$type<AccountType>().notNull().default('vet'),
    /** False for a practice imported before its vet signed up: nobody can sign in to it (docs/product.md section 20; migration 0017). */
    claimed: boolean('claimed').notNull().default(true),
    /** An e-mail change waiting for its link to be followed, and the id of the one link that completes it (docs/product.md section 25; migration 0026). */
    pendingEmail: text('pending_email'),
    pendingEmailJti: text('pending_email_jti'),
    /** E-mail preferences (docs/product.md section 25): appointment reminders, review invitations, appointment request updates, message e-mails. */
    emailReminders: boolean('email_reminders').notNull().default(true),
    emailReviewInvitations: boolean('email_review_invitations').notNull().default(true),
    emailRequestUpdates: boolean('email_request_updates').notNull().default(true),
    emailMessages: boolean('email_messages').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_review_state_idx').on(t.reviewState),
    index('users_created_idx').on(t.createdAt, t.id),
    // The business dashboard (migration 0021): profiles waiting for review, oldest first.
    index('users_review_state_submit_idx').on(t.reviewState, t.submitAt),
    index('users_sort_name_idx').on(sql`lower(${t.lastName} || ' ' || ${t.firstName})`, t.id),
    // Manage Users search (migration 0008): trigram indexes for substring matches at 100k accounts.
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_name_trgm_idx').using('gin', sql`lower(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0 none, 1 Basic, 2 Professional, 3 Premium (docs/product.md, Plans and payment). */
    plan: smallint('plan').notNull().default(0),
    status: text('status').notNull().default('none'),
    provider: text('provider').notNull().default('sandbox'),
    email: text('email'),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    /** 'month' or 'year': the period the plan was bought for. */
    period: text('period').$type<'month' | 'year'>(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_user_id_key').on(t.userId),
    index('payments_subscription_id_idx').on(t.subscriptionId),
    index('payments_status_period_end_idx').on(t.status, t.currentPeriodEnd),
  ],
);

/** A checkout started with the payment provider; the plan changes only when the provider confirms it. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: smallint('plan').notNull(),
    provider: text('provider').notNull(),
    status: text('status').$type<'open' | 'complete' | 'expired'>().notNull().default('open'),
    period: text('period').$type<'month' | 'year'>().notNull().default('month'),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('checkout_sessions_user_idx').on(t.userId)],
);

/**
 * Provider events already applied, keyed by the provider's event id: a replayed event finds its
 * id here and changes nothing (docs/product.md, Plans and payment).
 */
export const processedEvents = pgTable('processed_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

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

export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    /** 'blog' for /singlepost, 'ai' for /ai-singlepost (docs/product.md, Articles). */
    kind: text('kind').$type<'blog' | 'ai'>().notNull().default('blog'),
    title: text('title').notNull(),
    avatar: text('avatar'),
    author: text('author').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    imgUrl: text('img_url'),
    /** Alt text of the cover image. */
    imgAlt: text('img_alt').notNull().default(''),
    /** Sanitised HTML (allow-list) — never stored raw. */
    contents: text('contents').notNull(),
    subContent: text('sub_content').notNull().default(''),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    aiTopic: text('ai_topic'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('articles_kind_published_idx').on(t.kind, t.published, t.createdAt), index('articles_updated_idx').on(t.updatedAt)],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    status: text('status').$type<'pending' | 'confirmed' | 'unsubscribed'>().notNull().default('pending'),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_key').on(t.email),
    uniqueIndex('newsletter_unsubscribe_token_key').on(t.unsubscribeToken),
    index('newsletter_subscribers_status_idx').on(t.status, t.createdAt),
  ],
);

/** Numeric codes e-mailed for password reset and newsletter confirmation; stored hashed. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose').$type<'password_reset' | 'newsletter'>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the right code was given; for password_reset it opens the change window. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    windowExpiresAt: timestamp('window_expires_at', { withTimezone: true }),
    /** SHA-256 of the single-use reset token held by the browser that entered the code (HttpOnly cookie). */
    resetTokenHash: text('reset_token_hash'),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_email_purpose_idx').on(t.email, t.purpose)],
);

/** E-mail verification tokens are usable once: their jti lands here when used. */
export const usedTokens = pgTable('used_tokens', {
  jti: text('jti').primaryKey(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Every e-mail is written here first, then sent by a worker that retries with back-off. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    toName: text('to_name'),
    /**
     * A waiting message's subject, texts, parameters and attachments, encrypted with a key derived from the
     * JWT secret (server/plugins/app/mail/sealed-content.ts); null once it was sent or given up on
     * (docs/product.md 3.11). The plain columns below are null for rows written since; older rows hold them.
     */
    sealed: text('sealed'),
    subject: text('subject'),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    kind: text('kind').notNull(),
    /** Template parameters for the third-party e-mail service transport. */
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    /** Where answers go (a contact message is answered to the pet owner who sent it). */
    replyTo: text('reply_to'),
    /** Files sent with the message (an appointment's .ics invitation, docs/product.md section 19). */
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** The client address of the request that made the change (null for the system's own work). */
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('audit_log_action_created_idx').on(t.action, t.createdAt),
    index('audit_log_actor_created_idx').on(t.actorId, t.createdAt),
    index('audit_log_target_id_created_idx').on(t.targetId, t.createdAt),
  ],
);

/** A statement trigger counts every change in app_meta 'zip_codes_version' (migration 0024): the search's known places follow it. */
export const zipCodes = pgTable(
  'zip_codes',
  {
    zip: text('zip').primaryKey(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [index('zip_codes_state_city_idx').on(t.state, sql`lower(${t.city})`), index('zip_codes_lat_lon_idx').on(t.latitude, t.longitude)],
);

/** Uploaded images behind the storage interface (default backend: the database). */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerId)],
);

/** Small key/value facts about this installation (e.g. that demo data was loaded). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

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

/** Messages pet owners sent through a profile's contact form. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    species: text('species').notNull().default(''),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_doctor_created_idx').on(t.doctorId, t.createdAt)],
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

/**
 * A pet owner's review of a practice (docs/product.md section 13; migration 0013): one per account
 * and practice; screening may hold it as 'pending' with a hold_reason for an administrator.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 to 5 stars. */
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    /** 'YYYY-MM'. */
    visitMonth: text('visit_month').notNull(),
    species: text('species').notNull(),
    state: text('state').$type<ReviewPostState>().notNull(),
    /** Why screening or reports held it (a sentence for the administrator). */
    holdReason: text('hold_reason'),
    verifiedVisit: boolean('verified_visit').notNull().default(false),
    /** The address it was written (or last edited) from, for the burst rule. */
    clientIp: text('client_ip'),
    /** Reports since the last moderation decision; the third holds a published review. */
    reportCount: integer('report_count').notNull().default(0),
    /** The administrator's reason for the last decision (shown to the author). */
    moderationReason: text('moderation_reason'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedBy: integer('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    replyText: text('reply_text'),
    replyCreatedAt: timestamp('reply_created_at', { withTimezone: true }),
    replyUpdatedAt: timestamp('reply_updated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_author_doctor_key').on(t.authorId, t.doctorId),
    index('reviews_doctor_state_created_idx').on(t.doctorId, t.state, t.createdAt.desc(), t.id.desc()),
    index('reviews_doctor_state_rating_idx').on(t.doctorId, t.state, t.rating, t.createdAt.desc(), t.id.desc()),
    index('reviews_doctor_state_rating_desc_idx').on(t.doctorId, t.state, t.rating.desc(), t.createdAt.desc(), t.id.desc()),
    index('reviews_state_created_idx').on(t.state, t.createdAt, t.id),
    index('reviews_doctor_ip_created_idx').on(t.doctorId, t.clientIp, t.createdAt),
  ],
);

/** One report per account and review (migration 0013). */
export const reviewReports = pgTable(
  'review_reports',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'review_reports_pkey', columns: [t.reviewId, t.reporterId] }), index('review_reports_reporter_idx').on(t.reporterId)],
);

/** The client addresses an account signed in from, with the last time (the "vet's own client address" rule). */
export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'sign_in_addresses_pkey', columns: [t.userId, t.ip] })],
);

/** A completed visit of a pet owner at a practice: its review shows 'Verified visit' (section 14 fills it). */
export const completedVisits = pgTable(
  'completed_visits',
  {
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'completed_visits_pkey', columns: [t.ownerId, t.doctorId] })],
);

/**
 * Per-star counts of a practice's published reviews (docs/product.md section 13; migration 0015), kept
 * exactly by a trigger on reviews; the reviews list and the profile read their average, count and
 * histogram from it. Every practice with a published review has a row, listed or not.
 */
export const reviewStats = pgTable('review_stats', {
  doctorId: integer('doctor_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  stars1: integer('stars_1').notNull().default(0),
  stars2: integer('stars_2').notNull().default(0),
  stars3: integer('stars_3').notNull().default(0),
  stars4: integer('stars_4').notNull().default(0),
  stars5: integer('stars_5').notNull().default(0),
});

/** The states of an appointment request (docs/product.md section 19; shared/lib/appointment-rules.ts). */
export type AppointmentStateValue = 'requested' | 'proposed' | 'confirmed' | 'declined' | 'cancelled' | 'completed' | 'no_show';

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

/**
 * The whole site's searches and profile views per UTC day (docs/product.md section 24; migration 0021), added
 * to by the same batched write as profile_daily_stats, so the dashboard's series read one row a day.
 */
export const siteDailyStats = pgTable('site_daily_stats', {
  day: date('day', { mode: 'string' }).primaryKey(),
  searches: integer('searches').notNull().default(0),
  profileViews: integer('profile_views').notNull().default(0),
});

/*
 * Counts for the business dashboard (docs/product.md section 24; migration 0021, decision 121), appended to by
 * statement-level triggers on users, doctor_search and payments: a count is the sum of its key's rows, and
 * dashboard_compact() folds them into one row per key. Written only by those triggers and that function.
 */
/** New accounts per UTC day and account type. */
export const accountDailyCounts = pgTable(
  'account_daily_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    accountType: text('account_type').$type<AccountType>().notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('account_daily_counts_day_idx').on(t.day)],
);
/** Rows of doctor_search per plan (listed practices, before ended paid periods are taken away). */
export const listedPlanCounts = pgTable('listed_plan_counts', {
  plan: smallint('plan').notNull(),
  n: integer('n').notNull(),
});
/** Payments with a paid plan in state 'active', per plan and period ('month' when none was stored). */
export const renewingPlanCounts = pgTable('renewing_plan_counts', {
  plan: smallint('plan').notNull(),
  period: text('period').$type<'month' | 'year'>().notNull(),
  n: integer('n').notNull(),
});

/**
 * A pet owner's favourite practices (docs/product.md section 21; migration 0018): one row per account and
 * practice, kept while the practice is not listed (the list leaves it out), gone with either account.
 */
export const favorites = pgTable(
  'favorites',
  {
    account: integer('account')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'favorites_pkey', columns: [t.account, t.doctorId] }),
    index('favorites_doctor_idx').on(t.doctorId),
    index('favorites_account_created_idx').on(t.account, t.createdAt.desc(), t.doctorId),
  ],
);

/** Each account's number of favourites, kept by a trigger on favorites; its CHECK is the limit (FAVORITES_MAX). */
export const favoriteCounts = pgTable('favorite_counts', {
  account: integer('account')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  count: integer('count').notNull().default(0),
});

/** One import run and its progress, read by /api/admin/import-status (docs/product.md section 20; migration 0017). */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull().default(''),
    dryRun: boolean('dry_run').notNull(),
    state: text('state').$type<'running' | 'done' | 'failed'>().notNull().default('running'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    errors: jsonb('errors').$type<{ row: number; message: string }[]>().notNull().default([]),
    outcomes: jsonb('outcomes').$type<ImportOutcomeRow[]>().notNull().default([]),
    failure: text('failure'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('import_jobs_created_idx').on(t.createdAt)],
);

/** What one row of an import did or would do (a dry run's table). */
export interface ImportOutcomeRow {
  row: number;
  external_id: string;
  clinic_name: string;
  action: 'create' | 'update' | 'skip';
  reason: string;
}

export type ClaimState = 'code_sent' | 'waiting' | 'approved' | 'rejected' | 'expired' | 'restored';

/** A claim of an imported practice by a vet (docs/product.md section 20; migration 0017). */
export const practiceClaims = pgTable(
  'practice_claims',
  {
    id: serial('id').primaryKey(),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimantId: integer('claimant_id').references(() => users.id, { onDelete: 'set null' }),
    claimantEmail: text('claimant_email').notNull(),
    method: text('method').$type<'email' | 'document'>().notNull(),
    email: text('email'),
    licenseNumber: text('license_number').notNull(),
    licenseState: text('license_state').notNull(),
    documentKey: text('document_key'),
    documentType: text('document_type'),
    state: text('state').$type<ClaimState>().notNull(),
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    reason: text('reason'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    transfer: jsonb('transfer').$type<Record<string, unknown>>(),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('practice_claims_open_key')
      .on(t.doctorId)
      .where(sql`state IN ('code_sent', 'waiting')`),
    index('practice_claims_state_created_idx').on(t.state, t.createdAt),
  ],
);

/** Code guesses at one practice over every account and claim, in a window of an hour (docs/product.md 20.8; migration 0023). */
export const practiceClaimGuesses = pgTable('practice_claim_guesses', {
  doctorId: integer('doctor_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  guesses: integer('guesses').notNull().default(0),
});
