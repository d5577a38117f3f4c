// Accounts as rows and as every answer shows them (docs/product.md, The API) as one plugin:
// `fastify.users` presents a user with its plan and profile pieces, read now; the row functions
// (user-repository.ts, each taking the database or a transaction) and the presenters are exported here
// for the other areas' commands. Users import no other area's account logic: profiles imports from here,
// never the other way (the contact rule every profile answer shows lives in contact-rule.ts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { User } from '../../../../shared/types/user';
import { domainError } from '../../../lib/domain-error';
import { findUserById, loadPresentedUser, type UserRow } from './user-repository';

export { bumpTokenVersion, createUser, findUserByEmail, findUserById, loadPresentedUser, updateUser, type UserRow } from './user-repository';
export { presentIdentity, presentReviewedUser, presentUser } from './user-presenter';
export { isConfirmedContact, normalizeAddress } from './contact-rule';

export interface Users {
  /** The user as every answer shows it, with its plan and profile pieces as they are now. */
  present(user: UserRow): Promise<User>;
  /** The same for the account's current row (after a change that returned no row). */
  presentById(id: number): Promise<User>;
}

declare module 'fastify' {
  interface FastifyInstance {
    users: Users;
  }
}

async function usersPlugin(fastify: FastifyInstance): Promise<void> {
  const { db } = fastify.database;
  const users: Users = {
    present: (user) => loadPresentedUser(db, user, fastify.clock.now()),
    async presentById(id) {
      const user = await findUserById(db, id);
      if (!user) throw domainError(404, 'NOT_FOUND', 'This account no longer exists.');
      return loadPresentedUser(db, user, fastify.clock.now());
    },
  };
  fastify.decorate('users', users);
}

export default fp(usersPlugin, { name: 'users', dependencies: ['database'] });
