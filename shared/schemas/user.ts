// Request and answer schemas of the account calls (docs/product.md, Calls; Accounts and tokens).
import { Type, type Static } from '@sinclair/typebox';

const strict = { additionalProperties: false } as const;
export const Email = Type.String({ format: 'email', minLength: 3, maxLength: 254 });
export const Password = Type.String({ minLength: 1, maxLength: 128 });
/** A 6-digit code; the client parses it as an integer (docs/product.md, Messages), so a number or a string. */
export const VerifyCode = Type.Union([Type.Integer({ minimum: 0, maximum: 999999 }), Type.String({ pattern: '^\\s*\\d{1,6}\\s*$' })]);
const Name = Type.String({ minLength: 1, maxLength: 80 });

export const RegisterBody = Type.Object({ first_name: Name, last_name: Name, email: Email, password: Type.String({ maxLength: 1024 }) }, strict);
export const LoginBody = Type.Object({ email: Email, password: Password }, strict);
export const TokenBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 4096 }) }, strict);
export const EmailBody = Type.Object({ email: Email }, strict);
export const CheckCodeBody = Type.Object({ email: Email, verifyCode: VerifyCode }, strict);
export const ChangePasswordBody = Type.Object({ email: Email, password: Type.String({ maxLength: 1024 }) }, strict);

export const PaymentInfoSchema = Type.Union([
  Type.Object({ plan: Type.Integer(), status: Type.String(), current_period_end: Type.Union([Type.String(), Type.Null()]) }),
  Type.Null(),
]);
export const UserSchema = Type.Object(
  {
    id: Type.Integer(),
    first_name: Type.String(),
    last_name: Type.String(),
    email: Type.String(),
    verify: Type.Boolean(),
    manage_role: Type.Union([Type.Literal('user'), Type.Literal('admin')]),
    submit_at: Type.Union([Type.String(), Type.Null()]),
    payment: PaymentInfoSchema,
  },
  { additionalProperties: true },
);
export const SessionSchema = Type.Object({ token: Type.String(), user: UserSchema });
export const MessageSchema = Type.Object({ message: Type.String() }, { additionalProperties: true });
export const ErrorSchema = Type.Object({ message: Type.String(), code: Type.String() }, { additionalProperties: true });
export const TextSchema = Type.String({ description: 'A plain-text sentence for the user' });

export type RegisterBody = Static<typeof RegisterBody>;
export type LoginBody = Static<typeof LoginBody>;
