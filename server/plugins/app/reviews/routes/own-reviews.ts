// The account's own reviews with where each stands (docs/product.md section 13): `/api/user/reviews`.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { OwnReviewsAnswer, OwnReviewsBody } from '../../../../../shared/schemas/review';
import { errorResponses } from '../../../../../shared/schemas/common';
import { noStore } from '../../../../lib/http-cache';

export default async function ownReviewRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();
  fastify.addHook('onRequest', noStore);
  fastify.post('/reviews', {
    preHandler: fastify.requireUser,
    schema: {
      tags: ['reviews'],
      security: [{ bearer: [] }],
      summary: "The account's own reviews, newest first, with their state (doctor_id: only its review of that practice)",
      body: OwnReviewsBody,
      response: { 200: OwnReviewsAnswer, ...errorResponses(400, 401) },
    },
    handler: async (request) => fastify.reviews.mine(request.user, request.body ?? {}),
  });
}
