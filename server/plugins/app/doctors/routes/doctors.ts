// Public doctor search and profiles (docs/product.md, Search): POST as the client calls them, and
// the same as cacheable GETs (`GET /api/doctors/search?searchZipCode=10001&species=dog`,
// `GET /api/doctors/get-by-id?id=12`; server/lib/get-twin.ts) with Cache-Control and an ETag (304 on If-None-Match).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DoctorIdBody, DoctorPageSchema, DoctorSearchAnswer, DoctorSearchBody } from '../../../../../shared/schemas/doctor';
import { errorResponses } from '../../../../../shared/schemas/common';
import { PROFILE_NOT_PUBLIC } from '../doctor-page';
import { domainError } from '../../../../lib/domain-error';
import { sendCachedAnswer } from '../../../../lib/http-cache';
import { publicRead } from '../../../../lib/get-twin';
import { normalizeSearch } from '../../listing/doctor-search';

const tags = ['doctors'];
const SEARCH_MAX_AGE = 30;

export default async function doctorRoutes(fastify: FastifyInstance): Promise<void> {
  // The index and the answer caches are the listing module's (server/plugins/app/listing).
  const search = async (request: FastifyRequest, reply: FastifyReply, body: DoctorSearchBody) => {
    const { answer, shown } = await fastify.listing.search(normalizeSearch(body), fastify.clock.now());
    // Profile statistics: appearances in search results, also when the answer came from the cache.
    await fastify.profileStats.recordFromRequest(request, shown, 'appearances');
    // The site's searches a day, for the administrators' dashboard (docs/product.md section 24).
    fastify.profileStats.recordSearch(request);
    return sendCachedAnswer(request, reply, answer, SEARCH_MAX_AGE);
  };

  const byId = async (request: FastifyRequest, reply: FastifyReply, raw: number | string) => {
    const id = typeof raw === 'number' ? raw : Number(raw.replace(/^:/, ''));
    const page = await fastify.doctors.page(id);
    if (!page) throw domainError(404, 'NOT_FOUND', PROFILE_NOT_PUBLIC);
    // A page opened directly is counted when the server sends it (routes/pages); this call is the in-app visit.
    await fastify.profileStats.recordFromRequest(request, [id], 'views');
    return sendCachedAnswer(request, reply, page, 120);
  };

  publicRead(
    fastify,
    '/search',
    {
      tags,
      summary: 'Listed doctors near a zip code (nearest first), or in a city and/or state, with filters (GET: lists as repeated keys or commas)',
      body: DoctorSearchBody,
      response: { 200: DoctorSearchAnswer, ...errorResponses(400) },
    },
    search,
  );
  publicRead(
    fastify,
    '/get-by-id',
    { tags, summary: "A listed doctor's public profile", body: DoctorIdBody, response: { 200: DoctorPageSchema, ...errorResponses(400, 404) } },
    (request, reply, body) => byId(request, reply, body.id),
  );
}
