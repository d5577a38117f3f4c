// Public doctor search and profiles (docs/product.md, Search): POST as the client calls them, and
// the same as cacheable GETs (`GET /api/doctors/search?searchZipCode=10001&species=dog`,
// `GET /api/doctors/get-by-id?id=12`) with Cache-Control and an ETag (304 on If-None-Match).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { DoctorIdBody, DoctorPageSchema, DoctorSearchAnswer, DoctorSearchBody, SEARCH_PAGE_MAX } from '../../../../shared/schemas/doctor';
import { findDoctorPage } from '../../../plugins/app/doctors/doctor-page';
import { ErrorSchema } from '../../../../shared/schemas/common';
import { httpError } from '../../../lib/http-error';
import { sendCachedAnswer, type CachedAnswer } from '../../../lib/http-cache';
import { normalizeSearch, SPONSOR_ROTATION_MS } from '../../../plugins/app/doctors/doctor-search';
import { SearchIndex } from '../../../plugins/app/doctors/search-index';
import { bumpLocalSearchVersion, onSearchVersionBump, SearchCache } from '../../../plugins/app/doctors/search-cache';

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
    throw httpError(400, 'VALIDATION_ERROR', `Field '${field}' must be a whole number from ${min} to ${max}.`, { field });
  return n;
}

function flag(value: string | undefined, field: string): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw httpError(400, 'VALIDATION_ERROR', `Field '${field}' must be true or false.`, { field });
}

const list = (value: string | string[] | undefined) =>
  value === undefined ? undefined : (Array.isArray(value) ? value : value.split(',')).map((s) => s.trim()).filter(Boolean);

/** The GET twin's query string as the POST body it stands for. */
function bodyFromQuery(q: SearchQuery): DoctorSearchBody {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const sort = one(q.sort);
  if (sort !== undefined && sort !== '' && sort !== 'distance' && sort !== 'name')
    throw httpError(400, 'VALIDATION_ERROR', "Field 'sort' must be 'distance' or 'name'.", { field: 'sort' });
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
  const cache = new SearchCache(fastify.config.searchCacheSeconds * 1000);
  // Loaded when the server starts; searches that come earlier wait for it (docs/decisions/073-search-index-in-memory.md).
  const index = new SearchIndex(fastify.database);
  fastify.addHook('onReady', async () => {
    index.load().catch((error: unknown) => fastify.log.error({ err: error }, 'search index: load failed; the next search tries again'));
  });
  /** The vets each cached answer shows, for counting appearances (docs/product.md, Plans and payment). */
  const shownIds = new WeakMap<CachedAnswer, number[]>();

  // With Redis, a bump on any app server reaches every other one (docs/decisions/037-search-cache.md).
  if (fastify.redis) {
    const publisher = fastify.redis;
    // Under the key prefix: deployments (and test runs) sharing one Redis do not clear each other's caches.
    const channel = `${fastify.config.redisKeyPrefix}search-version`;
    const subscriber = publisher.duplicate();
    subscriber.on('error', (error) => fastify.log.warn({ err: error }, 'redis subscriber error'));
    subscriber.on('message', () => bumpLocalSearchVersion());
    await subscriber.subscribe(channel).catch((error) => fastify.log.warn({ err: error }, 'search cache: no Redis subscription'));
    const off = onSearchVersionBump(() => void publisher.publish(channel, String(Date.now())).catch(() => undefined));
    fastify.addHook('onClose', async () => {
      off();
      await subscriber.quit().catch(() => subscriber.disconnect());
    });
  }

  const search = async (request: FastifyRequest, reply: FastifyReply, body: DoctorSearchBody) => {
    const normalized = normalizeSearch(body);
    const now = fastify.clock.now();
    // The key holds what changes an answer over time: the Sponsored rotation window, and the minute for 'open now'.
    const key = JSON.stringify([normalized, Math.floor(now.getTime() / SPONSOR_ROTATION_MS), normalized.openNow ? Math.floor(now.getTime() / 60_000) : 0]);
    const answer = (await cache.answer(
      key,
      () => index.search(normalized, now),
      (made, found) => shownIds.set(made, [...new Set(found.data.map((doctor) => doctor.id))]),
    ))!;
    // Profile statistics: appearances in search results, also when the answer came from the cache.
    await fastify.profileStats.recordFromRequest(request, shownIds.get(answer) ?? [], 'appearances');
    return sendCachedAnswer(request, reply, answer, SEARCH_MAX_AGE);
  };

  // Profile pages are kept as search answers are: every write that changes a listed vet's page
  // (profile, account, plan, photos) bumps the same version, and 'open now' moves with the minute.
  const pages = new SearchCache(fastify.config.searchCacheSeconds * 1000);
  const byId = async (request: FastifyRequest, reply: FastifyReply, raw: number | string) => {
    const id = typeof raw === 'number' ? raw : Number(raw.replace(/^:/, ''));
    const now = fastify.clock.now();
    const key = `${id}|${Math.floor(now.getTime() / 60_000)}`;
    const page = await pages.answer(key, () => findDoctorPage(db, id, now));
    if (!page) throw httpError(404, 'NOT_FOUND', 'This profile does not exist or is not public.');
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
