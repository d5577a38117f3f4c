// Request and answer schemas of the account calls (docs/product.md, Accounts and tokens).
import { Type, type Static } from '@sinclair/typebox';
import { PASSWORD_MAX_LENGTH } from '../lib/password-policy';
import { PersonName, SafeText } from './common';
import type { ProfileView } from './profile';

export { ErrorSchema, MessageSchema, TextSchema } from './common';

const strict = { additionalProperties: false } as const;
export const Email = Type.String({ format: 'email', minLength: 3, maxLength: 254 });
export const Password = Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH });
/** A 6-digit code; the client parses it as an integer (docs/product.md, Messages), so a number or a string. */
export const VerifyCode = Type.Union([Type.Integer({ minimum: 0, maximum: 999999 }), Type.String({ pattern: '^\\s*\\d{1,6}\\s*$' })]);

// NOTE: new passwords accept up to 1024 characters here so that a long one gets the policy's
// plain sentence (202 on register) rather than a validation error.
/** A pet owner's account or a vet's (docs/product.md section 13). */
export const AccountTypeSchema = Type.Union([Type.Literal('owner'), Type.Literal('vet')], { title: 'account type' });
/** A `next` path as sent: any string up to a size; shared/lib/next-path.ts decides whether it is followed (a hostile one is dropped, not refused). */
const NextBody = Type.String({ maxLength: 4096, description: 'Where the person was going: a path of this site, else ignored.' });
export const RegisterBody = Type.Object(
  {
    first_name: PersonName,
    last_name: PersonName,
    email: Email,
    password: Type.String({ maxLength: 1024 }),
    /** Absent: 'vet', as old clients expect. */
    account_type: Type.Optional(AccountTypeSchema),
    /** Where the person was going (docs/product.md section 26): the verification link carries it when it is a path of this site; else it is dropped. */
    next: Type.Optional(NextBody),
  },
  strict,
);
export const LoginBody = Type.Object({ email: Email, password: Password }, strict);
export const TokenBody = Type.Object({ token: SafeText({ minLength: 1, maxLength: 4096 }) }, strict);
export const EmailBody = Type.Object({ email: Email }, strict);
export const CheckCodeBody = Type.Object({ email: Email, verifyCode: VerifyCode }, strict);
export const ChangePasswordBody = Type.Object({ email: Email, password: Type.String({ maxLength: 1024 }) }, strict);
export const EmptyBody = Type.Optional(Type.Object({}, strict));
/** 'Send again' on /verify: the new link carries `next` as register's does (docs/product.md section 26). */
export const ResendVerificationBody = Type.Optional(Type.Object({ next: Type.Optional(NextBody) }, strict));

export const PaymentInfoSchema = Type.Union([
  Type.Object({ plan: Type.Integer(), status: Type.String(), current_period_end: Type.Union([Type.String(), Type.Null()]) }),
  Type.Null(),
]);
/** Who a user is, as every answer that shows a user starts (the user object, Manage Users' rows). */
export const UserIdentitySchema = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  verify: Type.Boolean(),
  manage_role: Type.Union([Type.Literal('user'), Type.Literal('admin')]),
  /** 'owner' (a pet owner) or 'vet' (docs/product.md section 13). */
  account_type: AccountTypeSchema,
});
export type UserIdentity = Static<typeof UserIdentitySchema>;
/** The user object every answer carries (docs/product.md, The API); profile pieces ride along. */
export const UserSchema = Type.Object(
  {
    ...UserIdentitySchema.properties,
    submit_at: Type.Union([Type.String(), Type.Null()]),
    payment: PaymentInfoSchema,
    /** The profile pieces with its review state (shared/schemas/profile.ts ProfileView), null before step 1. */
    profile: Type.Unsafe<ProfileView | null>({ type: ['object', 'null'], additionalProperties: true, description: 'The profile pieces; avatar as a URL' }),
  },
  { additionalProperties: true },
);
export const SessionSchema = Type.Object({ token: Type.String(), user: UserSchema });
/** Where the administrator's review of a profile stands (docs/product.md, Profile and review). */
export const ReviewStateSchema = Type.Union([Type.Literal('draft'), Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]);
/** The user as administrators' answers show it: the profile's review also at the top (no profile: a draft). */
export const ReviewedUserSchema = Type.Intersect([
  UserSchema,
  Type.Object({
    review_state: ReviewStateSchema,
    review_reason: Type.Union([Type.String(), Type.Null()]),
    reviewed_at: Type.Union([Type.String(), Type.Null()]),
  }),
]);

export type RegisterBody = Static<typeof RegisterBody>;
export type LoginBody = Static<typeof LoginBody>;
export type PaymentInfo = Static<typeof PaymentInfoSchema>;
export type User = Static<typeof UserSchema> & { [profilePiece: string]: unknown };
export type Session = Static<typeof SessionSchema> & { user: User };
export type ReviewedUser = Static<typeof ReviewedUserSchema> & User;
