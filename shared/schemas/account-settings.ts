// Request and answer schemas of the account settings (docs/product.md section 25): /api/user/settings and
// its name, email, email/confirm, password and notifications calls.
import { Type, type Static } from '@sinclair/typebox';
import { PASSWORD_MAX_LENGTH } from '../lib/password-policy';
import { PersonName, SafeText } from './common';
import { Email, UserSchema } from './user';

const strict = { additionalProperties: false } as const;

export const NameSettingsBody = Type.Object({ first_name: PersonName, last_name: PersonName }, strict);
export const EmailSettingsBody = Type.Object({ email: Email, password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }) }, strict);
// NOTE: the new password accepts up to 1024 characters here so that a long one gets the policy's sentence.
export const PasswordSettingsBody = Type.Object(
  { current_password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }), new_password: Type.String({ maxLength: 1024 }) },
  strict,
);
export const ConfirmEmailBody = Type.Object({ token: SafeText({ minLength: 1, maxLength: 4096 }) }, strict);

/** The e-mail preferences, each honoured by the mailer; security e-mails are always sent. */
export const NotificationSettings = Type.Object(
  {
    newsletter: Type.Boolean(),
    reminders: Type.Boolean(),
    review_invitations: Type.Boolean(),
    request_updates: Type.Boolean(),
    message_emails: Type.Boolean(),
  },
  strict,
);
export type NotificationSettings = Static<typeof NotificationSettings>;

export const AccountSettingsSchema = Type.Object({
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  /** The address an e-mail change waits to confirm, or null. */
  pending_email: Type.Union([Type.String(), Type.Null()]),
  notifications: NotificationSettings,
});
export type AccountSettings = Static<typeof AccountSettingsSchema>;

/** Every settings change answers the settings as they now are, with a sentence. */
export const SettingsAnswer = Type.Object({ message: Type.String(), settings: AccountSettingsSchema });
/** A password change answers a fresh session token: the other sessions end, this one stays signed in. */
export const PasswordSettingsAnswer = Type.Object({ message: Type.String(), token: Type.String(), user: UserSchema, settings: AccountSettingsSchema });

export type NameSettingsInput = Static<typeof NameSettingsBody>;
export type EmailSettingsInput = Static<typeof EmailSettingsBody>;
export type PasswordSettingsInput = Static<typeof PasswordSettingsBody>;
