// What 'Download my data' carries of each table (docs/product.md 22.4 and 22.7): a written list of
// columns per way a row names the account. A row the account wrote or owns is exported whole but for
// secrets and other people's ids; a row about the account that someone else wrote carries only what the
// public or the account already sees (a review of its practice: the published text, rating and the
// author's public name; never the reviewer's account, address or the screening's reasons). A table or
// column without a list is not exported, and account-data.test.ts fails until one is written
// (decision 123).
import { reviewAuthorName } from '../../../../shared/lib/review-rules';

/** One way a table names the account: the rows where `column` holds its id, and what of them leaves. */
export interface ExportList {
  /** Columns the export carries, in this order. Empty: the rows are not exported at all. */
  exported: readonly string[];
  /** Columns it never carries (secrets, other people's ids and addresses, the operator's notes). */
  withheld: readonly string[];
  /** A further value selected with them, written here (never from input); `present` turns it into what is shown. */
  extra?: string;
  /** A further condition on the rows, written here (never from input). */
  where?: string;
  /** Values the public already sees that the row does not hold itself (a reviewer's public name). */
  present?: (row: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * Every column of a practice claim: a claim's export lists what it carries, and the rest is withheld (among them
 * code_hash, and transfer: the practice's fields as they were before the claim, the former holder's).
 */
const CLAIM_COLUMNS = [
  ...['id', 'doctor_id', 'claimant_id', 'claimant_email', 'method', 'email', 'license_number', 'license_state', 'document_key', 'document_type'],
  ...['state', 'code_expires_at', 'attempts', 'reason', 'decided_at', 'restored_at', 'created_at', 'code_hash', 'decided_by', 'transfer'],
];

/** A list of what leaves out of a table's columns `all`: these and no others. */
const only = (all: readonly string[], exported: readonly string[]): ExportList => ({ exported, withheld: all.filter((column) => !exported.includes(column)) });
/** A list of what leaves out of a table's columns `all`: all but these, in their order. */
const without = (all: readonly string[], withheld: readonly string[]): ExportList => ({
  exported: all.filter((column) => !withheld.includes(column)),
  withheld,
});

const REVIEW_AUTHOR = `(SELECT json_build_object('first', u.first_name, 'last', u.last_name) FROM users u WHERE u.id = reviews.author_id) AS author`;

/** A review's columns, as its author's export carries them. */
const REVIEW_COLUMNS = [
  'id',
  'doctor_id',
  'author_id',
  'rating',
  'title',
  'text',
  'visit_month',
  'species',
  'state',
  'verified_visit',
  'client_ip',
  'moderation_reason',
  'moderated_at',
  'reply_text',
  'reply_created_at',
  'reply_updated_at',
  'created_at',
  'updated_at',
] as const;
/** Every column of a review: the author's export and the screening's notes and moderator. */
const REVIEW_ALL_COLUMNS = [...REVIEW_COLUMNS, 'hold_reason', 'report_count', 'moderated_by'];
/** What a review of the account's practice never carries: who wrote it and the screening's notes. */
const REVIEW_ABOUT_WITHHELD: readonly string[] = [
  'author_id',
  'state',
  'hold_reason',
  'client_ip',
  'report_count',
  'moderation_reason',
  'moderated_at',
  'moderated_by',
];

/** An appointment's columns, as the owner's export carries them (the practice's leaves out the owner's id). */
const APPOINTMENT_COLUMNS = [
  'id',
  'doctor_id',
  'owner_id',
  'pet_name',
  'species',
  'pet_id',
  'pet',
  'reason',
  'phone',
  'preferred',
  'start',
  'time_zone',
  'state',
  'message',
  'answered_at',
  'reminder_sent_at',
  'visit_type_id',
  'end_at',
  'sequence',
  'created_at',
  'updated_at',
] as const;

const MESSAGE_THREAD_COLUMNS = [
  'id',
  'owner_id',
  'doctor_id',
  'created_at',
  'last_message_at',
  'owner_unread',
  'practice_unread',
  'owner_blocked_at',
  'practice_blocked_at',
  'closed_side',
] as const;
const MESSAGE_THREAD_WITHHELD = ['last_message_id', 'owner_emailed_at', 'practice_emailed_at', 'owner_waiting_since'];
/** A thread's messages as the side `side` sees them, oldest first (the photos are in the account's uploads or the other side's). */
const threadMessages = (side: 'owner' | 'practice') =>
  `(SELECT coalesce(json_agg(json_build_object('id', m.id, 'from', m.sender, 'kind', m.kind, 'text', m.body, 'photo', m.photo_key IS NOT NULL, 'created_at', m.created_at, 'read_at', m.read_at) ORDER BY m.id), '[]'::json)
    FROM messages m WHERE m.thread_id = message_threads.id AND (m.state = 'shown' OR (m.state = 'held' AND m.sender = '${side}'))) AS messages`;

/** Columns of the account's own row. */
export const ACCOUNT_COLUMNS: ExportList = {
  exported: [
    'id',
    'email',
    'first_name',
    'last_name',
    'verify',
    'verified_at',
    'manage_role',
    'status',
    'submit_at',
    'review_state',
    'review_reason',
    'reviewed_at',
    'last_verification_email_at',
    'stripe_customer_id',
    'account_type',
    'claimed',
    'pending_email',
    'email_reminders',
    'email_review_invitations',
    'email_request_updates',
    'email_messages',
    'created_at',
    'updated_at',
  ],
  // reviewed_by is the administrator who decided: another account's id. pending_email_jti names the
  // one link that may complete an e-mail change (docs/product.md section 25).
  withheld: ['password_hash', 'token_version', 'reviewed_by', 'pending_email_jti'],
};

/** By table, then by the column that holds the account's id. */
export const EXPORT_COLUMNS: Record<string, Record<string, ExportList>> = {
  profiles: {
    user_id: {
      exported: [
        'user_id',
        'clinic_name',
        'contact_phone',
        'contact_email',
        'verified_contact_email',
        'street',
        'city',
        'state',
        'zip',
        'latitude',
        'longitude',
        'website_title',
        'website_url',
        'reviewed_website_url',
        'working_time',
        'time_zone',
        'special_hours',
        'avatar_url',
        'avatar_key',
        'summary',
        'education',
        'services',
        'species',
        'photos',
        'emergency',
        'accepting_new_patients',
        'accepting_confirmed_at',
        'license_number',
        'license_state',
        'step1_done_at',
        'step2_done_at',
        'view_count',
        'phone_key',
        'created_at',
        'updated_at',
      ],
      // The operator's key for the practice in its import file.
      withheld: ['external_id'],
    },
  },
  payments: {
    user_id: {
      exported: [
        'id',
        'user_id',
        'plan',
        'status',
        'provider',
        'email',
        'customer_id',
        'subscription_id',
        'period',
        'current_period_end',
        'created_at',
        'updated_at',
      ],
      withheld: [],
    },
  },
  checkout_sessions: {
    user_id: { exported: ['id', 'user_id', 'plan', 'provider', 'status', 'period', 'amount_cents', 'created_at', 'completed_at'], withheld: [] },
  },
  // A copy of the profile in the search's own encoding: the profile is exported instead.
  doctor_search: { user_id: { exported: [], withheld: [] } },
  reviews: {
    // Reviews the account wrote: its own words and where they stand, not the screening's notes or who moderated.
    author_id: without(REVIEW_ALL_COLUMNS, ['hold_reason', 'report_count', 'moderated_by']),
    // Reviews of the account's practice: only published ones, as the profile shows them.
    doctor_id: {
      exported: REVIEW_COLUMNS.filter((column) => !REVIEW_ABOUT_WITHHELD.includes(column)),
      extra: REVIEW_AUTHOR,
      withheld: REVIEW_ABOUT_WITHHELD,
      where: `state = 'published'`,
      present: ({ author, ...row }) => {
        const name = author as { first: string; last: string } | null;
        return { ...row, author_name: name ? reviewAuthorName(name.first, name.last) : null };
      },
    },
    // An administrator's decisions: what it decided and why, not the review's author or text.
    moderated_by: only(REVIEW_ALL_COLUMNS, ['id', 'doctor_id', 'moderated_by', 'moderated_at', 'moderation_reason']),
  },
  review_reports: { reporter_id: { exported: ['review_id', 'reporter_id', 'reason', 'created_at'], withheld: [] } },
  sign_in_addresses: { user_id: { exported: ['user_id', 'ip', 'last_at'], withheld: [] } },
  completed_visits: {
    owner_id: { exported: ['owner_id', 'doctor_id', 'completed_at'], withheld: [] },
    doctor_id: { exported: ['doctor_id', 'completed_at'], withheld: ['owner_id'] },
  },
  review_stats: { doctor_id: { exported: ['doctor_id', 'stars_1', 'stars_2', 'stars_3', 'stars_4', 'stars_5'], withheld: [] } },
  appointments: {
    owner_id: { exported: APPOINTMENT_COLUMNS, withheld: [] },
    // Requests to the practice: what its inbox shows, without the owner's account id or the id of the owner's pet.
    doctor_id: { exported: APPOINTMENT_COLUMNS.filter((column) => column !== 'owner_id' && column !== 'pet_id'), withheld: ['owner_id', 'pet_id'] },
  },
  // Conversations (docs/product.md section 32): each thread of the account with every message both sides see in
  // it, its own held ones included; never the other side's held or removed ones, the e-mail throttle or the
  // screening's notes. A message row alone is not exported: it is in its thread.
  message_threads: {
    owner_id: { exported: MESSAGE_THREAD_COLUMNS, withheld: MESSAGE_THREAD_WITHHELD, extra: threadMessages('owner') },
    doctor_id: { exported: MESSAGE_THREAD_COLUMNS, withheld: MESSAGE_THREAD_WITHHELD, extra: threadMessages('practice') },
  },
  messages: { sender_id: { exported: [], withheld: [] } },
  message_reports: { reporter_id: { exported: ['message_id', 'reporter_id', 'reason', 'created_at'], withheld: [] } },
  appointment_limits: { account_id: { exported: ['kind', 'account_id', 'day', 'n'], withheld: [] } },
  appointment_response_times: { doctor_id: { exported: ['doctor_id', 'answers', 'median_hours', 'updated_at'], withheld: [] } },
  favorites: {
    account: { exported: ['account', 'doctor_id', 'created_at'], withheld: [] },
    // Who saved a practice is theirs: the practice sees only how many did.
    doctor_id: { exported: [], withheld: [] },
  },
  // Guesses at the practice's claim code by any account (docs/product.md 20.8): other people's attempts.
  practice_claim_guesses: { doctor_id: { exported: [], withheld: [] } },
  favorite_counts: { account: { exported: ['account', 'count'], withheld: [] } },
  // The owner's saved pets (docs/product.md section 31).
  pets: {
    owner_id: { exported: ['id', 'owner_id', 'name', 'species', 'breed', 'birth_date', 'weight_kg', 'notes', 'created_at', 'updated_at'], withheld: [] },
  },
  pet_counts: { owner_id: { exported: ['owner_id', 'count'], withheld: [] } },
  // What a practice publishes for booking (docs/product.md section 30); its calendar feed's secret stays out.
  booking_settings: {
    doctor_id: {
      exported: [
        'doctor_id',
        'enabled',
        'step_minutes',
        'capacity',
        'lead_hours',
        'horizon_days',
        'confirm_each',
        'hours',
        'busy_feed_url',
        'feed_read_at',
        'feed_error',
        'next_available',
        'next_checked_at',
        'updated_at',
      ],
      withheld: ['calendar_token'],
    },
  },
  visit_types: { doctor_id: { exported: ['id', 'doctor_id', 'name', 'minutes', 'species', 'new_patients', 'price_from', 'position'], withheld: [] } },
  busy_times: { doctor_id: { exported: ['id', 'doctor_id', 'start', 'end', 'note', 'source'], withheld: [] } },
  import_jobs: {
    admin_id: {
      exported: [
        'id',
        'admin_id',
        'file_name',
        'dry_run',
        'state',
        'total',
        'done',
        'created',
        'updated',
        'skipped',
        'errors',
        'outcomes',
        'failure',
        'created_at',
        'updated_at',
        'finished_at',
      ],
      withheld: [],
    },
  },
  practice_claims: {
    // The account's own claims: what it sent and where they stand, not the code or who decided.
    claimant_id: without(CLAIM_COLUMNS, ['code_hash', 'decided_by', 'transfer']),
    // Claims others made on the account's practice are theirs.
    doctor_id: { exported: [], withheld: [] },
    // An administrator's decisions, without the claimant's address, licence or document.
    decided_by: only(CLAIM_COLUMNS, ['id', 'doctor_id', 'decided_by', 'state', 'reason', 'decided_at']),
  },
  // The entries the account made (its own requests' addresses included); those about it are listed below.
  audit_log: { actor_id: { exported: ['id', 'actor_id', 'action', 'target_type', 'target_id', 'details', 'ip', 'created_at'], withheld: [] } },
  uploads: { owner_id: { exported: ['key', 'content_type', 'size', 'owner_id', 'created_at'], withheld: ['bytes'] } },
  articles: {
    author_id: {
      exported: [
        'id',
        'kind',
        'title',
        'avatar',
        'author',
        'author_id',
        'img_url',
        'img_alt',
        'contents',
        'sub_content',
        'published',
        'published_at',
        'ai_topic',
        'created_at',
        'updated_at',
      ],
      withheld: ['reviewed_by'],
    },
    reviewed_by: {
      exported: ['id', 'kind', 'title', 'published', 'published_at', 'reviewed_by', 'created_at', 'updated_at'],
      withheld: ['avatar', 'author', 'author_id', 'img_url', 'img_alt', 'contents', 'sub_content', 'ai_topic'],
    },
  },
  profile_photos: { user_id: { exported: ['id', 'user_id', 'key', 'url', 'width', 'height', 'caption', 'position', 'created_at'], withheld: [] } },
  profile_daily_stats: {
    user_id: {
      exported: ['user_id', 'day', 'views', 'appearances', 'clicks_phone', 'clicks_website', 'clicks_directions', 'messages'],
      withheld: [],
    },
  },
  // Messages pet owners sent to the practice: its inbox shows all of this.
  contact_messages: { doctor_id: { exported: ['id', 'doctor_id', 'name', 'email', 'phone', 'species', 'message', 'created_at'], withheld: [] } },
};

/** Rows that name the account by its address only, exported once the address is verified (docs/product.md 22.7). */
export const BY_ADDRESS_COLUMNS = {
  newsletter_subscribers: { exported: ['id', 'email', 'status', 'confirmed_at', 'unsubscribed_at', 'created_at'], withheld: ['unsubscribe_token'] },
  contact_messages: { exported: ['id', 'doctor_id', 'name', 'email', 'phone', 'species', 'message', 'created_at'], withheld: [] },
} satisfies Record<string, ExportList>;

/** Audit entries about the account that others made: what was done and when, not who did it or from where. */
export const AUDIT_ABOUT_COLUMNS: ExportList = {
  exported: ['id', 'action', 'target_type', 'target_id', 'details', 'created_at'],
  withheld: ['actor_id', 'ip'],
};
