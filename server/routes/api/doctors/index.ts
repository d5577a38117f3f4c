// Public doctor search and profiles (decisions.md section 7), POST as the client calls them.
import type { FastifyInstance } from 'fastify';
import { DoctorIdBody, DoctorPageSchema, DoctorSearchAnswer, DoctorSearchBody } from '../../../../shared/schemas/doctor';
import { ErrorSchema } from '../../../../shared/schemas/common';
import { httpError } from '../../../lib/http-error';
import { sendCacheable } from '../../../lib/http-cache';
import { findPublicDoctor, searchDoctors } from '../../../plugins/app/doctors/doctor-search';
import { publicPlanFeatures } from '../../../plugins/app/plan-features/plan-access';

const tags = ['doctors'];

export default async function doctorRoutes(fastify: FastifyInstance): Promise<void> {
  const { db } = fastify.database;
  fastify.post('/search', {
    schema: { tags, summary: 'Listed doctors near a zip code, or in a city and/or state', body: DoctorSearchBody, response: { 200: DoctorSearchAnswer, 400: ErrorSchema } },
    handler: async (request, reply) => {
      const answer = await searchDoctors(db, request.body as DoctorSearchBody);
      // Profile statistics: appearances in search results (docs/product.md, Plans and payment).
      await fastify.profileStats.recordFromRequest(request, [...new Set(answer.data.map((doctor) => doctor.id))], 'appearances');
      return sendCacheable(request, reply, answer);
    },
  });
  fastify.post('/get-by-id', {
    schema: { tags, summary: "A listed doctor's public profile", body: DoctorIdBody, response: { 200: DoctorPageSchema, 404: ErrorSchema } },
    handler: async (request, reply) => {
      const raw = (request.body as { id: number | string }).id;
      const doctor = await findPublicDoctor(db, typeof raw === 'number' ? raw : Number(raw.replace(/^:/, '')));
      if (!doctor) throw httpError(404, 'NOT_FOUND', 'This profile does not exist or is not public.');
      await fastify.profileStats.recordFromRequest(request, [doctor.id], 'views');
      return sendCacheable(request, reply, { ...doctor, ...(await publicPlanFeatures(db, doctor.id, doctor.services)) }, 120);
    },
  });
}
