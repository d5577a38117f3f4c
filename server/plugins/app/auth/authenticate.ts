// Request authentication: `Authorization: Bearer <session token>`. A token is refused when the
// account is gone, suspended, or its token version changed (password change, suspension).
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { domainError } from '../../../lib/domain-error';
import { findUserById, type UserRow } from '../users/index';
import { resolveJwtSecret, resolvePreviousJwtSecret, TokenError, TokenService } from './tokens';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** The signed-in account, or a 401/403 refusal. Unverified accounts pass only when allowed. */
    authenticate(request: FastifyRequest, options?: { allowUnverified?: boolean }): Promise<UserRow>;
    /** The account a session token belongs to, or undefined when it no longer opens a session. */
    userFromSessionToken(token: string): Promise<UserRow | undefined>;
  }
}

export default fp(
  async (fastify) => {
    const tokens = new TokenService(resolveJwtSecret(fastify.config), resolvePreviousJwtSecret(fastify.config));
    fastify.decorate('tokens', tokens);

    const userFromSessionToken = async (token: string): Promise<UserRow | undefined> => {
      try {
        const claims = await tokens.verify(token, 'session');
        const user = await findUserById(fastify.database.db, Number(claims.sub));
        if (!user || user.tokenVersion !== claims.ver || user.status !== 'active') return undefined;
        return user;
      } catch (error) {
        if (error instanceof TokenError) return undefined;
        throw error;
      }
    };
    fastify.decorate('userFromSessionToken', userFromSessionToken);

    fastify.decorate('authenticate', async (request: FastifyRequest, options: { allowUnverified?: boolean } = {}) => {
      const header = request.headers.authorization ?? '';
      const token = /^Bearer (.+)$/i.exec(header)?.[1]?.trim();
      if (!token) throw domainError(401, 'UNAUTHENTICATED', 'Please sign in to continue.');
      const user = await userFromSessionToken(token);
      if (!user) throw domainError(401, 'UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
      if (!user.verify && !options.allowUnverified) throw domainError(403, 'NOT_VERIFIED', 'Please verify your e-mail address first.');
      return user;
    });
  },
  { name: 'authenticate', dependencies: ['database'] },
);
