// Domain errors of the account commands. Commands throw them; routes map each reason to the status
// and text the spec gives (routes/api/user/account-answers.ts).

export type AccountErrorReason =
  | 'weak_password'
  | 'email_taken'
  | 'rate_limited'
  | 'bad_credentials'
  | 'suspended'
  | 'code_wrong'
  | 'code_expired'
  | 'code_too_many'
  | 'no_reset_window'
  | 'link_invalid'
  | 'link_expired'
  | 'link_used'
  | 'already_subscribed'
  | 'unsubscribe_unknown';

export class AccountError extends Error {
  override name = 'AccountError';
  constructor(
    readonly reason: AccountErrorReason,
    message: string,
    /** Seconds to wait, for rate_limited. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export const rateLimited = (message: string, retryAfterSeconds: number) => new AccountError('rate_limited', message, Math.max(1, Math.ceil(retryAfterSeconds)));
