// Sign-in throttling as OWASP's Authentication Cheat Sheet describes it (docs/security.md, rows 3 and 11):
// - per client address: at most loginPerAddress tries per window;
// - per account and client pair: after loginFailuresPerAccount failures that pair is locked for the
//   window, so a stranger cannot lock the owner out from elsewhere;
// - per account: after loginFailuresPerAccount failures from all clients together, each further try
//   waits a delay that doubles per failure (1 s, 2 s, 4 s ... up to loginMaxDelaySeconds) instead of
//   a hard lock;
// - a successful sign-in forgets the failures.
// Every try is reserved atomically BEFORE the password is verified, so parallel tries cannot pass a
// limit that a check-then-count would let through.
import type { Config } from '../../../config';
import type { Counters } from '../limits/counters';
import { rateLimited } from '../../../lib/domain-error';
import { countOf } from '../../../../shared/lib/formats';

export interface LoginThrottle {
  /** Reserves a try, or throws rate_limited. */
  reserve(email: string, client: string): Promise<void>;
  /** A right password: the account's and this pair's failures are forgotten. */
  succeeded(email: string, client: string): Promise<void>;
  /** The password changed by reset: every failure of the account is forgotten. */
  clearAccount(email: string): Promise<void>;
}

export function createLoginThrottle(counters: Counters, limits: Config['rateLimit']): LoginThrottle {
  const windowMs = limits.loginWindowMinutes * 60_000;
  const keys = (email: string, client: string) => ({
    address: `login-ip:${client}`,
    pair: `login-pair:${email}|${client}`,
    account: `login-acct:${email}`,
    gate: `login-gate:${email}`,
  });
  const refuse = (ms: number) => {
    const seconds = Math.max(1, Math.ceil(ms / 1000));
    const wait = seconds < 120 ? countOf(seconds, 'second') : countOf(Math.ceil(seconds / 60), 'minute');
    return rateLimited(`Too many sign-in attempts. Please wait ${wait} and try again.`, seconds);
  };
  return {
    async reserve(email, client) {
      const k = keys(email, client);
      if ((await counters.hit(k.address, windowMs)) > limits.loginPerAddress) throw refuse(await counters.ttl(k.address));
      if ((await counters.hit(k.pair, windowMs)) > limits.loginFailuresPerAccount) throw refuse(await counters.ttl(k.pair));
      const tries = await counters.hit(k.account, windowMs);
      const beyond = tries - limits.loginFailuresPerAccount;
      if (beyond <= 0) return;
      // One try per delay across all clients: the gate key is set atomically (SET NX PX).
      const delayMs = Math.min(limits.loginMaxDelaySeconds * 1000, 1000 * 2 ** Math.min(beyond - 1, 20));
      if (await counters.claim(k.gate, delayMs)) return;
      await counters.decrement(k.account); // a refused try is not a failure
      throw refuse(await counters.ttl(k.gate));
    },
    async succeeded(email, client) {
      const k = keys(email, client);
      await Promise.all([counters.reset(k.pair), counters.reset(k.account), counters.reset(k.gate)]);
    },
    async clearAccount(email) {
      await Promise.all([counters.reset(`login-acct:${email}`), counters.reset(`login-gate:${email}`)]);
    },
  };
}
