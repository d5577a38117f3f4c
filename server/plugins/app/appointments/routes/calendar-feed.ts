// GET /api/calendar/<secret>.ics: the practice's calendar of bookings (docs/product.md 30.2). The secret in
// the address is the only key (calendar apps send no sign-in); a wrong one answers 404 like any unknown
// address, and `/api/user/calendar-feed/rotate` retires a leaked one.
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../../../../shared/schemas/common';
import { domainError } from '../../../../lib/domain-error';

export default async function calendarFeedRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.get('/:file', {
    schema: {
      tags: ['booking'],
      summary: "A practice's bookings as text/calendar, at the secret address /api/user/calendar-feed gives",
      params: Type.Object({ file: Type.String({ maxLength: 64 }) }),
      response: errorResponses(404),
    },
    handler: async (request, reply) => {
      const { file } = request.params as { file: string };
      const calendar = await fastify.appointments.booking.calendarFile(file.replace(/\.ics$/, ''));
      if (!calendar) throw domainError(404, 'NOT_FOUND', 'There is no calendar at this address. Ask the practice for its current address.');
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Cache-Control', 'private, no-store')
        .header('Referrer-Policy', 'no-referrer')
        .send(calendar);
    },
  });
}
