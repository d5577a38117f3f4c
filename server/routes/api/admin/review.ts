// Review of submitted profiles (docs/product.md, Profile and review), administrators only: the queue, and
// approve / reject with a reason. The vet is e-mailed and the audit log written either way.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ReviewProfileAnswer, ReviewQueueAnswer } from '../../../../shared/schemas/admin';
import { ReviewProfileBody, ReviewQueueBody } from '../../../../shared/schemas/profile';
import { ErrorSchema } from '../../../../shared/schemas/user';
import { listReviewQueue, reviewProfile } from '../../../plugins/app/profiles/review';

const tags = ['admin'];
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

export default async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = fastify.database;

  fastify.post('/review-queue', {
    preHandler: fastify.requireAdmin,
    schema: {
      tags,
      summary: 'Profiles waiting for review (state pending, oldest first), or the approved/rejected lists; paged',
      body: ReviewQueueBody,
      response: { 200: ReviewQueueAnswer, ...errors },
    },
    handler: async (request) => listReviewQueue(db, request.body),
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
      const site = fastify.config.publicUrl;
      const user = await reviewProfile(
        db,
        fastify.mailer,
        fastify.changes,
        request.user,
        request.body,
        { viewProfile: `${site}/viewprofile`, setupProfile: `${site}/setupprofile` },
        request.ip,
      );
      return { user };
    },
  });
}
