// The one send-limit helper (docs/security.md, row 6): every call that causes an e-mail spends
// - the recipient's budget for that purpose, per hour and per day (purposes never share a budget,
//   so newsletter sign-ups cannot block someone's password reset), and
// - the client's budget for all purposes together, per hour.
// Each budget is checked and increased in one atomic step (Counters.hit); the client budget is
// checked first so a refused client does not spend a recipient's budget.
import type { Config } from '../../../config';
import type { Counters } from '../limits/counters';
import { rateLimited } from '../../../lib/domain-error';
import { countOf } from '../../../../shared/lib/formats';

export type SendPurpose =
  | 'password_reset'
  | 'newsletter'
  | 'verify_email'
  /** The sender's copy of a contact-form message (docs/product.md, 5.7). */
  | 'contact_confirmation'
  /** The link that confirms a practice's contact address (docs/product.md, 5.7). */
  | 'contact_address'
  /** The code of a claim by e-mail, sent to an address at the practice (docs/product.md, 20.8). */
  | 'claim_code'
  /** The link that confirms an account's new address (docs/product.md section 25). */
  | 'email_change';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface SendLimits {
  /** Spends one e-mail of the purpose for this recipient and client, or throws rate_limited. */
  take(purpose: SendPurpose, recipient: string, client: string): Promise<void>;
}

export function createSendLimits(counters: Counters, limits: Config['rateLimit']): SendLimits {
  const check = async (key: string, max: number, windowMs: number, message: (minutes: number) => string) => {
    if ((await counters.hit(key, windowMs)) <= max) return;
    const seconds = (await counters.ttl(key)) / 1000;
    throw rateLimited(message(Math.max(1, Math.ceil(seconds / 60))), seconds);
  };
  return {
    async take(purpose, recipient, client) {
      const wait = (minutes: number) => `Too many e-mails were requested. Please wait ${countOf(minutes, 'minute')} and try again.`;
      await check(`mail-client:${client}`, limits.mailPerClientPerHour, HOUR_MS, wait);
      await check(`mail-hour:${purpose}:${recipient}`, limits.codesPerHour, HOUR_MS, wait);
      await check(
        `mail-day:${purpose}:${recipient}`,
        limits.mailPerAddressPerDay,
        DAY_MS,
        () => 'Too many e-mails were requested for this address today. Please try again tomorrow.',
      );
    },
  };
}
