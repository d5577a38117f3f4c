// The administrators' Messages tab (docs/product.md section 32): held and reported messages, release, remove.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { HeldMessagesAnswer, HeldMessagesBody, ModerateMessageAnswer, ModerateMessageBody } from '../../../../../shared/schemas/messages';
import { errorResponses } from '../../../../../shared/schemas/common';
import { noStore } from '../../../../lib/http-cache';
import { actorOf } from '../../admin/index';

const tags = ['admin'];
const errors = errorResponses(400, 401, 403, 404);

export default async function messageModerationRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();
  fastify.addHook('onRequest', noStore);

  fastify.post('/held', {
    preHandler: fastify.requireAdmin,
    schema: {
      tags,
      summary: 'Messages held (a new account’s contact details, or three reports) and messages reported, held first, newest first',
      body: HeldMessagesBody,
      response: { 200: HeldMessagesAnswer, ...errors },
    },
    handler: async (request) => fastify.messages.held(request.user, request.body?.page),
  });

  // Release and remove take one message id and answer alike; only what they do differs.
  const decisions = [
    ['/release', 'Show a held message to the other side (it counts as unread and may be e-mailed)', fastify.messages.release],
    ['/remove', 'Remove a message: nobody sees it again, its photo is deleted', fastify.messages.remove],
  ] as const;
  for (const [path, summary, decide] of decisions) {
    fastify.post(path, {
      preHandler: fastify.requireAdmin,
      schema: { tags, summary, body: ModerateMessageBody, response: { 200: ModerateMessageAnswer, ...errors } },
      handler: async (request) => decide(actorOf(request), request.body.id),
    });
  }
}
