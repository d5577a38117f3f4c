// Public plan feature calls under /api/doctors (docs/product.md section 5): the contact form and the
// click events of profile statistics.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses, MessageSchema } from '../../../../../shared/schemas/common';
import { ContactBody, ProfileEventBody } from '../../../../../shared/schemas/plan-features';
import { domainError } from '../../../../lib/domain-error';
import { CONTACT_SENT } from '../../plan-features/index';
import { PROFILE_NOT_PUBLIC } from '../doctor-page';

const tags = ['doctors'];
const EVENTS_PER_CLIENT_PER_MINUTE = 60;
const idOf = (raw: number | string) => (typeof raw === 'number' ? raw : Number(raw.replace(/^:/, '')));

export default async function doctorFeatureRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();

  fastify.post('/contact', {
    // A contact message is small: a body over 16 KB is refused before it is read (413).
    bodyLimit: 16 * 1024,
    schema: {
      tags,
      summary: 'Send a message to a practice through its contact form (Professional and Premium profiles); `website` is a honeypot and must stay empty',
      body: ContactBody,
      response: { 200: MessageSchema, ...errorResponses(400, 403, 404, 413, 429) },
    },
    handler: async (request) => {
      await fastify.planFeatures.sendContactMessage(idOf(request.body.id), request.body, request.ip);
      return { message: CONTACT_SENT };
    },
  });

  fastify.post('/event', {
    bodyLimit: 1024,
    schema: {
      tags,
      summary:
        "Count a click on a listed profile's phone, website or directions (profile statistics); bots and the vet's own clicks are not counted; a profile that is not public answers 404",
      body: ProfileEventBody,
      response: { 200: MessageSchema, ...errorResponses(400, 404, 429) },
    },
    handler: async (request) => {
      if ((await fastify.counters.hit(`profile-event:${request.ip}`, 60_000)) > EVENTS_PER_CLIENT_PER_MINUTE) {
        throw domainError(429, 'RATE_LIMITED', 'Too many requests. Please try again in a minute.');
      }
      const { kind } = request.body;
      const id = idOf(request.body.id);
      // Only a public profile has clicks to count (docs/product.md 5.8); the answer is the profile's own 404.
      if (!(await fastify.doctors.isPublic(id))) throw domainError(404, 'NOT_FOUND', PROFILE_NOT_PUBLIC);
      await fastify.profileStats.recordFromRequest(request, [id], `clicks_${kind}`);
      return { message: 'Recorded.' };
    },
  });
}
