// The administration area as one plugin (decision record 097): `fastify.admin.<command>(...)` with the
// database and the change announcer bound. Manage Users, the activity log and the subscribers
// (docs/product.md, Administration); every call is behind `fastify.requireAdmin` in its route.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AdminUsersBody, AuditLogBody, SubscribersBody } from '../../../../shared/schemas/admin';
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
    existingIds: (ids: number[]) => existingIds(db, ids),
    verifyEmail: (actor: Actor, userId: number) => verifyEmailByHand(db, actor, userId, fastify.clock.now()),
    suspend: (actor: Actor, userId: number) => suspendUser(db, announcer, actor, userId, fastify.clock.now()),
    reactivate: (actor: Actor, userId: number) => reactivateUser(db, announcer, actor, userId, fastify.clock.now()),
    setRole: (actor: Actor, input: Parameters<typeof setRole>[2]) => setRole(db, actor, input, fastify.clock.now()),
    /** The same command as 'Delete my account' (docs/product.md section 22), looked up when called. */
    deleteUser: (actor: Actor, input: { user_id: number; confirm_email: string }) => fastify.accountData.deleteByAdministrator(actor, input),
    auditLog: (input: AuditLogBody) => listAuditLog(db, input),
    exportAuditLog: (filter: Parameters<typeof exportAuditLog>[1]) => exportAuditLog(db, filter),
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
