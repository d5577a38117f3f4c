// The public free starts of one visit type of a listed practice (docs/product.md 30.3), POST and GET. Never
// cached: a time shown must be free when the page asks (the booking checks it again when tapped).
import type { FastifyInstance } from 'fastify';
import { AvailabilityAnswer, AvailabilityBody } from '../../../../../shared/schemas/booking';
import { errorResponses } from '../../../../../shared/schemas/common';
import { noStore } from '../../../../lib/http-cache';
import { publicRead } from '../../../../lib/get-twin';

export default async function availabilityRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.addHook('onRequest', noStore);
  publicRead(
    fastify,
    '/availability',
    {
      tags: ['booking'],
      summary: "The free starts of one visit type over 1 to 14 of the practice's days, with labels in the practice's time",
      body: AvailabilityBody,
      response: { 200: AvailabilityAnswer, ...errorResponses(400, 403, 404) },
    },
    (_request, _reply, body) => fastify.appointments.booking.availability(body),
  );
}
