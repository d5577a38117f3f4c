// Moderation of pet owners' reviews (docs/product.md section 13), administrators only: the queue (or the
// published, rejected and removed lists) and one decision with a reason, audited and e-mailed to the author.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AdminReviewsAnswer, AdminReviewsBody, ModerateReviewAnswer, ModerateReviewBody } from '../../../../../shared/schemas/review';
import { errorResponses } from '../../../../../shared/schemas/common';
import { actorOf } from '../../admin/index';

const tags = ['admin'];
const errors = errorResponses(400, 401, 403, 404, 409);

export default async function reviewModerationRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();

  fastify.post('/reviews', {
    preHandler: fastify.requireAdmin,
    schema: {
      tags,
      summary: 'Reviews in one state, paged: the moderation queue (pending, waiting longest first) by default',
      body: AdminReviewsBody,
      response: { 200: AdminReviewsAnswer, ...errors },
    },
    handler: async (request) => fastify.reviews.moderationQueue(request.body),
  });

  fastify.post('/review-moderate', {
    preHandler: fastify.requireAdmin,
    schema: {
      tags,
      summary: 'Publish, reject or remove a review with a reason; audited, and the author is e-mailed',
      body: ModerateReviewBody,
      response: { 200: ModerateReviewAnswer, ...errors },
    },
    handler: async (request) => ({ review: await fastify.reviews.moderate(actorOf(request), request.body) }),
  });
}
