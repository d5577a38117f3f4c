// Pet owners' reviews (docs/product.md section 13): write, edit and delete one's own review (a verified
// account), the public list of a listed practice (also a cacheable GET: server/lib/get-twin.ts),
// reports (any signed-in account) and the practice's reply. The work is the reviews area's
// (plugins/app/reviews); refusals are `{ message, code, field? }` with a plain sentence.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CreateReviewBody,
  ReplyAnswer,
  ReplyBody,
  ReportReviewBody,
  ReviewIdBody,
  ReviewListAnswer,
  ReviewListBody,
  ReviewWriteAnswer,
  UpdateReviewBody,
} from '../../../../../shared/schemas/review';
import { errorResponses, MessageSchema } from '../../../../../shared/schemas/common';
import { publicRead } from '../../../../lib/get-twin';
import { sendCacheable } from '../../../../lib/http-cache';

const tags = ['reviews'];
const security = [{ bearer: [] }];
const errors = errorResponses(400, 401, 403, 404, 409);

export default async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();
  const { reviews } = fastify;

  fastify.post('/create', {
    preHandler: fastify.requireVerified,
    schema: {
      tags,
      security,
      summary: "Write a review of a listed practice (one per account and practice, never one's own); published at once unless screening holds it",
      body: CreateReviewBody,
      response: { 200: ReviewWriteAnswer, ...errors },
    },
    handler: async (request) => reviews.create(request.user, request.body, request.ip ?? null),
  });

  fastify.post('/update', {
    preHandler: fastify.requireVerified,
    schema: { tags, security, summary: "Edit one's own review; it is screened again", body: UpdateReviewBody, response: { 200: ReviewWriteAnswer, ...errors } },
    handler: async (request) => reviews.update(request.user, request.body, request.ip ?? null),
  });

  fastify.post('/delete', {
    preHandler: fastify.requireVerified,
    schema: { tags, security, summary: "Delete one's own review", body: ReviewIdBody, response: { 200: MessageSchema, ...errors } },
    handler: async (request) => {
      await reviews.delete(request.user, request.body.id);
      return { message: 'Your review was deleted.' };
    },
  });

  publicRead(
    fastify,
    '/list',
    {
      tags,
      summary: "A listed practice's published reviews, paged and sorted, with the average, the count and the histogram",
      body: ReviewListBody,
      response: { 200: ReviewListAnswer, ...errorResponses(400, 404) },
    },
    async (request, reply, body) => sendCacheable(request, reply, await reviews.list(body), 0),
  );

  fastify.post('/report', {
    preHandler: fastify.requireUser,
    schema: {
      tags,
      security,
      summary: 'Report a published review (once per account); reports from three accounts hold it for an administrator',
      body: ReportReviewBody,
      response: { 200: MessageSchema, ...errors },
    },
    handler: async (request) => {
      await reviews.report(request.user, request.body);
      return { message: 'Thank you. An administrator will look at this review.' };
    },
  });

  fastify.post('/reply', {
    preHandler: fastify.requireVerified,
    schema: {
      tags,
      security,
      summary: "The reviewed practice's public answer (once per review; call again to edit); the author is e-mailed",
      body: ReplyBody,
      response: { 200: ReplyAnswer, ...errors },
    },
    handler: async (request) => ({ review: await reviews.reply(request.user, request.body) }),
  });
}
