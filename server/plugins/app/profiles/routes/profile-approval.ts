// Profile approval (docs/product.md, Profile and review), administrators only: the queue of submitted
// profiles, and approve / reject with a reason. ("Review" is an owner's review of a practice, plugins/app/reviews;
// the URLs /api/admin/review-queue and /review-profile keep their names.) The vet is e-mailed and the audit log written either way.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ReviewProfileAnswer, ReviewQueueAnswer } from '../../../../../shared/schemas/admin';
import { errorResponses } from '../../../../../shared/schemas/common';
import { ReviewProfileBody, ReviewQueueBody } from '../../../../../shared/schemas/profile';

const tags = ['admin'];
const errors = errorResponses(400, 401, 403, 404, 409);

export default async function profileApprovalRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();

  fastify.post('/review-queue', {
    preHandler: fastify.requireAdmin,
    schema: {
      tags,
      summary: 'Profiles waiting for review (state pending, oldest first), or the approved/rejected lists; paged',
      body: ReviewQueueBody,
      response: { 200: ReviewQueueAnswer, ...errors },
    },
    handler: async (request) => fastify.profiles.approvalQueue(request.body),
  });

  fastify.post('/review-profile', {
    preHandler: fastify.requireAdmin,
    schema: {
      tags,
      summary: 'Approve a profile in review, or reject it with a reason; the vet is e-mailed',
      body: ReviewProfileBody,
      response: { 200: ReviewProfileAnswer, ...errors },
    },
    handler: async (request) => {
      return { user: await fastify.profiles.decideApproval(request.user, request.body, request.ip) };
    },
  });
}
