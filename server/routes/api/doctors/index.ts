// Public doctor search and profiles (docs/product.md, Search): POST as the client calls them, and
// the same as cacheable GETs (`GET /api/doctors/search?searchZipCode=10001&species=dog`,
// `GET /api/doctors/get-by-id?id=12`) with Cache-Control and an ETag (304 on If-None-Match).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { DoctorIdBody, DoctorPageSchema, DoctorSearchAnswer, DoctorSearchBody, SEARCH_PAGE_MAX } from '../../../../shared/schemas/doctor';
import { findDoctorPage, PROFILE_NOT_PUBLIC } from '../../../plugins/app/doctors/doctor-page';
import { ErrorSchema } from '../../../../shared/schemas/common';
import { domainError } from '../../../lib/domain-error';
import { sendCachedAnswer } from '../../../lib/http-cache';
import { normalizeSearch } from '../../../plugins/app/listing/doctor-search';

const tags = ['doctors'];
const SEARCH_MAX_AGE = 30;

const StringOrList = Type.Union([Type.String({ maxLength: 400 }), Type.Array(Type.String({ maxLength: 60 }), { maxItems: 12 })]);
const SearchQuery = Type.Object(
  {
    searchZipCode: Type.Optional(Type.String({ maxLength: 10 })),
    searchCity: Type.Optional(Type.String({ maxLength: 80 })),
    searchState: Type.Optional(Type.String({ maxLength: 40 })),
    searchCount: Type.Optional(Type.String({ maxLength: 6 })),
    searchStart: Type.Optional(Type.String({ maxLength: 6 })),
    radius: Type.Optional(Type.String({ maxLength: 4 })),
    species: Type.Optional(StringOrList),
    services: Type.Optional(StringOrList),
    emergency: Type.Optional(Type.String({ maxLength: 5 })),
    open_now: Type.Optional(Type.String({ maxLength: 5 })),
    accepting_new_patients: Type.Optional(Type.String({ maxLength: 5 })),
    sort: Type.Optional(Type.String({ maxLength: 10 })),
  },
  { additionalProperties: false },
);
type SearchQuery = { [K in keyof typeof SearchQuery.static]?: string | string[] };

const IdQuery = Type.Object({ id: Type.String({ pattern: '^:?\\d{1,9}$' }) }, { additionalProperties: false });

function wholeNumber(value: string | undefined, field: string, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < min || n > max)
    throw domainError(400, 'VALIDATION_ERROR', `Field '${field}' must be a whole number from ${min} to ${max}.`, { field });
  return n;
}

function flag(value: string | undefined, field: string): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw domainError(400, 'VALIDATION_ERROR', `Field '${field}' must be true or false.`, { field });
}

const list = (value: string | string[] | undefined) =>
  value === undefined ? undefined : (Array.isArray(value) ? value : value.split(',')).map((s) => s.trim()).filter(Boolean);

/** The GET twin's query string as the POST body it stands for. */
function bodyFromQuery(q: SearchQuery): DoctorSearchBody {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const sort = one(q.sort);
  if (sort !== undefined && sort !== '' && sort !== 'distance' && sort !== 'name')
    throw domainError(400, 'VALIDATION_ERROR', "Field 'sort' must be 'distance' or 'name'.", { field: 'sort' });
  const radius = one(q.radius);
  return {
    searchZipCode: one(q.searchZipCode) ?? '',
    searchCity: one(q.searchCity) ?? '',
    searchState: one(q.searchState) ?? '',
    searchCount: wholeNumber(one(q.searchCount), 'searchCount', 10, 1, SEARCH_PAGE_MAX),
    searchStart: wholeNumber(one(q.searchStart), 'searchStart', 0, 0, 10_000),
    ...(radius ? { radius: wholeNumber(radius, 'radius', 25, 1, 1000) } : {}),
    ...(q.species !== undefined ? { species: list(q.species) } : {}),
    ...(q.services !== undefined ? { services: list(q.services) } : {}),
    ...(flag(one(q.emergency), 'emergency') !== undefined ? { emergency: flag(one(q.emergency), 'emergency') } : {}),
    ...(flag(one(q.open_now), 'open_now') !== undefined ? { open_now: flag(one(q.open_now), 'open_now') } : {}),
    ...(flag(one(q.accepting_new_patients), 'accepting_new_patients') !== undefined
      ? { accepting_new_patients: flag(one(q.accepting_new_patients), 'accepting_new_patients') }
      : {}),
    ...(sort ? { sort: sort as 'distance' | 'name' } : {}),
  };
}

export default async function doctorRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = fastify.database;
  // The index and the answer caches are the listing module's (server/plugins/app/listing).
  const search = async (request: FastifyRequest, reply: FastifyReply, body: DoctorSearchBody) => {
    const { answer, shown } = await fastify.listing.search(normalizeSearch(body), fastify.clock.now());
    // Profile statistics: appearances in search results, also when the answer came from the cache.
    await fastify.profileStats.recordFromRequest(request, shown, 'appearances');
    return sendCachedAnswer(request, reply, answer, SEARCH_MAX_AGE);
  };

  const byId = async (request: FastifyRequest, reply: FastifyReply, raw: number | string) => {
    const id = typeof raw === 'number' ? raw : Number(raw.replace(/^:/, ''));
    const now = fastify.clock.now();
    const page = await fastify.listing.page(id, now, () => findDoctorPage(db, id, now));
    if (!page) throw domainError(404, 'NOT_FOUND', PROFILE_NOT_PUBLIC);
    // A page opened directly is counted when the server sends it (plugins/external/web-app.ts); this call is the in-app visit.
    await fastify.profileStats.recordFromRequest(request, [id], 'views');
    return sendCachedAnswer(request, reply, page, 120);
  };

  const searchSummary = 'Listed doctors near a zip code (nearest first), or in a city and/or state, with filters';
  fastify.post('/search', {
    schema: { tags, summary: searchSummary, body: DoctorSearchBody, response: { 200: DoctorSearchAnswer, 400: ErrorSchema } },
    handler: (request, reply) => search(request, reply, request.body),
  });
  fastify.get('/search', {
    schema: {
      tags,
      summary: `${searchSummary}: the same search as a cacheable GET (lists as repeated keys or commas)`,
      querystring: SearchQuery,
      response: { 200: DoctorSearchAnswer, 400: ErrorSchema },
    },
    handler: (request, reply) => search(request, reply, bodyFromQuery(request.query)),
  });
  fastify.post('/get-by-id', {
    schema: { tags, summary: "A listed doctor's public profile", body: DoctorIdBody, response: { 200: DoctorPageSchema, 404: ErrorSchema } },
    handler: (request, reply) => byId(request, reply, request.body.id),
  });
  fastify.get('/get-by-id', {
    schema: {
      tags,
      summary: "A listed doctor's public profile as a cacheable GET",
      querystring: IdQuery,
      response: { 200: DoctorPageSchema, 400: ErrorSchema, 404: ErrorSchema },
    },
    handler: (request, reply) => byId(request, reply, request.query.id),
  });
}
