// What every claims command is given, the sentences they answer with, and the practice a claim is of
// (docs/product.md section 20).
import type { DbOrTx } from '../../../db/client';
import { profiles, users } from '../../../db/schema';
import { practiceById } from '../../../db/practice-rows';
import { addressLine } from '../../../../shared/lib/address';
import { countOf } from '../../../../shared/lib/formats';
import type { Clock } from '../../../lib/clock';
import type { Mailer } from '../mail/index';
import type { Announcer } from '../listing/changes';
import type { Counters } from '../limits/counters';
import type { FileStorage } from '../../../storage/storage';
import type { TokenService } from '../auth/tokens';
import type { SendLimits } from '../accounts/index';

export interface ClaimDeps {
  db: DbOrTx;
  mailer: Mailer;
  changes: Announcer;
  clock: Clock;
  counters: Counters;
  storage: FileStorage;
  tokens: TokenService;
  /** The one send budget (docs/decisions/012): a code e-mail spends the recipient's and the client's. */
  sendLimits: SendLimits;
  practiceLink: (id: number) => string;
}

export const CLAIM_MESSAGES = {
  notFound: 'This practice does not exist or cannot be claimed.',
  alreadyClaimed: 'This practice has already been claimed by its vet.',
  open: 'Someone is already claiming this practice and it is being checked. If it is yours, contact us.',
  hasPractice: 'Your account already has a practice profile. Each account manages one practice.',
  admin: 'Administrator accounts cannot claim a practice.',
  noDomain:
    "This practice's website does not show an e-mail domain we can check (it has none, or it is on a shared platform). Claim it with a document instead.",
  wrongDomain: (domain: string) =>
    `Use an address at ${domain}, the practice website's own domain (not a subdomain or a similar-looking one), or claim with a document.`,
  badEmail: 'Enter the e-mail address at the practice that should receive the code.',
  badState: 'Enter the licence state as its two-letter code, e.g. NY.',
  badDocument: 'The document must be a PDF, JPEG or PNG file.',
  noCodeClaim: 'There is no claim of this practice waiting for a code from your account. Start the claim again.',
  expired: 'The code has expired. Ask for a new one.',
  tooMany: 'Too many wrong codes. Ask for a new code.',
  practiceGuesses: 'Too many codes were tried for this practice in the last hour. Please try again later, or claim it with a document.',
  coolingDown: (minutes: number) =>
    `Too many wrong codes were entered for this practice. It can be claimed by e-mail again in ${countOf(minutes, 'minute')}; you can claim it with a document now.`,
  wrong: (left: number) => `That code is not right. ${countOf(left, 'try', 'tries')} left.`,
  tooManyClaims: 'Too many claims from this account in the last hour. Please try again later.',
  codeSent: (email: string) => `We sent a six-digit code to ${email}. Enter it within 10 minutes.`,
  waiting: 'Thank you. An administrator will check your document and e-mail you the decision.',
  claimed: 'The practice is yours. You are signed in to it now.',
  notWaiting: 'This claim is not waiting for a decision.',
  notRestorable: 'Only an approved claim can be restored, once.',
  /** Profile step 1's 202 (section 20): names the listing and where to claim it; the wizard reads the address at its end. */
  listedAlready: (twin: { id: number; clinicName: string | null; street: string | null; city: string | null; state: string | null; zip: string | null }) =>
    `${twin.clinicName ?? 'A practice'} at ${addressLine(twin)} is already listed and not claimed yet. If it is your practice, claim it instead of creating a second listing: /claim/${twin.id}`,
} as const;

export interface Practice {
  id: number;
  claimed: boolean;
  status: string;
  clinicName: string | null;
  websiteUrl: string | null;
  reviewedWebsiteUrl: string | null;
  externalId: string | null;
}

/** The practice's account and profile; an account without a profile is no imported practice (externalId null). */
export function practiceOf(db: DbOrTx, id: number): Promise<Practice | undefined> {
  return practiceById(db, id, {
    id: users.id,
    claimed: users.claimed,
    status: users.status,
    clinicName: profiles.clinicName,
    websiteUrl: profiles.websiteUrl,
    reviewedWebsiteUrl: profiles.reviewedWebsiteUrl,
    externalId: profiles.externalId,
  });
}
