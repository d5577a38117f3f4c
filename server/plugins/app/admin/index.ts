// The administration area as one plugin (decision record 097): `fastify.admin.<command>(...)` with the
// database and the change announcer bound. Manage Users, the activity log and the subscribers
// (docs/product.md, Administration); every call is behind `fastify.requireAdmin` in its route.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AdminUsersBody, AuditLogBody, BulkAnswer, BulkBody, SubscribersBody } from '../../../../shared/schemas/admin';
import { DomainError } from '../../../lib/domain-error';
import type { UserRow } from '../users/index';
import { actorOf, exportAuditLog, listAuditLog, type Actor } from '../audit/audit-log';
import { confirmedSubscribers, listSubscribers } from './subscribers';
import { ADMIN_MESSAGES, existingIds, listUsers, reactivateUser, setRole, suspendUser, userDetail, verifyEmailByHand } from './user-admin';

export { actorOf, ADMIN_MESSAGES, type Actor };

function adminOf(fastify: FastifyInstance) {
  const { db } = fastify.database;
  const announcer = fastify.changes;
  return {
    listUsers: (input: AdminUsersBody) => listUsers(db, input, fastify.clock.now()),
    userDetail: (userId: number) => userDetail(db, userId, fastify.clock.now()),
    verifyEmail: (actor: Actor, userId: number) => verifyEmailByHand(db, actor, userId, fastify.clock.now()),
    suspend: (actor: Actor, userId: number) => suspendUser(db, announcer, actor, userId, fastify.clock.now()),
    reactivate: (actor: Actor, userId: number) => reactivateUser(db, announcer, actor, userId, fastify.clock.now()),
    setRole: (actor: Actor, input: Parameters<typeof setRole>[2]) => setRole(db, actor, input, fastify.clock.now()),
    /** The same command as 'Delete my account' (docs/product.md section 22), looked up when called. */
    deleteUser: (actor: Actor, input: { user_id: number; confirm_email: string }) => fastify.accountData.deleteByAdministrator(actor, input),
    auditLog: (input: AuditLogBody) => listAuditLog(db, input),
    exportAuditLog: (filter: Parameters<typeof exportAuditLog>[1]) => exportAuditLog(db, filter),
    /**
     * Approves or suspends several accounts: each one is its own command (and audit entry), and a refusal of
     * one (unknown, not in review ...) is reported for it while the others go on.
     */
    async bulk(administrator: UserRow, actor: Actor, input: BulkBody): Promise<BulkAnswer> {
      const known = await existingIds(db, input.user_ids);
      const results: BulkAnswer['results'] = [];
      for (const userId of input.user_ids) {
        try {
          if (!known.has(userId)) throw new DomainError(404, 'NOT_FOUND', ADMIN_MESSAGES.notFound);
          if (input.action === 'suspend') await suspendUser(db, announcer, actor, userId, fastify.clock.now());
          else await fastify.profiles.decideApproval(administrator, { user_id: userId, decision: 'approve', reason: '' }, actor.ip ?? '');
          results.push({ user_id: userId, ok: true });
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          results.push({ user_id: userId, ok: false, code: error.code, message: error.message });
        }
      }
      return { done: results.filter((r) => r.ok).length, results };
    },
    subscribers: (input: SubscribersBody) => listSubscribers(db, input),
    confirmedSubscribers: () => confirmedSubscribers(db),
  };
}

export type Admin = ReturnType<typeof adminOf>;

declare module 'fastify' {
  interface FastifyInstance {
    admin: Admin;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('admin', adminOf(fastify));
  },
  { name: 'admin', dependencies: ['database', 'listing'] },
);

export { default as adminRoutes } from './routes/index';
