// What a practice publishes for booking (docs/product.md 30.1-30.2): its visit types, booking settings,
// busy times and the secret address of its own calendar feed. Plans that take requests only (403
// PLAN_REQUIRED otherwise); the work is the appointments area's (booking-settings.ts).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  BookingSettingsAnswer,
  BookingSettingsBody,
  BusyAddBody,
  BusyListAnswer,
  BusyListBody,
  BusyRemoveBody,
  BusyTimeSchema,
  CalendarFeedAnswer,
  VisitTypesAnswer,
  VisitTypesSaveBody,
} from '../../../../../shared/schemas/booking';
import { errorResponses } from '../../../../../shared/schemas/common';
import { noStore } from '../../../../lib/http-cache';

const tags = ['booking'];
const security = [{ bearer: [] }];
const errors = errorResponses(400, 401, 403, 404, 409);
const Empty = Type.Optional(Type.Object({}, { additionalProperties: false }));

export default async function bookingSettingsRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();
  const { appointments } = fastify;
  const preHandler = fastify.planFeatures.requireFeature('contact_form');
  fastify.addHook('onRequest', noStore);
  const read = { tags, security };

  fastify.post('/visit-types', {
    preHandler,
    schema: { ...read, summary: "The practice's visit types in their order", body: Empty, response: { 200: VisitTypesAnswer, ...errors } },
    handler: async (request) => appointments.booking.visitTypes(request.user),
  });
  fastify.post('/visit-types/save', {
    preHandler,
    schema: {
      ...read,
      summary: 'Replace the list of visit types (up to 20): given ids are kept, new ones added, missing ones removed',
      body: VisitTypesSaveBody,
      response: { 200: VisitTypesAnswer, ...errors },
    },
    handler: async (request) => appointments.booking.saveVisitTypes(request.user, request.body),
  });
  fastify.post('/booking-settings', {
    preHandler,
    schema: {
      ...read,
      summary:
        'Read the booking settings (empty body) or save the fields given: bookable hours inside the opening hours, step, capacity, lead time, horizon, calendar feed',
      body: Type.Optional(BookingSettingsBody),
      response: { 200: BookingSettingsAnswer, ...errors },
    },
    handler: async (request) => appointments.booking.settings(request.user, request.body ?? {}),
  });
  fastify.post('/busy', {
    preHandler,
    schema: {
      ...read,
      summary: 'Busy times between two moments (added by hand or read from the calendar feed)',
      body: BusyListBody,
      response: { 200: BusyListAnswer, ...errors },
    },
    handler: async (request) => appointments.booking.busy(request.user, request.body),
  });
  fastify.post('/busy/add', {
    preHandler,
    schema: { ...read, summary: 'Add a busy time: no booking can start in it from now on', body: BusyAddBody, response: { 200: BusyTimeSchema, ...errors } },
    handler: async (request) => appointments.booking.addBusy(request.user, request.body),
  });
  fastify.post('/busy/remove', {
    preHandler,
    schema: { ...read, summary: 'Remove a busy time added by hand', body: BusyRemoveBody, response: { 200: Type.Object({ id: Type.Integer() }), ...errors } },
    handler: async (request) => appointments.booking.removeBusy(request.user, request.body.id),
  });
  fastify.post('/calendar-feed', {
    preHandler,
    schema: {
      ...read,
      summary: "The secret address of the practice's own calendar of bookings (text/calendar)",
      body: Empty,
      response: { 200: CalendarFeedAnswer, ...errors },
    },
    handler: async (request) => appointments.booking.calendarFeed(request.user, false),
  });
  fastify.post('/calendar-feed/rotate', {
    preHandler,
    schema: {
      ...read,
      summary: 'A new secret address for the calendar of bookings; the old one stops working',
      body: Empty,
      response: { 200: CalendarFeedAnswer, ...errors },
    },
    handler: async (request) => appointments.booking.calendarFeed(request.user, true),
  });
}
