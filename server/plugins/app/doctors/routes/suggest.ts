// Suggestions for the 'what' box while a person types (docs/product.md 33.2):
// POST and a cacheable GET twin, answered from the search index in memory, under the global rate limit
// like search.
import type { FastifyInstance } from 'fastify';
import { DoctorSuggestAnswer, DoctorSuggestBody } from '../../../../../shared/schemas/doctor';
import { errorResponses } from '../../../../../shared/schemas/common';
import { publicRead } from '../../../../lib/get-twin';
import { sendCacheable } from '../../../../lib/http-cache';

export default async function suggestRoutes(fastify: FastifyInstance): Promise<void> {
  publicRead(
    fastify,
    '/suggest',
    {
      tags: ['doctors'],
      summary: "Up to 8 suggestions for the 'what' box: services, species and clinics whose names match (typo-tolerant)",
      body: DoctorSuggestBody,
      response: { 200: DoctorSuggestAnswer, ...errorResponses(400) },
    },
    async (request, reply, body) => {
      const answer = await fastify.listing.index.suggest(body.q);
      return sendCacheable(request, reply, answer, 30);
    },
  );
}
