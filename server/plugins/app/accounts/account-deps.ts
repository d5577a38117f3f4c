// What the account commands need, handed over by the accounts plugin (index.ts).
import type { Config } from '../../../config';
import type { Clock } from '../../../lib/clock';
import type { Db } from '../../../db/client';
import type { Mailer } from '../mail/mailer';
import type { TokenService } from '../auth/tokens';
import type { UserRow } from '../users/index';
import type { LoginThrottle } from './login-throttle';
import type { SendLimits } from './send-limits';
import { recordSignInAddress } from './sign-in-addresses';

export interface AccountDeps {
  db: Db;
  config: Config;
  tokens: TokenService;
  mailer: Mailer;
  sendLimits: SendLimits;
  loginThrottle: LoginThrottle;
  /** Decides code expiry, reset windows and the one-a-minute verification e-mail (the send budgets and the sign-in throttle ask it through their counters). */
  clock: Clock;
  /** Announces that a vet's listing shows something new (a changed name, docs/decisions/093-one-listing-module.md). */
  listingChanged(userId: number): void;
  /** Runs work after the answer has gone (same answer time whether or not an account exists). */
  later(task: () => Promise<void>): void;
}

/** A signed-in account: the row and its session token. */
export interface SignedIn {
  user: UserRow;
  token: string;
}

/** A session for the account; the client address it came from is kept (sign-in-addresses.ts). */
export async function signIn(deps: AccountDeps, user: UserRow, client: string | undefined): Promise<SignedIn> {
  await recordSignInAddress(deps.db, user.id, client, deps.clock.now());
  return { user, token: await deps.tokens.sign(user.id, 'session', user.tokenVersion) };
}
