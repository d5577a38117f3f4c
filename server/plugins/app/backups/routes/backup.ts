// GET /api/admin/backup (docs/product.md 23.1): an administrator downloads a consistent copy of the whole
// embedded database, uploads included, as a .tar.gz. Audited; one at a time; 409 on PostgreSQL.
// The Administration page's backups (docs/product.md 29.2; decision 180): the kept files, 'Back up now', and a
// two-minute link that the browser follows to download one with the administrator's own session.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { BackupCreateAnswer, BackupLinkAnswer, BackupLinkBody, BackupListAnswer } from '../../../../../shared/schemas/backup';
import { errorResponses } from '../../../../../shared/schemas/common';
import { actorOf } from '../../admin/index';

const refusals = errorResponses(400, 401, 403, 404, 409);
/** The copy holds every account's password hash and private fields: no cache anywhere may keep it. */
const ARCHIVE_HEADERS = { 'content-type': 'application/gzip', 'cache-control': 'no-store' };

export default async function backupRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();
  // Streams are sent through the untyped instance: the typed one checks `send` against the refusal schemas.
  app.get('/backup', {
    preHandler: fastify.requireAdmin,
    schema: {
      tags: ['admin'],
      summary: 'A consistent copy of the whole embedded database and its uploads (.tar.gz); 409 on PostgreSQL or while another backup runs',
      produces: ['application/gzip'],
      response: errorResponses(401, 403, 409),
    },
    handler: async (request, reply) => {
      const { stream, fileName } = await fastify.backups.download(actorOf(request));
      return reply.headers(ARCHIVE_HEADERS).header('content-disposition', `attachment; filename="${fileName}"`).send(stream);
    },
  });

  fastify.post('/backups', {
    preHandler: fastify.requireAdmin,
    schema: { tags: ['admin'], summary: 'The kept backups (scheduled and manual), newest first', response: { 200: BackupListAnswer, ...refusals } },
    handler: async () => fastify.backups.list(),
  });

  fastify.post('/backups/create', {
    preHandler: fastify.requireAdmin,
    schema: {
      tags: ['admin'],
      summary: "'Back up now': writes a backup beside the scheduled ones and answers it; 409 on PostgreSQL or while another backup runs",
      response: { 200: BackupCreateAnswer, ...refusals },
    },
    handler: async (request) => ({ backup: await fastify.backups.createNow(actorOf(request)) }),
  });

  fastify.post('/backups/link', {
    preHandler: fastify.requireAdmin,
    schema: {
      tags: ['admin'],
      summary: 'A link to download one kept backup, valid for two minutes, that the browser follows without an Authorization header',
      body: BackupLinkBody,
      response: { 200: BackupLinkAnswer, ...refusals },
    },
    handler: async (request) => fastify.backups.linkFor(request.user, request.body.name),
  });

  app.get('/backups/file', {
    // The link's ticket stands in for the session, checked before anything else is read (decision 133).
    onRequest: async (request) => {
      const query = request.query as { name?: unknown; ticket?: unknown };
      request.user = await fastify.backups.ticketHolder(
        typeof query.ticket === 'string' ? query.ticket : undefined,
        typeof query.name === 'string' ? query.name : undefined,
      );
    },
    schema: {
      tags: ['admin'],
      summary: 'One kept backup (.tar.gz), opened by the link /api/admin/backups/link made',
      querystring: Type.Object({ name: Type.String({ maxLength: 80 }), ticket: Type.String({ maxLength: 2000 }) }, { additionalProperties: false }),
      produces: ['application/gzip'],
      response: errorResponses(401, 403, 404),
    },
    handler: async (request, reply) => {
      const { name } = request.query as { name: string };
      const { stream, size } = await fastify.backups.openKept(actorOf(request), name);
      return reply
        .headers(ARCHIVE_HEADERS)
        .header('content-length', size)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('referrer-policy', 'no-referrer')
        .send(stream);
    },
  });
}
