// Authentication before validation (issue 34, item 9; decision 133): every private API call answers a
// visitor 401, whatever body, query string or path it sends, so a visitor never learns from a 400 which
// fields a private call takes. The calls come from Fastify's route table (decision 047), so a call added
// later is covered without editing this file; a public call must be named below.
import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/helper';

/** Calls a visitor may make (`METHOD url`). Every other /api call must answer a visitor 401. */
const PUBLIC = new Set<string>([
  // Running it.
  'GET /api/health',
  'GET /api/ready',
  // Accounts: signing up and in, links and codes that stand in for a session (docs/product.md section 3).
  'POST /api/user/register',
  'POST /api/user/login',
  'POST /api/user/login-with-token',
  'POST /api/user/token-verification',
  'POST /api/user/send-verify-code',
  'POST /api/user/check-verify-code',
  'POST /api/user/change-password',
  'POST /api/user/verify-contact-email',
  // The link sent to a new address proves it by its token, from any browser (docs/product.md section 25).
  'POST /api/user/settings/email/confirm',
  // The newsletter (section 9).
  'POST /api/user/send-subscribe-verify-code',
  'POST /api/user/check-subscribe-verify-code',
  'GET /api/newsletter/unsubscribe',
  'POST /api/newsletter/unsubscribe',
  // Public reads and the contact form (sections 7, 8, 13).
  'GET /api/places/zip/:zip',
  'POST /api/articles/search',
  'GET /api/articles/search',
  'POST /api/articles/get-by-id',
  'GET /api/articles/get-by-id',
  'GET /api/articles/:id',
  'POST /api/ai_articles/search',
  'GET /api/ai_articles/search',
  'POST /api/ai_articles/get-by-id',
  'GET /api/ai_articles/get-by-id',
  'GET /api/ai_articles/:id',
  'POST /api/doctors/search',
  'GET /api/doctors/search',
  'POST /api/doctors/suggest',
  'GET /api/doctors/suggest',
  'POST /api/doctors/get-by-id',
  'GET /api/doctors/get-by-id',
  'POST /api/doctors/contact',
  'POST /api/doctors/event',
  'POST /api/reviews/list',
  'GET /api/reviews/list',
  // Booking (section 30): the free starts, and the practice's calendar feed (its secret address is its key).
  'POST /api/doctors/availability',
  'GET /api/doctors/availability',
  'GET /api/calendar/:file',
  // Plans, and the payment provider's webhook (checked by its signature).
  'GET /api/payment/plans',
  'POST /api/payment/plans',
  'POST /api/payment/webhook',
]);

interface Call {
  method: HTTPMethods;
  url: string;
}

let app: FastifyInstance;
const calls: Call[] = [];

beforeAll(async () => {
  app = await buildTestApp(
    { RATE_LIMIT_PER_MINUTE: '1000000' },
    {
      beforeApp: (fastify) =>
        fastify.addHook('onRoute', (route: RouteOptions) => {
          if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
          for (const method of [route.method].flat() as HTTPMethods[]) if (method !== 'HEAD' && method !== 'OPTIONS') calls.push({ method, url: route.url });
        }),
    },
  );
});
afterAll(() => app?.close());

/** A request no schema accepts: an unknown field of the wrong type, a path id that is not one, a bad query. */
const invalid = (call: Call) => ({
  method: call.method,
  url: `${call.url.replace(/:\w+/g, 'not-an-id%20')}?page=-1&__unknown=%01`,
  ...(call.method === 'GET' || call.method === 'DELETE' ? {} : { payload: { __unknown: { nested: [1] }, id: 'x', email: 3 } }),
});

describe('private calls authenticate before they validate', () => {
  it('answers a visitor 401 with { message, code } on every private call, whatever its input', { timeout: 120_000 }, async () => {
    expect(calls.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    const seen: string[] = [];
    for (const call of calls) {
      const key = `${call.method} ${call.url}`;
      seen.push(key);
      const res = await app.inject(invalid(call));
      if (PUBLIC.has(key)) continue;
      if (res.statusCode !== 401 || typeof res.json().code !== 'string') wrong.push(`${key} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    // The list of public calls names calls that exist.
    expect([...PUBLIC].filter((key) => !seen.includes(key))).toEqual([]);
  });
});
