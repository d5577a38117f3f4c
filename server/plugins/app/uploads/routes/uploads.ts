// GET /uploads/<key>: stored images (server/plugins/app/uploads/images.ts). A key never changes content (a new
// upload gets a new key), so answers are cacheable for a year by browsers and CDNs.
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../../../../shared/schemas/common';
import { domainError } from '../../../../lib/domain-error';
import { STORAGE_KEY } from '../../../../storage/storage';
import { sendStored } from '../send-stored';

export default async function uploadRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.get<{ Params: { '*': string } }>('/*', {
    schema: {
      tags: ['uploads'],
      summary: 'An uploaded image (WebP), immutable',
      params: Type.Object({ '*': Type.String({ maxLength: 200 }) }),
      response: errorResponses(404),
    },
    handler: async (request, reply) => {
      const key = request.params['*'];
      // Files under private/ (claim documents, docs/product.md section 20) are never served here.
      const object = STORAGE_KEY.test(key) && !key.startsWith('private/') ? await fastify.storage.get(key) : undefined;
      if (!object) throw domainError(404, 'NOT_FOUND', 'This file does not exist.');
      return sendStored(reply, object, 'public, max-age=31536000, immutable');
    },
  });
}
