// The practice's appointment requests (docs/product.md section 19): `/api/user/appointments` (its inbox),
// `/respond` (confirm one of the preferred times, propose another, or decline, with a message) and
// `/complete` (attended or not, once the start has passed). A lapsed plan keeps this history.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AppointmentWriteAnswer,
  CompleteAppointmentBody,
  PracticeAppointmentsAnswer,
  PracticeAppointmentsBody,
  RespondAppointmentBody,
} from '../../../../../shared/schemas/appointment';
import { errorResponses } from '../../../../../shared/schemas/common';
import { noStore } from '../../../../lib/http-cache';

const tags = ['appointments'];
const security = [{ bearer: [] }];
const errors = errorResponses(400, 401, 403, 404, 409);

export default async function practiceAppointmentRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();
  const { appointments } = fastify;
  fastify.addHook('onRequest', noStore);

  fastify.post('/appointments', {
    preHandler: fastify.requireUser,
    schema: {
      tags,
      security,
      summary: "The practice's appointment requests, waiting ones first, with the owner's name, e-mail and phone",
      body: PracticeAppointmentsBody,
      response: { 200: PracticeAppointmentsAnswer, ...errors },
    },
    handler: async (request) => appointments.inbox(request.user, request.body ?? {}),
  });

  fastify.post('/appointments/respond', {
    preHandler: fastify.requireVerified,
    schema: {
      tags,
      security,
      summary: "Confirm one of the owner's preferred times, propose another future time, or decline; the owner is e-mailed",
      body: RespondAppointmentBody,
      response: { 200: AppointmentWriteAnswer, ...errors },
    },
    handler: async (request) => appointments.respond(request.user, request.body),
  });

  fastify.post('/appointments/complete', {
    preHandler: fastify.requireVerified,
    schema: {
      tags,
      security,
      summary: 'After the start: the visit was completed (the owner is invited to review) or the owner did not come',
      body: CompleteAppointmentBody,
      response: { 200: AppointmentWriteAnswer, ...errors },
    },
    handler: async (request) => appointments.complete(request.user, request.body),
  });
}
