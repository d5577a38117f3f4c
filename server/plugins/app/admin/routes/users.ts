// Manage Users, the activity log and subscribers (docs/product.md section 10): POST /api/admin/<verb>
// and two CSV exports, administrators only (requireAdmin on every route of this plugin). Thin
// routes: schema, authorization, a command in plugins/app/admin, the answer.
import type { FastifyInstance, FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  AdminUserAnswer,
  AdminUserDetail,
  AdminUsersAnswer,
  AdminUsersBody,
  AuditCsvQuery,
  AuditLogAnswer,
  AuditLogBody,
  BulkAnswer,
  BulkBody,
  DeleteUserBody,
  SetRoleBody,
  SubscribersAnswer,
  SubscribersBody,
  UserIdBody,
} from '../../../../../shared/schemas/admin';
import { MessageSchema } from '../../../../../shared/schemas/user';
import { errorResponses } from '../../../../../shared/schemas/common';
import { toCsv } from '../../../../../shared/csv';
import { actorOf } from '../../audit/audit-log';

const tags = ['admin'];
const refusals = errorResponses(400, 401, 403, 404, 409);

function sendCsv(reply: FastifyReply, name: string, body: string, at: Date) {
  const stamp = at.toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${stamp}.csv"`)
    .header('cache-control', 'no-store')
    .send(body);
}

export default async function adminUserRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();
  const { admin } = fastify;
  // Authorization before validation: anyone else learns nothing about the bodies these calls take.
  fastify.addHook('onRequest', fastify.requireAdmin as onRequestAsyncHookHandler);

  fastify.post('/users', {
    schema: {
      tags,
      summary: 'Accounts, searched (name, e-mail, clinic), filtered and sorted, paged on the server',
      body: AdminUsersBody,
      response: { 200: AdminUsersAnswer, ...refusals },
    },
    handler: (request) => admin.listUsers(request.body),
  });

  fastify.post('/user', {
    schema: {
      tags,
      summary: 'One account with profile, subscription, payments, review history and recent activity',
      body: UserIdBody,
      response: { 200: AdminUserDetail, ...refusals },
    },
    handler: (request) => admin.userDetail(request.body.user_id),
  });

  fastify.post('/verify-email', {
    schema: { tags, summary: "Marks the account's e-mail address as verified by hand", body: UserIdBody, response: { 200: AdminUserAnswer, ...refusals } },
    handler: async (request) => ({ user: await admin.verifyEmail(actorOf(request), request.body.user_id) }),
  });

  fastify.post('/suspend', {
    schema: {
      tags,
      summary: 'Suspends the account: its sessions end at once and its profile leaves search',
      body: UserIdBody,
      response: { 200: AdminUserAnswer, ...refusals },
    },
    handler: async (request) => ({ user: await admin.suspend(actorOf(request), request.body.user_id) }),
  });

  fastify.post('/reactivate', {
    schema: { tags, summary: 'Ends a suspension (older sessions stay ended)', body: UserIdBody, response: { 200: AdminUserAnswer, ...refusals } },
    handler: async (request) => ({ user: await admin.reactivate(actorOf(request), request.body.user_id) }),
  });

  fastify.post('/set-role', {
    schema: {
      tags,
      summary: 'Makes or unmakes an administrator; never the last one; demoting yourself needs confirm: true',
      body: SetRoleBody,
      response: { 200: AdminUserAnswer, ...refusals },
    },
    handler: async (request) => ({ user: await admin.setRole(actorOf(request), request.body) }),
  });

  fastify.post('/delete-user', {
    schema: {
      tags,
      summary:
        'Deletes an account with its profile, uploads, codes and queued e-mails; confirm_email must be its address; administrators must be demoted first',
      body: DeleteUserBody,
      response: { 200: MessageSchema, ...refusals },
    },
    handler: async (request) => {
      await admin.deleteUser(actorOf(request), request.body);
      return { message: 'The account and its data were deleted.' };
    },
  });

  fastify.post('/bulk', {
    schema: {
      tags,
      summary: 'Approves or suspends several accounts; each one is its own action (and audit entry), and the answer says which went through',
      body: BulkBody,
      response: { 200: BulkAnswer, ...refusals },
    },
    handler: async (request) => admin.bulk(request.user, actorOf(request), request.body),
  });

  fastify.post('/audit-log', {
    schema: {
      tags,
      summary: 'The activity log, newest first, filtered by action, actor or target (by id, or by name or e-mail address); paged',
      body: AuditLogBody,
      response: { 200: AuditLogAnswer, ...refusals },
    },
    handler: (request) => admin.auditLog(request.body),
  });

  fastify.get('/audit-log.csv', {
    schema: {
      tags,
      summary: 'The activity log as CSV (same filters as a query string), newest first',
      querystring: AuditCsvQuery,
      response: { 200: Type.String(), ...refusals },
    },
    handler: async (request, reply) => {
      const { action, actor_id, target_id, actor, target } = request.query;
      const entries = await admin.exportAuditLog({ action, actor_id: actor_id ? Number(actor_id) : undefined, target_id, actor, target });
      const rows = entries.map((e) => [
        e.id,
        e.at,
        e.actor_id,
        e.actor_email,
        e.action,
        e.target_type,
        e.target_id,
        e.target_label,
        e.ip,
        JSON.stringify(e.changes),
      ]);
      return sendCsv(
        reply,
        'activity',
        toCsv(['id', 'at', 'actor_id', 'actor_email', 'action', 'target_type', 'target_id', 'target', 'ip', 'changes'], rows),
        app.clock.now(),
      );
    },
  });

  fastify.post('/subscribers', {
    schema: {
      tags,
      summary: 'Newsletter subscribers, newest first, optionally by state; paged',
      body: SubscribersBody,
      response: { 200: SubscribersAnswer, ...refusals },
    },
    handler: (request) => admin.subscribers(request.body),
  });

  fastify.get('/subscribers.csv', {
    schema: { tags, summary: 'Confirmed newsletter subscribers as CSV', response: { 200: Type.String(), ...refusals } },
    handler: async (_request, reply) => {
      const rows = (await admin.confirmedSubscribers()).map((s) => [s.email, s.confirmed_at, s.created_at]);
      return sendCsv(reply, 'subscribers', toCsv(['email', 'confirmed_at', 'subscribed_at'], rows), app.clock.now());
    },
  });
}
