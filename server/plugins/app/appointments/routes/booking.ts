// Booking a real time, the pet owner's calls (docs/product.md section 30): book a free start of a visit type
// with a saved pet, and move a booking to another free start. A time no longer free answers 409 SLOT_TAKEN
// with `alternatives`, the next free starts.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppointmentWriteAnswer } from '../../../../../shared/schemas/appointment';
import { errorResponses } from '../../../../../shared/schemas/common';
import { BookBody, RescheduleBody } from '../../../../../shared/schemas/booking';
import { noStore } from '../../../../lib/http-cache';

const tags = ['booking'];
const security = [{ bearer: [] }];
const errors = errorResponses(400, 401, 403, 404, 409, 429);

export default async function bookingRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();
  const { appointments } = fastify;
  fastify.addHook('onRequest', noStore);
  fastify.post('/book', {
    preHandler: fastify.requireVerified,
    schema: {
      tags,
      security,
      summary: "Book a free start of a practice's visit type for one of your pets: confirmed at once, or requested when the practice confirms each booking",
      body: BookBody,
      response: { 200: AppointmentWriteAnswer, ...errors },
    },
    handler: async (request) => appointments.booking.book(request.user, request.body),
  });
  fastify.post('/reschedule', {
    preHandler: fastify.requireVerified,
    schema: {
      tags,
      security,
      summary: 'Move your booking to another free start before it begins; the new time is held before the old one is freed',
      body: RescheduleBody,
      response: { 200: AppointmentWriteAnswer, ...errors },
    },
    handler: async (request) => appointments.booking.reschedule(request.user, request.body),
  });
}
