import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../../test/helper';
import { articles, users } from '../../../../db/schema';

let app: FastifyInstance;
const marker = `zq${randomUUID().slice(0, 8)}`;
const ids: Record<string, number> = {};

beforeAll(async () => {
  app = await buildTestApp();
  const { db } = app.database;
  const [admin] = await db
    .insert(users)
    .values({ email: `${marker}@example.com`, passwordHash: 'x', firstName: 'Ada', lastName: 'Reviewer', manageRole: 'admin', verify: true })
    .returning();
  const day = 24 * 3600 * 1000;
  const rows = await db
    .insert(articles)
    .values([
      ...Array.from({ length: 12 }, (_, i) => ({
        kind: 'blog' as const,
        title: `Blog ${marker} ${i}`,
        author: 'Dr. A',
        contents: '<p>Body</p>',
        subContent: 'Summary',
        published: true,
        publishedAt: new Date(Date.now() - i * day),
      })),
      { kind: 'blog' as const, title: `Draft ${marker}`, author: 'Dr. A', contents: '<p>Draft</p>', published: false },
      {
        kind: 'ai' as const,
        title: `AI ${marker}`,
        author: 'Editorial',
        contents: `<p>Mentions ${marker}-inside</p>`,
        published: true,
        publishedAt: new Date(),
        reviewedBy: admin!.id,
      },
    ])
    .returning({ id: articles.id, title: articles.title });
  for (const row of rows) ids[row.title] = row.id;
});
afterAll(() => app.close());

const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });

describe('articles/search', () => {
  it('pages published blog articles newest first with the total', async () => {
    const first = await post('/api/articles/search', { pageSize: 5, currentVal: 1, searchVal: marker });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.totalCount).toBe(12);
    expect(body.data.map((a: { title: string }) => a.title)).toEqual([0, 1, 2, 3, 4].map((i) => `Blog ${marker} ${i}`));
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      kind: 'blog',
      title: `Blog ${marker} 0`,
      avatar: null,
      author: 'Dr. A',
      img_url: null,
      img_alt: '',
      contents: '<p>Body</p>',
      sub_content: 'Summary',
      created_at: expect.any(String),
      reviewed_by: null,
    });
    const third = (await post('/api/articles/search', { pageSize: 5, currentVal: 3, searchVal: marker })).json();
    expect(third.data).toHaveLength(2);
  });

  it('never lists drafts or AI articles among blog articles', async () => {
    const body = (await post('/api/articles/search', { pageSize: 100, currentVal: 1, searchVal: marker })).json();
    expect(body.data.some((a: { title: string }) => a.title.startsWith('Draft') || a.title.startsWith('AI'))).toBe(false);
  });

  it('searches AI articles separately, in the text too, naming the reviewer', async () => {
    const body = (await post('/api/ai_articles/search', { pageSize: 10, currentVal: 1, searchVal: `${marker}-inside` })).json();
    expect(body.totalCount).toBe(1);
    expect(body.data[0]).toMatchObject({ kind: 'ai', title: `AI ${marker}`, reviewed_by: 'Ada Reviewer' });
  });

  it('answers GET with ETag and Cache-Control, and 304 for a matching If-None-Match', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/articles/search?pageSize=5&currentVal=1&searchVal=${marker}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const again = await app.inject({
      method: 'GET',
      url: `/api/articles/search?pageSize=5&currentVal=1&searchVal=${marker}`,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('refuses bad paging with a 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ pageSize: 0, currentVal: 1, searchVal: '' }, 'pageSize', 'The page size must be at least 1.'],
      [{ pageSize: 10, currentVal: 0, searchVal: '' }, 'currentVal', 'The page number must be at least 1.'],
      [{ pageSize: '10', currentVal: 1, searchVal: '' }, 'pageSize', 'The page size must be a whole number.'],
      [{ pageSize: 10, currentVal: 1, searchVal: 'x'.repeat(300) }, 'searchVal', 'The search words must be at most 200 characters long.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await post('/api/articles/search', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', field, message });
    }
  });

  // The GET twin reads its query string as the POST body (server/lib/get-twin.ts): the same rules, the same sentences.
  it.each([
    ['pageSize=500', { pageSize: 500 }],
    ['pageSize=0', { pageSize: 0 }],
    ['currentVal=0', { currentVal: 0 }],
    ['pageSize=ten', { pageSize: 'ten' }],
    [`searchVal=${'x'.repeat(300)}`, { searchVal: 'x'.repeat(300) }],
    ['searchVal=%00', { searchVal: '\u0000' }],
    ['page=2', { page: '2' }],
  ])('GET search?%s is refused like the POST %j, with the same sentence', async (query, body) => {
    for (const base of ['/api/articles', '/api/ai_articles']) {
      const post = await app.inject({ method: 'POST', url: `${base}/search`, payload: body });
      const get = await app.inject({ method: 'GET', url: `${base}/search?${query}` });
      expect(post.statusCode, base).toBe(400);
      expect(get.statusCode, base).toBe(400);
      expect(get.json(), base).toEqual(post.json());
    }
  });
});

describe('get-by-id', () => {
  it('strips the leading colon /singlepost sends, and refuses drafts and the other kind with 404', async () => {
    const id = ids[`Blog ${marker} 3`]!;
    const res = await post('/api/articles/get-by-id', { id: `:${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().title).toBe(`Blog ${marker} 3`);
    expect((await post('/api/articles/get-by-id', { id })).statusCode).toBe(200);
    expect((await post('/api/articles/get-by-id', { id: ids[`Draft ${marker}`] })).statusCode).toBe(404);
    expect((await post('/api/ai_articles/get-by-id', { id })).statusCode).toBe(404);
    expect((await post('/api/ai_articles/get-by-id', { id: ids[`AI ${marker}`] })).json().reviewed_by).toBe('Ada Reviewer');
    expect((await post('/api/articles/get-by-id', { id: 'abc' })).statusCode).toBe(400);
  });

  it("answers GET at the POST call's path too, with ETag and Cache-Control", async () => {
    const id = ids[`Blog ${marker} 3`]!;
    const res = await app.inject({ method: 'GET', url: `/api/articles/get-by-id?id=:${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().title).toBe(`Blog ${marker} 3`);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    // An unpublished article leaves shared caches at once (docs/security.md, Second review, row cache).
    expect(res.headers['cache-control']).toMatch(/\bs-maxage=0\b/);
    expect(res.headers['cache-control']).not.toMatch(/stale-while-revalidate/);
    const again = await app.inject({ method: 'GET', url: `/api/articles/get-by-id?id=${id}`, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const ai = await app.inject({ method: 'GET', url: `/api/ai_articles/get-by-id?id=${ids[`AI ${marker}`]}` });
    expect(ai.json().title).toBe(`AI ${marker}`);
    expect((await app.inject({ method: 'GET', url: `/api/ai_articles/get-by-id?id=${id}` })).statusCode).toBe(404);
    const bad = await app.inject({ method: 'GET', url: '/api/articles/get-by-id?id=abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'id' });
  });
});
