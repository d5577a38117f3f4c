// GET /api/admin/backup (docs/product.md 23.1): an administrator downloads a consistent copy of the whole
// embedded database, uploads included, as a .tar.gz. Audited; one at a time; 409 on PostgreSQL.
import type { FastifyInstance } from 'fastify';
import { ErrorSchema } from '../../../../shared/schemas/common';
import { actorOf } from '../../../plugins/app/admin/index';

export default async function backupRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.get('/backup', {
    preHandler: fastify.requireAdmin,
    schema: {
      tags: ['admin'],
      summary: 'A consistent copy of the whole embedded database and its uploads (.tar.gz); 409 on PostgreSQL or while another backup runs',
      produces: ['application/gzip'],
      response: { 401: ErrorSchema, 403: ErrorSchema, 409: ErrorSchema },
    },
    handler: async (request, reply) => {
      const { stream, fileName } = await fastify.backups.download(actorOf(request));
      // The copy holds every account's password hash and private fields: no cache anywhere may keep it.
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });
}
