// A pet owner's favourite practices (docs/product.md section 21): add, remove and list, for the signed-in
// account only (the account comes from the session, never from the body). The work is the favourites
// area's (plugins/app/favorites); refusals are `{ message, code, field? }` with a plain sentence.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { FavoriteAnswer, FavoriteBody, FavoriteListAnswer } from '../../../../../shared/schemas/favorite';
import { errorResponses } from '../../../../../shared/schemas/common';
import { noStore } from '../../../../lib/http-cache';

const tags = ['favorites'];
const security = [{ bearer: [] }];
const errors = errorResponses(400, 401, 404, 409);

export default async function favoriteRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();
  fastify.addHook('onRequest', noStore);

  fastify.post('/add', {
    preHandler: fastify.requireUser,
    schema: {
      tags,
      security,
      summary: 'Save a listed practice to My vets (saving it again changes nothing; at most 500 per account)',
      body: FavoriteBody,
      response: { 200: FavoriteAnswer, ...errors },
    },
    handler: async (request) => fastify.favorites.add(request.user, request.body.doctor_id),
  });

  fastify.post('/remove', {
    preHandler: fastify.requireUser,
    schema: { tags, security, summary: 'Take a practice off My vets', body: FavoriteBody, response: { 200: FavoriteAnswer, ...errors } },
    handler: async (request) => fastify.favorites.remove(request.user, request.body.doctor_id),
  });

  fastify.post('/list', {
    preHandler: fastify.requireUser,
    schema: {
      tags,
      security,
      summary: "The account's saved practices that are listed now, newest first, as search cards with their open-now state",
      response: { 200: FavoriteListAnswer, ...errorResponses(401) },
    },
    handler: async (request) => ({ data: await fastify.favorites.list(request.user) }),
  });
}
