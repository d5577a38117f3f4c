// Public doctor search and profiles (docs/product.md, Search), POST as the client calls them.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DoctorIdBody, DoctorProfileSchema, DoctorSearchAnswer, DoctorSearchBody } from '../../../../shared/schemas/doctor';
import { ErrorSchema } from '../../../../shared/schemas/common';
import { httpError } from '../../../lib/http-error';
import { sendCacheable } from '../../../lib/http-cache';
import { findPublicDoctor, searchDoctors } from '../../../plugins/app/doctors/doctor-search';

const tags = ['doctors'];

const doctorRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify.database;
  fastify.post('/search', {
    schema: { tags, summary: 'Listed doctors near a zip code, or in a city and/or state', body: DoctorSearchBody, response: { 200: DoctorSearchAnswer, 400: ErrorSchema } },
    handler: async (request, reply) => sendCacheable(request, reply, await searchDoctors(db, request.body)),
  });
  fastify.post('/get-by-id', {
    schema: { tags, summary: "A listed doctor's public profile", body: DoctorIdBody, response: { 200: DoctorProfileSchema, 404: ErrorSchema } },
    handler: async (request, reply) => {
      const raw = request.body.id;
      const doctor = await findPublicDoctor(db, typeof raw === 'number' ? raw : Number(raw.replace(/^:/, '')));
      if (!doctor) throw httpError(404, 'NOT_FOUND', 'This profile does not exist or is not public.');
      return sendCacheable(request, reply, doctor, 120);
    },
  });
};

export default doctorRoutes;
