// The account commands (register, login, verify e-mail, reset password, newsletter, settings) as one plugin:
// `fastify.accounts.<command>(...)`. Routes validate, authorize, call a command and shape the answer;
// commands throw a DomainError in the form their call answers (lib/domain-error.ts), which the error
// handler answers (plugins/external/errors.ts).
import fp from 'fastify-plugin';
import type { AccountDeps } from './account-deps';
import { createLoginThrottle, type LoginThrottle } from './login-throttle';
import { createSendLimits, type SendLimits } from './send-limits';
import { register } from './register';
import { login } from './login';
import { exchangeVerificationLink, resendVerificationEmail } from './verify-email';
import { changePassword, checkResetCode, requestResetCode } from './reset-password';
import { confirmSubscription, requestSubscription, unsubscribe } from './newsletter';
import { listPractice, sessionRestored } from './account-type';
import { changeName, changeNotifications, changeOwnPassword, confirmEmailChange, readSettings, requestEmailChange } from './account-settings';

export type { SignedIn } from './account-deps';
export type { SendLimits } from './send-limits';

type Command<F> = F extends (deps: AccountDeps, ...rest: infer A) => infer R ? (...rest: A) => R : never;
const bind = <F extends (deps: AccountDeps, ...rest: never[]) => unknown>(deps: AccountDeps, command: F) =>
  ((...rest: never[]) => command(deps, ...rest)) as Command<F>;

function commands(deps: AccountDeps) {
  return {
    register: bind(deps, register),
    login: bind(deps, login),
    exchangeVerificationLink: bind(deps, exchangeVerificationLink),
    resendVerificationEmail: bind(deps, resendVerificationEmail),
    requestResetCode: bind(deps, requestResetCode),
    checkResetCode: bind(deps, checkResetCode),
    changePassword: bind(deps, changePassword),
    requestSubscription: bind(deps, requestSubscription),
    confirmSubscription: bind(deps, confirmSubscription),
    unsubscribe: bind(deps, unsubscribe),
    listPractice: bind(deps, listPractice),
    sessionRestored: bind(deps, sessionRestored),
    readSettings: bind(deps, readSettings),
    changeName: bind(deps, changeName),
    requestEmailChange: bind(deps, requestEmailChange),
    confirmEmailChange: bind(deps, confirmEmailChange),
    changeOwnPassword: bind(deps, changeOwnPassword),
    changeNotifications: bind(deps, changeNotifications),
  };
}

export type Accounts = ReturnType<typeof commands> & {
  /** Resolves when the work queued after answers (reset codes) is done. */
  settled(): Promise<void>;
  /** The one send budget (send-limits.ts), for the other areas that send e-mail a client asked for. */
  sendLimits: SendLimits;
  /** The sign-in throttle (login-throttle.ts), for the other calls that check a password (delete-account). */
  loginThrottle: LoginThrottle;
};

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts;
  }
}

export default fp(
  async (fastify) => {
    const pending = new Set<Promise<void>>();
    const deps: AccountDeps = {
      db: fastify.database.db,
      config: fastify.config,
      tokens: fastify.tokens,
      mailer: fastify.mailer,
      sendLimits: createSendLimits(fastify.counters, fastify.config.rateLimit),
      loginThrottle: createLoginThrottle(fastify.counters, fastify.config.rateLimit),
      clock: fastify.clock,
      listingChanged: (userId) => fastify.changes.announce({ kind: 'listing changed', doctorId: userId }),
      later(task) {
        const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
          .then(task)
          .catch((error: unknown) => fastify.log.error({ err: error }, 'account task failed'))
          .finally(() => pending.delete(run));
        pending.add(run);
      },
    };
    const settled = async () => {
      while (pending.size > 0) await Promise.all([...pending]);
    };
    fastify.decorate('accounts', { ...commands(deps), settled, sendLimits: deps.sendLimits, loginThrottle: deps.loginThrottle });
    fastify.addHook('onClose', settled);
  },
  { name: 'accounts', dependencies: ['database', 'counters', 'authenticate', 'mailer', 'listing'] },
);

export { default as accountRoutes } from './routes/index';
