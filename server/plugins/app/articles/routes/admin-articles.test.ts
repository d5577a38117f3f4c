import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, count as count_, eq } from 'drizzle-orm';
import { buildTestApp } from '../../../../test/helper';
import { createAccount, createVet, injectAs, type Account } from '../../../../test/factories';
import { articles, auditLog, uploads } from '../../../../db/schema';
import { startFakeAiServer, type FakeAiServer } from '../../../../test/fake-ai-server';
import { jpegWithExif, multipartBody, pngBomb, pngImage, SVG_IMAGE } from '../../../../test/profile-fixtures';
import sharp from 'sharp';

let app: FastifyInstance;
let admin: Account;
const marker = `ed${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  // Public answers cached as in production, to show that every edit reaches them at once.
  app = await buildTestApp({ SEARCH_CACHE_SECONDS: '30' });
  admin = await createAccount(app, { stage: 'admin', firstName: 'Ada', lastName: 'Editor' });
});
afterAll(() => app.close());

const asAdmin = (url: string, payload: object) => injectAs(app, admin.token, { url: `/api/admin/articles/${url}`, payload });
const goodArticle = (extra: object = {}) => ({
  title: `Walks in winter ${marker}`,
  author: 'Dr. Maria Alvarez',
  contents: '<h2>Paws</h2><p>Rinse salt off paws after every walk.</p>',
  ...extra,
});

async function auditRows(id: number) {
  return app.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'article'), eq(auditLog.targetId, String(id))));
}

async function publicReads(kind: 'blog' | 'ai', id: number, title: string) {
  const base = kind === 'ai' ? '/api/ai_articles' : '/api/articles';
  const search = (await app.inject({ method: 'POST', url: `${base}/search`, payload: { pageSize: 100, currentVal: 1, searchVal: title } })).json();
  const searchGet = (await app.inject({ method: 'GET', url: `${base}/search?pageSize=100&currentVal=1&searchVal=${encodeURIComponent(title)}` })).json();
  const byId = await app.inject({ method: 'POST', url: `${base}/get-by-id`, payload: { id: `:${id}` } });
  const byIdGet = await app.inject({ method: 'GET', url: `${base}/${id}` });
  return {
    inSearch: search.data.some((a: { id: number }) => a.id === id),
    inSearchGet: searchGet.data.some((a: { id: number }) => a.id === id),
    byId: byId.statusCode,
    byIdGet: byIdGet.statusCode,
  };
}

describe('who may manage articles', () => {
  it('refuses a visitor (401), a verified user, a paid vet and an unverified user (403), and changes nothing', async () => {
    const article = (await asAdmin('create', goodArticle())).json();
    const verified = await createAccount(app, { stage: 'verified' });
    const vet = await createVet(app, { plan: 3 });
    const unverified = await createAccount(app, { stage: 'unverified' });
    const calls: [string, object][] = [
      ['list', {}],
      ['get', { id: article.id }],
      ['create', goodArticle({ title: 'Intruder' })],
      ['update', { id: article.id, title: 'Hijacked' }],
      ['publish', { id: article.id }],
      ['unpublish', { id: article.id }],
      ['delete', { id: article.id }],
      ['ai-status', {}],
      ['ai-draft', { topic: 'Cats' }],
    ];
    for (const [verb, payload] of calls) {
      const visitor = await injectAs(app, undefined, { url: `/api/admin/articles/${verb}`, payload });
      expect(visitor.statusCode, verb).toBe(401);
      expect(visitor.json().code).toBe('UNAUTHENTICATED');
      for (const who of [verified, vet, unverified]) {
        const res = await injectAs(app, who.token, { url: `/api/admin/articles/${verb}`, payload });
        expect(res.statusCode, `${verb} as ${who.user.email}`).toBe(403);
        expect(res.json()).toMatchObject({ code: expect.stringMatching(/^(FORBIDDEN|NOT_VERIFIED)$/), message: expect.any(String) });
      }
    }
    const [row] = await app.database.db.select().from(articles).where(eq(articles.id, article.id));
    expect(row).toMatchObject({ title: goodArticle().title, published: false });
    expect((await auditRows(article.id)).map((r) => r.action)).toEqual(['article.create']);
  });
});

describe('writing an article', () => {
  it('creates a draft that no visitor can read on any public call, publishes it, edits it, unpublishes and deletes it, auditing each step', async () => {
    const created = await asAdmin(
      'create',
      goodArticle({ img_url: '/uploads/articles/cover.webp', img_alt: 'A dog in snow', avatar: '/images/authors/maria-alvarez.svg' }),
    );
    expect(created.statusCode).toBe(200);
    const draft = created.json();
    expect(draft).toMatchObject({
      kind: 'blog',
      published: false,
      published_at: null,
      img_alt: 'A dog in snow',
      sub_content: 'Rinse salt off paws after every walk.',
    });
    expect(await publicReads('blog', draft.id, marker)).toEqual({ inSearch: false, inSearchGet: false, byId: 404, byIdGet: 404 });

    const published = (await asAdmin('publish', { id: draft.id })).json();
    expect(published.published).toBe(true);
    expect(published.published_at).toEqual(expect.any(String));
    expect(await publicReads('blog', draft.id, marker)).toEqual({ inSearch: true, inSearchGet: true, byId: 200, byIdGet: 200 });
    const read = (await app.inject({ method: 'POST', url: '/api/articles/get-by-id', payload: { id: draft.id } })).json();
    expect(read).toMatchObject({
      title: goodArticle().title,
      img_url: '/uploads/articles/cover.webp',
      img_alt: 'A dog in snow',
      created_at: published.published_at,
    });

    const edited = (await asAdmin('update', { id: draft.id, title: `Winter walks ${marker}`, sub_content: 'Salt, ice and cold: what to watch for.' })).json();
    expect(edited).toMatchObject({
      title: `Winter walks ${marker}`,
      sub_content: 'Salt, ice and cold: what to watch for.',
      created_at: draft.created_at,
      published_at: published.published_at,
      published: true,
    });
    // The public answers read above are cached (server/lib/answer-cache.ts); the edit is announced, so it shows at once all the same.
    const readAgain = (await app.inject({ method: 'POST', url: '/api/articles/get-by-id', payload: { id: draft.id } })).json();
    expect(readAgain.title).toBe(`Winter walks ${marker}`);
    const listed = (await app.inject({ method: 'POST', url: '/api/articles/search', payload: { pageSize: 100, currentVal: 1, searchVal: marker } })).json();
    expect(listed.data.find((a: { id: number }) => a.id === draft.id)?.sub_content).toBe('Salt, ice and cold: what to watch for.');

    await asAdmin('unpublish', { id: draft.id });
    expect(await publicReads('blog', draft.id, marker)).toEqual({ inSearch: false, inSearchGet: false, byId: 404, byIdGet: 404 });
    // Publishing again keeps the first publication date.
    expect((await asAdmin('publish', { id: draft.id })).json().published_at).toBe(published.published_at);
    expect(await publicReads('blog', draft.id, marker)).toEqual({ inSearch: true, inSearchGet: true, byId: 200, byIdGet: 200 });

    expect((await asAdmin('delete', { id: draft.id })).statusCode).toBe(200);
    expect((await asAdmin('get', { id: draft.id })).statusCode).toBe(404);
    expect(await publicReads('blog', draft.id, marker)).toEqual({ inSearch: false, inSearchGet: false, byId: 404, byIdGet: 404 });

    const audit = await auditRows(draft.id);
    expect(audit.map((r) => r.action)).toEqual([
      'article.create',
      'article.publish',
      'article.update',
      'article.unpublish',
      'article.publish',
      'article.delete',
    ]);
    expect(audit.every((r) => r.actorId === admin.user.id)).toBe(true);
    expect(audit[2]!.details).toMatchObject({ changed: expect.arrayContaining(['title', 'subContent']) });
  });

  it('lists drafts and published articles of both kinds with search, filters and paging', async () => {
    const tag = `lst${randomUUID().slice(0, 6)}`;
    for (let i = 0; i < 3; i++) await asAdmin('create', goodArticle({ title: `${tag} blog ${i}` }));
    const aiDraft = (await asAdmin('create', goodArticle({ kind: 'ai', title: `${tag} ai` }))).json();
    await asAdmin('publish', { id: aiDraft.id });
    const all = (await asAdmin('list', { search: tag })).json();
    expect(all.totalCount).toBe(4);
    expect((await asAdmin('list', { search: tag, kind: 'ai' })).json().data.map((a: { title: string }) => a.title)).toEqual([`${tag} ai`]);
    expect((await asAdmin('list', { search: tag, published: false })).json().totalCount).toBe(3);
    const page2 = (await asAdmin('list', { search: tag, page: 2, pageSize: 3 })).json();
    expect(page2).toMatchObject({ totalCount: 4, data: [expect.any(Object)] });
    expect((await asAdmin('list', { search: tag, pageSize: 500 })).statusCode).toBe(400);
  });

  it('refuses bad input with a message naming the field and saves nothing', async () => {
    const cases: [object, string][] = [
      [goodArticle({ title: '' }), 'title'],
      [goodArticle({ title: '   ' }), 'Enter a title.'],
      [goodArticle({ author: undefined }), 'Author is required.'],
      [goodArticle({ img_url: 'javascript:alert(1)' }), 'The cover image must be'],
      [goodArticle({ img_url: 'http://example.com/a.jpg' }), 'The cover image must be'],
      [goodArticle({ avatar: 'data:image/png;base64,AAAA' }), "The author's avatar must be"],
      [goodArticle({ surprise: true }), 'surprise'],
    ];
    const before = (await asAdmin('list', { search: marker })).json().totalCount;
    for (const [body, message] of cases) {
      const res = await asAdmin('create', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      // A sentence for the person, and the field for programs.
      const answer = res.json();
      if (/^[a-z_]+$/.test(message)) expect(answer).toMatchObject({ field: message, message: expect.stringMatching(/\w.*\.$/) });
      else expect(answer.message).toContain(message);
    }
    expect((await asAdmin('list', { search: marker })).json().totalCount).toBe(before);
    expect((await asAdmin('update', { id: 2_000_000_000, title: 'x' })).statusCode).toBe(404);
    expect((await asAdmin('publish', { id: 2_000_000_000 })).statusCode).toBe(404);
  });
});

describe('sanitising', () => {
  const payloads = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<img src="javascript:alert(1)">',
    '<img src="http://evil.example/track.gif">',
    '<svg onload=alert(1)><circle r="1"/></svg>',
    '<a href="javascript:alert(1)">click</a>',
    '<a href="  JaVaScRiPt:alert(1)">click</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
    '<a href="vbscript:msgbox(1)">vb</a>',
    '<iframe src="https://evil.example"></iframe>',
    '<p style="background:url(javascript:alert(1))" onclick="alert(1)">styled</p>',
    '<style>body{display:none}</style>',
    '<object data="x.swf"></object><embed src="x.swf">',
    '<form action="https://evil.example"><input name="q"><button>go</button></form>',
    '<math><mi xlink:href="javascript:alert(1)">m</mi></math>',
    '<details open ontoggle=alert(1)>',
    '"><script>alert(1)</script>',
    '<base href="https://evil.example/">',
    '<meta http-equiv="refresh" content="0;url=https://evil.example">',
    '<a href="https://ok.example" target="_blank" onmouseover="alert(1)">ok</a>',
    '<img src="/uploads/../../etc/passwd">',
    '<!--<img src=x onerror=alert(1)>-->',
  ];
  const dangerous =
    /<script|<iframe|<svg|<style|<object|<embed|<form|<input|<math|<details|<base|<meta|\son\w+=|javascript:|vbscript:|data:|style=|evil\.example\/track|\.\.\//i;

  it('stores and serves contents that carry no script, handler, style or foreign image', async () => {
    const html = `<h1>Heading</h1><p>Keep me</p>${payloads.join('\n')}<ul><li>item</li></ul><blockquote>quote</blockquote><img src="/uploads/articles/dog/1600.webp" alt="Dog" width="640" height="320"><img src="https://cdn.example/cat.jpg" alt="Cat"><a href="mailto:vet@example.com">mail</a>`;
    const created = (await asAdmin('create', goodArticle({ title: `XSS ${marker}`, contents: html }))).json();
    expect(created.contents).not.toMatch(dangerous);
    expect(created.contents).toContain('<h2>Heading</h2>');
    expect(created.contents).toContain('<blockquote>quote</blockquote>');
    expect(created.contents).toContain('<img src="/uploads/articles/dog/1600.webp" alt="Dog" width="640" height="320" />');
    // An image on another site would be blocked by the CSP (img-src 'self'), so it is not kept.
    expect(created.contents).not.toContain('cdn.example');
    expect(created.contents).toContain('<a rel="noopener noreferrer nofollow" href="https://ok.example">ok</a>');
    expect(created.contents).toContain('<a rel="noopener noreferrer nofollow" href="mailto:vet@example.com">mail</a>');
    await asAdmin('publish', { id: created.id });
    const served = (await app.inject({ method: 'POST', url: '/api/articles/get-by-id', payload: { id: created.id } })).json();
    expect(served.contents).toBe(created.contents);
    expect(served.contents).not.toMatch(dangerous);
    expect(served.sub_content).not.toMatch(/[<>]/);
    const edited = (await asAdmin('update', { id: created.id, contents: payloads.join('') + '<p>still here</p>' })).json();
    expect(edited.contents).not.toMatch(dangerous);
    expect(edited.contents).toContain('<p>still here</p>');
  });

  it('refuses markup in the title, author and summary, and script addresses for the cover image and avatar', async () => {
    for (const title of ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', 'Cats "><svg onload=alert(1)>']) {
      const res = await asAdmin('create', goodArticle({ title }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'title', message: 'The title cannot contain < or >.' });
    }
    expect((await asAdmin('create', goodArticle({ author: '<b>Dr</b>' }))).json().field).toBe('author');
    expect((await asAdmin('create', goodArticle({ sub_content: '<i>x</i>' }))).json().field).toBe('sub_content');
    for (const url of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      '//evil.example/x.png',
      'https://evil.example/x.png" onerror="alert(1)',
      '/uploads/../admin',
      'vbscript:x',
      'http://plain.example/x.png',
    ]) {
      for (const field of ['img_url', 'avatar']) {
        const res = await asAdmin('create', goodArticle({ [field]: url }));
        expect(res.statusCode, `${field}=${url}`).toBe(400);
        expect(res.json().field).toBe(field);
      }
    }
    const ok = (await asAdmin('create', goodArticle({ title: 'Cats & dogs: "friends"?', img_url: '/uploads/articles/cover-9/1600.webp' }))).json();
    expect(ok).toMatchObject({ title: 'Cats & dogs: "friends"?', img_url: '/uploads/articles/cover-9/1600.webp' });
  });

  it("refuses a cover image or avatar on another site with a sentence (the CSP's img-src would block it), and keeps the stored one", async () => {
    const created = (await asAdmin('create', goodArticle({ img_url: '/images/articles/dog-heatstroke.svg' }))).json();
    for (const [field, label] of [
      ['img_url', 'The cover image'],
      ['avatar', "The author's avatar"],
    ] as const) {
      for (const answer of [
        await asAdmin('create', goodArticle({ [field]: 'https://cdn.example/cover.jpg' })),
        await asAdmin('update', { id: created.id, [field]: 'https://cdn.example/cover.jpg' }),
      ]) {
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toEqual({
          code: 'VALIDATION_ERROR',
          field,
          message: `${label} must be an image uploaded to this site. Please upload the image instead of giving its address.`,
        });
      }
    }
    expect((await app.database.db.select().from(articles).where(eq(articles.id, created.id)))[0]!.imgUrl).toBe('/images/articles/dog-heatstroke.svg');
  });
});

describe("'Draft with AI'", () => {
  let fake: FakeAiServer;
  let aiApp: FastifyInstance;
  let reviewer: Account;

  beforeAll(async () => {
    fake = await startFakeAiServer();
    aiApp = await buildTestApp({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: fake.apiKey, AI_MODEL: fake.model, AI_TIMEOUT_MS: '800' });
    reviewer = await createAccount(aiApp, { stage: 'admin', firstName: 'Rita', lastName: 'Reviewer' });
  });
  afterAll(async () => {
    await aiApp.close();
    await fake.close();
  });

  const draft = (topic: string) => injectAs(aiApp, reviewer.token, { url: '/api/admin/articles/ai-draft', payload: { topic } });
  const countAi = async () => (await aiApp.database.db.select({ id: articles.id }).from(articles).where(eq(articles.kind, 'ai'))).length;

  it('says how to enable drafts when they are not configured, and saves nothing', async () => {
    const status = (await asAdmin('ai-status', {})).json();
    expect(status).toEqual({
      enabled: false,
      message: 'AI drafts are turned off. To turn them on, set AI_BASE_URL, AI_API_KEY and AI_MODEL on the server and restart it.',
    });
    const res = await asAdmin('ai-draft', { topic: 'Paw care' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'AI_NOT_CONFIGURED', message: status.message });
  });

  it('saves the answer as an unpublished, sanitised AI article; publishing names the reviewer', async () => {
    fake.mode = 'ok';
    expect((await injectAs(aiApp, reviewer.token, { url: '/api/admin/articles/ai-status', payload: {} })).json().enabled).toBe(true);
    const res = await draft(`Hot pavement ${marker}`);
    expect(res.statusCode).toBe(200);
    const article = res.json();
    expect(article).toMatchObject({
      kind: 'ai',
      published: false,
      title: "Keeping your dog's paws safe on hot pavement",
      ai_topic: `Hot pavement ${marker}`,
      reviewed_by: null,
    });
    expect(article.contents).toContain('<h2>The five-second test</h2>');
    expect(article.contents).toContain('<li>Walk early in the morning or after sunset.</li>');
    expect(article.contents).not.toMatch(/<script|<h1/);
    expect(article.sub_content.length).toBeGreaterThan(20);
    const sent = fake.requests.at(-1)!;
    expect(sent.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(sent.body).toMatchObject({ model: fake.model, max_tokens: expect.any(Number) });
    expect(JSON.stringify(sent.body.messages)).toContain(`Hot pavement ${marker}`);

    const before = (await aiApp.inject({ method: 'POST', url: '/api/ai_articles/get-by-id', payload: { id: article.id } })).statusCode;
    expect(before).toBe(404);
    await injectAs(aiApp, reviewer.token, { url: '/api/admin/articles/publish', payload: { id: article.id } });
    const served = (await aiApp.inject({ method: 'POST', url: '/api/ai_articles/get-by-id', payload: { id: article.id } })).json();
    expect(served).toMatchObject({ kind: 'ai', reviewed_by: 'Rita Reviewer' });
    const audit = await aiApp.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'article'), eq(auditLog.targetId, String(article.id))));
    expect(audit.map((r) => r.action)).toEqual(['article.ai_draft', 'article.publish']);
  });

  it.each([
    ['http-error', 502, 'AI_UNAVAILABLE', /refused the request \(HTTP 500\)/],
    ['slow', 504, 'AI_TIMEOUT', /did not answer within 1 seconds/],
    ['garbage', 502, 'AI_BAD_ANSWER', /not an article/],
    ['empty-choices', 502, 'AI_BAD_ANSWER', /not an article/],
    ['short', 502, 'AI_BAD_ANSWER', /not an article/],
    ['control-title', 502, 'AI_BAD_ANSWER', /^The AI service sent an answer with characters that cannot be saved\./],
    ['control-text', 502, 'AI_BAD_ANSWER', /^The AI service sent an answer with characters that cannot be saved\./],
  ] as const)('answers %s with a clear message and saves nothing', async (mode, status, code, message) => {
    fake.mode = mode;
    const before = await countAi();
    const res = await draft('Winter paw care');
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code, message: expect.stringMatching(message) });
    expect(res.body).not.toContain(fake.apiKey);
    expect(await countAi()).toBe(before);
  });

  it('reports an unreachable endpoint and a wrong key plainly', async () => {
    const wrongKey = await buildTestApp({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: 'sk-wrong', AI_MODEL: fake.model });
    const nobody = await buildTestApp({ AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_API_KEY: 'sk-x', AI_MODEL: 'm' });
    try {
      fake.mode = 'ok';
      const a = await createAccount(wrongKey, { stage: 'admin' });
      const refused = await injectAs(wrongKey, a.token, { url: '/api/admin/articles/ai-draft', payload: { topic: 'Cats' } });
      expect(refused.statusCode).toBe(502);
      expect(refused.json().message).toContain('HTTP 401');
      const unreachable = await injectAs(nobody, a.token, { url: '/api/admin/articles/ai-draft', payload: { topic: 'Cats' } });
      expect(unreachable.statusCode).toBe(502);
      expect(unreachable.json().message).toBe('The AI service could not be reached. Nothing was saved; check AI_BASE_URL or try again later.');
    } finally {
      await wrongKey.close();
      await nobody.close();
    }
  });
});

describe('article images', () => {
  /** A FormData body as the editor sends it: the purpose field, then the file. */
  function form(purpose: string, bytes: Buffer, filename: string, contentType: string, field = 'image') {
    const file = multipartBody(field, filename, contentType, bytes);
    const boundary = file.headers['content-type']!.split('boundary=')[1]!;
    const purposePart = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${purpose}\r\n`);
    return { payload: Buffer.concat([purposePart, file.payload]), headers: file.headers };
  }
  const upload = (token: string | undefined, purpose: string, bytes: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg', field = 'image') =>
    injectAs(app, token, { url: '/api/admin/articles/upload-image', ...form(purpose, bytes, filename, contentType, field) });

  it('re-encodes an upload as WebP without its metadata and serves it from /uploads; covers keep their shape, avatars are square', async () => {
    const cover = await upload(admin.token, 'cover', await jpegWithExif(2400, 1200));
    expect(cover.statusCode).toBe(200);
    expect(cover.json()).toMatchObject({ url: expect.stringMatching(/^\/uploads\/articles\/cover-[a-f0-9]+\/1600\.webp$/), width: 1600, height: 800 });
    const served = await app.inject({ method: 'GET', url: cover.json().url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);

    const avatar = (await upload(admin.token, 'avatar', await pngImage(500, 300), 'me.png', 'image/png')).json();
    expect(avatar).toMatchObject({ url: expect.stringMatching(/^\/uploads\/articles\/avatar-/), width: 256, height: 256 });
    // The stored address passes the article's own check.
    const article = await asAdmin('create', goodArticle({ img_url: cover.json().url, avatar: avatar.url, img_alt: 'Cover' }));
    expect(article.statusCode).toBe(200);
  });

  it('refuses a decompression bomb, a renamed non-image, a 6 MB file and an SVG with a clear sentence, storing nothing', async () => {
    const count = async () => (await app.database.db.select({ n: count_() }).from(uploads))[0]!.n;
    const before = await count();
    const refusals: [Buffer, string, string, number, RegExp][] = [
      [pngBomb(), 'small.png', 'image/png', 400, /too many pixels/],
      [Buffer.from('MZ\x90\x00 this is an executable, not a photo'.repeat(20)), 'holiday.jpg', 'image/jpeg', 400, /not a JPEG, PNG or WebP image/],
      [Buffer.concat([await jpegWithExif(64, 64), Buffer.alloc(6 * 1024 * 1024)]), 'big.jpg', 'image/jpeg', 413, /larger than 5 MB/],
      [SVG_IMAGE, 'logo.png', 'image/png', 400, /SVG images are not accepted/],
    ];
    for (const [bytes, name, type, status, sentence] of refusals) {
      const res = await upload(admin.token, 'inline', bytes, name, type);
      expect(res.statusCode, name).toBe(status);
      expect(res.json()).toMatchObject({ message: expect.stringMatching(sentence), field: 'image' });
    }
    expect(await count()).toBe(before);
    expect((await upload(admin.token, 'banner', await pngImage())).json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'purpose' });
    expect((await upload(admin.token, 'inline', await pngImage(), 'a.png', 'image/png', 'photo')).statusCode).toBe(400);
    expect((await asAdmin('upload-image', { image: 'data:image/png;base64,AAAA' })).json()).toMatchObject({ code: 'MULTIPART_REQUIRED' });
  });

  it('refuses a purpose named after a built-in object key (toString, constructor, __proto__) with a 400 sentence, storing nothing', async () => {
    const count = async () => (await app.database.db.select({ n: count_() }).from(uploads))[0]!.n;
    const before = await count();
    for (const purpose of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf']) {
      const res = await upload(admin.token, purpose, await jpegWithExif(4000, 3000));
      expect(res.statusCode, purpose).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'purpose', message: "Field 'purpose' must be cover, avatar or inline." });
    }
    expect(await count()).toBe(before);
  });

  it('refuses a 16-bit 6300 x 6300 PNG by what it takes decoded, with a sentence, storing nothing', async () => {
    const png = await sharp({ create: { width: 6300, height: 6300, channels: 3, background: { r: 90, g: 140, b: 200 } } })
      .toColourspace('rgb16')
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await upload(admin.token, 'cover', png, 'deep.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'IMAGE_TOO_MANY_PIXELS', field: 'image', message: expect.stringMatching(/8 bits per colour/) });
  });

  it('refuses uploads from anyone but an administrator', async () => {
    const vet = await createVet(app, { plan: 3 });
    const png = await pngImage();
    expect((await upload(undefined, 'cover', png, 'a.png', 'image/png')).statusCode).toBe(401);
    expect((await upload(vet.token, 'cover', png, 'a.png', 'image/png')).statusCode).toBe(403);
  });
});
