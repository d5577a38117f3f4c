// Request and answer schemas of the administration calls (docs/product.md section 10): Manage Users,
// the activity (audit) log and newsletter subscribers. Names are the contract's; extra answer
// fields are additive.
import { Type, type Static } from '@sinclair/typebox';
import { Id, SafeText } from './common';
import { PaymentInfoSchema, ReviewedUserSchema, ReviewStateSchema, UserIdentitySchema, type ReviewedUser } from './user';

const strict = { additionalProperties: false } as const;
const Page = Type.Integer({ minimum: 1, maximum: 100_000, default: 1 });
const PageSize = Type.Integer({ minimum: 1, maximum: 100, default: 25 });
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

const SubscriberStateSchema = Type.Union([Type.Literal('pending'), Type.Literal('confirmed'), Type.Literal('unsubscribed')]);
const UserSortSchema = Type.Union([
  Type.Literal('created_at'),
  Type.Literal('-created_at'),
  Type.Literal('name'),
  Type.Literal('-name'),
  Type.Literal('email'),
  Type.Literal('-email'),
  Type.Literal('submit_at'),
  Type.Literal('-submit_at'),
]);

export const AdminUsersBody = Type.Object(
  {
    /** Part of a name, an e-mail address or a clinic name. */
    search: SafeText({ maxLength: 200, default: '' }),
    role: Type.Optional(Type.Union([Type.Literal('admin'), Type.Literal('user')])),
    verified: Type.Optional(Type.Boolean()),
    /** The plan in force now: 0 none, 1 Basic, 2 Professional, 3 Premium. */
    plan: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
    review_state: Type.Optional(ReviewStateSchema),
    suspended: Type.Optional(Type.Boolean()),
    /** Accounts only (default), imported practices nobody has claimed yet (docs/product.md section 20), or both. */
    listings: Type.Optional(Type.Union([Type.Literal('accounts'), Type.Literal('unclaimed'), Type.Literal('all')])),
    page: Page,
    pageSize: PageSize,
    /** A column, newest/largest first with a leading '-'. Default '-created_at'. */
    sort: Type.Optional(UserSortSchema),
  },
  strict,
);
export type AdminUsersBody = Static<typeof AdminUsersBody>;

export const AdminUserRow = Type.Object({
  ...UserIdentitySchema.properties,
  suspended: Type.Boolean(),
  submit_at: Nullable(Type.String()),
  review_state: ReviewStateSchema,
  payment: PaymentInfoSchema,
  clinic_name: Nullable(Type.String()),
  city: Nullable(Type.String()),
  state: Nullable(Type.String()),
  /** false for an imported practice nobody has claimed yet: it has no person's name, only its clinic. */
  claimed: Type.Boolean(),
  created_at: Type.String(),
});
export type AdminUserRow = Static<typeof AdminUserRow>;
export const AdminUsersAnswer = Type.Object({ data: Type.Array(AdminUserRow), totalCount: Type.Integer() });
export type AdminUsersAnswer = Static<typeof AdminUsersAnswer>;

export const UserIdBody = Type.Object({ user_id: Id }, strict);
export const SetRoleBody = Type.Object(
  {
    user_id: Id,
    role: Type.Union([Type.Literal('admin'), Type.Literal('user')]),
    /** Needed (true) when administrators demote themselves: the second confirmation. */
    confirm: Type.Optional(Type.Boolean()),
  },
  strict,
);
export type SetRoleBody = Static<typeof SetRoleBody>;
export const DeleteUserBody = Type.Object({ user_id: Id, confirm_email: Type.String({ maxLength: 254 }) }, strict);
export type DeleteUserBody = Static<typeof DeleteUserBody>;
export const BulkBody = Type.Object(
  {
    action: Type.Union([Type.Literal('approve'), Type.Literal('suspend')]),
    user_ids: Type.Array(Id, { minItems: 1, maxItems: 100, uniqueItems: true }),
  },
  strict,
);
export type BulkBody = Static<typeof BulkBody>;

export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  actor_id: Type.Union([Type.Integer(), Type.Null()]),
  action: Type.String(),
  target_id: Nullable(Type.String()),
  ip: Nullable(Type.String()),
  /** What changed (`{ field: { from, to } }`) and why (reason, title …). */
  changes: Type.Record(Type.String(), Type.Unknown()),
  /** Additive: who acted and on what, readable. */
  target_type: Type.String(),
  actor_name: Nullable(Type.String()),
  actor_email: Nullable(Type.String()),
  target_label: Nullable(Type.String()),
});
export type AuditEntry = Static<typeof AuditEntrySchema>;

