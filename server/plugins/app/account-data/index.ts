// The account's own data as one plugin (docs/product.md section 22): `fastify.accountData.export(...)`,
// `.deleteOwn(...)` for 'Delete my account', `.deleteByAdministrator(...)` for the administrator's
// delete-user (the same command), and `.onAccountDeleted(step)` where other areas add what a deletion
// must also do inside its transaction (account-deletion.ts AccountDeletionStep).
import fp from 'fastify-plugin';
import { domainError } from '../../../lib/domain-error';
import { verifyPassword } from '../../../lib/password';
import type { Actor } from '../audit/audit-log';
import { findUserById, type UserRow } from '../users/index';
import { exportAccount, type AccountExport } from './account-export';
import { deleteAccount, type AccountDeletionStep, type DeletionDeps } from './account-deletion';
import { isAdmin } from '../auth/index';
import { normalizeEmail } from '../../../../shared/lib/email-address';

export type { AccountDeletionStep, DeletedAccount } from './account-deletion';

export const ACCOUNT_DATA_MESSAGES = {
  wrongPassword: 'That password is not right, so nothing was deleted. Enter the password you sign in with.',
  confirmEmail: 'Type the account’s e-mail address exactly to confirm the deletion.',
} as const;

export interface AccountData {
  /** Everything the account holds, as one JSON document. */
  export(userId: number): Promise<AccountExport>;
  /** 'Delete my account': the password is checked behind the sign-in throttle, then the account goes. */
  deleteOwn(user: UserRow, password: string, client: string): Promise<{ confirmationSent: boolean }>;
  /** The administrator's delete-user: the address typed must be the account's. */
  deleteByAdministrator(actor: Actor, input: { user_id: number; confirm_email: string }): Promise<void>;
  /** Adds a step every deletion runs in its transaction before the account's row goes. */
  onAccountDeleted(step: AccountDeletionStep): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    accountData: AccountData;
  }
}

export default fp(
  async (fastify) => {
    const { db } = fastify.database;
    const steps: AccountDeletionStep[] = [];
    const deps: DeletionDeps = {
      db,
      mailer: fastify.mailer,
      changes: fastify.changes,
      steps,
      // Looked up when used: the payments area registers after this one's dependants.
      cancelPlan: (user) => fastify.payments.cancel(user),
      now: () => fastify.clock.now(),
      engine: fastify.database.engine,
      warn: (error, message) => fastify.log.warn({ err: error }, message),
    };
    const accountData: AccountData = {
      export: (userId) => exportAccount(db, userId, fastify.clock.now()),
      async deleteOwn(user, password, client) {
        // The same throttle as sign-in (docs/security.md): guessing the password here is no easier than there.
        await fastify.accounts.loginThrottle.reserve(user.email, client);
        const current = await findUserById(db, user.id);
        if (!current || !(await verifyPassword(current.passwordHash, password)))
          throw domainError(400, 'WRONG_PASSWORD', ACCOUNT_DATA_MESSAGES.wrongPassword, { field: 'password' });
        await fastify.accounts.loginThrottle.succeeded(user.email, client);
        return deleteAccount(deps, user.id, null);
      },
      async deleteByAdministrator(actor, input) {
        const target = await findUserById(db, input.user_id);
        if (target && !isAdmin(target) && normalizeEmail(input.confirm_email) !== target.email)
          throw domainError(400, 'CONFIRM_EMAIL', ACCOUNT_DATA_MESSAGES.confirmEmail, { field: 'confirm_email' });
        await deleteAccount(deps, input.user_id, actor);
      },
      onAccountDeleted(step) {
        steps.push(step);
      },
    };
    fastify.decorate('accountData', accountData);
  },
  { name: 'account-data', dependencies: ['database', 'mailer', 'listing', 'accounts'] },
);

export { default as accountDataRoutes } from './routes/index';
