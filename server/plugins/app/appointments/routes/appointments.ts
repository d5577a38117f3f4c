// Appointment requests, the pet owner's calls (docs/product.md section 19): request an appointment at a
// listed practice, list one's own, accept a proposed time, cancel (either side). The work is the
// appointments area's (plugins/app/appointments); refusals are `{ message, code, field? }` with a plain sentence.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AppointmentIdBody,
  AppointmentWriteAnswer,
  CancelAppointmentBody,
  MyAppointmentsAnswer,
  MyAppointmentsBody,
  RequestAppointmentBody,
} from '../../../../../shared/schemas/appointment';
import { errorResponses } from '../../../../../shared/schemas/common';
import { noStore } from '../../../../lib/http-cache';

const tags = ['appointments'];
const security = [{ bearer: [] }];
const errors = errorResponses(400, 401, 403, 404, 409, 429);

export default async function appointmentRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();
  const { appointments } = fastify;
  fastify.addHook('onRequest', noStore);

  fastify.post('/request', {
    preHandler: fastify.requireVerified,
    schema: {
      tags,
      security,
      summary: 'Ask a listed practice for an appointment at up to three times within its opening hours (plans with the contact form)',
      body: RequestAppointmentBody,
      response: { 200: AppointmentWriteAnswer, ...errors },
    },
    handler: async (request) => appointments.request(request.user, request.body),
  });

  fastify.post('/mine', {
    preHandler: fastify.requireUser,
    schema: {
      tags,
      security,
      summary: "The account's own appointment requests, newest first, with their state",
      body: MyAppointmentsBody,
      response: { 200: MyAppointmentsAnswer, ...errors },
    },
    handler: async (request) => appointments.mine(request.user, request.body?.page, request.body?.pageSize),
  });

  fastify.post('/accept', {
    preHandler: fastify.requireVerified,
    schema: { tags, security, summary: 'Accept the time the practice proposed', body: AppointmentIdBody, response: { 200: AppointmentWriteAnswer, ...errors } },
    handler: async (request) => appointments.accept(request.user, request.body.id),
  });

  fastify.post('/cancel', {
    preHandler: fastify.requireVerified,
    schema: {
      tags,
      security,
      summary: 'Cancel an appointment before its start (the owner at any open stage, the practice once it proposed or confirmed); the other side is e-mailed',
      body: CancelAppointmentBody,
      response: { 200: AppointmentWriteAnswer, ...errors },
    },
    handler: async (request) => appointments.cancel(request.user, request.body),
  });
}