export const AuditLogBody = Type.Object(
  {
    page: Page,
    pageSize: PageSize,
    action: Type.Optional(SafeText({ maxLength: 60 })),
    actor_id: Type.Optional(Id),
    target_id: Type.Optional(Type.Union([Id, SafeText({ maxLength: 60 })])),
    /** Additive (docs/product.md 29.7): who acted, and the account acted on, by part of a name or an e-mail address. */
    actor: Type.Optional(SafeText({ maxLength: 120 })),
    target: Type.Optional(SafeText({ maxLength: 120 })),
  },
  strict,
);
export type AuditLogBody = Static<typeof AuditLogBody>;
export const AuditLogAnswer = Type.Object({ data: Type.Array(AuditEntrySchema), totalCount: Type.Integer() });
export type AuditLogAnswer = Static<typeof AuditLogAnswer>;
/** The CSV export's filters as a query string (the same as the list's). */
export const AuditCsvQuery = Type.Object(
  {
    action: Type.Optional(SafeText({ maxLength: 60 })),
    actor_id: Type.Optional(Type.String({ pattern: '^[1-9]\\d{0,9}$' })),
    target_id: Type.Optional(SafeText({ maxLength: 60 })),
    actor: Type.Optional(SafeText({ maxLength: 120 })),
    target: Type.Optional(SafeText({ maxLength: 120 })),
  },
  strict,
);

export const SubscribersBody = Type.Object({ page: Page, pageSize: PageSize, state: Type.Optional(SubscriberStateSchema) }, strict);
export type SubscribersBody = Static<typeof SubscribersBody>;
export const SubscriberSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  state: SubscriberStateSchema,
  created_at: Type.String(),
  confirmed_at: Nullable(Type.String()),
  unsubscribed_at: Nullable(Type.String()),
});
export type Subscriber = Static<typeof SubscriberSchema>;
export const SubscribersAnswer = Type.Object({ data: Type.Array(SubscriberSchema), totalCount: Type.Integer() });
export type SubscribersAnswer = Static<typeof SubscribersAnswer>;

export const AdminUserAnswer = Type.Object({
  user: Type.Intersect([ReviewedUserSchema, Type.Object({ suspended: Type.Boolean(), created_at: Type.String() })]),
});

export const CheckoutRecord = Type.Object({
  id: Type.String(),
  plan: Type.Integer(),
  period: Type.String(),
  amount_cents: Type.Integer(),
  status: Type.String(),
  provider: Type.String(),
  created_at: Type.String(),
  completed_at: Nullable(Type.String()),
});
export const AdminUserDetail = Type.Object({
  user: Type.Intersect([ReviewedUserSchema, Type.Object({ suspended: Type.Boolean(), created_at: Type.String(), verified_at: Nullable(Type.String()) })]),
  /** Whether pet owners find the profile now (approved, paid, active). */
  listed: Type.Boolean(),
  subscription: Type.Union([
    Type.Object({
      plan: Type.Integer(),
      status: Type.String(),
      provider: Type.String(),
      customer_id: Nullable(Type.String()),
      period: Nullable(Type.String()),
      current_period_end: Nullable(Type.String()),
    }),
    Type.Null(),
  ]),
  payments: Type.Array(CheckoutRecord),
  review_history: Type.Array(AuditEntrySchema),
  recent_activity: Type.Array(AuditEntrySchema),
});
export type AdminUserDetail = Static<typeof AdminUserDetail>;

export const BulkAnswer = Type.Object({
  done: Type.Integer(),
  results: Type.Array(Type.Object({ user_id: Type.Integer(), ok: Type.Boolean(), code: Type.Optional(Type.String()), message: Type.Optional(Type.String()) })),
});
export type BulkAnswer = Static<typeof BulkAnswer>;

// ---- The review queue (docs/product.md, Profile and review) ----

/** One recorded edit of a profile since the last decision: which section, which fields, from what to what. */
export const ProfileChangeSchema = Type.Object({
  at: Type.String(),
  section: Type.String(),
  fields: Type.Array(Type.String()),
  changes: Type.Record(Type.String(), Type.Object({ from: Type.Unknown(), to: Type.Unknown() })),
});
export type ProfileChange = Static<typeof ProfileChangeSchema>;
export const ReviewQueueItemSchema = Type.Object({ user: ReviewedUserSchema, changes: Type.Array(ProfileChangeSchema) });
export type ReviewQueueItem = { user: ReviewedUser; changes: ProfileChange[] };
export const ReviewQueueAnswer = Type.Object({ data: Type.Array(ReviewQueueItemSchema), totalCount: Type.Integer() });
export type ReviewQueueAnswer = { data: ReviewQueueItem[]; totalCount: number };
export const ReviewProfileAnswer = Type.Object({ user: ReviewedUserSchema });
export type ReviewProfileAnswer = { user: ReviewedUser };
