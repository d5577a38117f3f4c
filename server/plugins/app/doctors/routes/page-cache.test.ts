// A listed vet's public page is cached like a search answer (server/plugins/app/listing/index.ts):
// every change made through the app reaches it at once, and what the cache keeps is exactly what a
// fresh read answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../../test/helper';
import { createAccount, createVet, injectAs } from '../../../../test/factories';
import { insertTestZips, multipartBody, pngImage } from '../../../../test/profile-fixtures';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ SEARCH_CACHE_SECONDS: '30', RATE_LIMIT_PER_MINUTE: '100000' });
  await insertTestZips(app);
});
afterAll(() => app.close());

const page = (id: number) => app.inject({ method: 'POST', url: '/api/doctors/get-by-id', payload: { id }, headers: { 'user-agent': 'Mozilla/5.0 test' } });

describe('the cached public page of a vet', () => {
  it('shows a contact change, a new photo and a photo removed at once, and leaves when the vet is suspended', async () => {
    const vet = await createVet(app, { plan: 3, clinicName: 'Before Clinic' });
    const first = await page(vet.user.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ clinic_name: 'Before Clinic', photos: [] });
    // The same page again comes from the cache, with the same ETag.
    expect((await page(vet.user.id)).headers.etag).toBe(first.headers.etag);

    const changed = await injectAs(app, vet.token, {
      url: '/api/user/change-contact-info',
      // The same name and address: a new one would send the listing back to review (docs/product.md, 6.3).
      payload: { clinic_name: 'Before Clinic', contact_phone: '406-555-0123', contact_email: vet.user.email, street: '1 Main', zip: '10001' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await page(vet.user.id)).json()).toMatchObject({ clinic_name: 'Before Clinic', street: '1 Main' });

    const uploaded = await injectAs(app, vet.token, {
      url: '/api/user/photos',
      ...multipartBody('photo', 'clinic.png', 'image/png', await pngImage(640, 400)),
    });
    expect(uploaded.statusCode).toBe(200);
    const withPhoto = (await page(vet.user.id)).json();
    expect(withPhoto.photos).toHaveLength(1);
    expect((await injectAs(app, vet.token, { url: '/api/user/photos/delete', payload: { id: withPhoto.photos[0].id } })).statusCode).toBe(200);
    expect((await page(vet.user.id)).json().photos).toEqual([]);

    const admin = await createAccount(app, { stage: 'admin' });
    const suspended = await injectAs(app, admin.token, { url: '/api/admin/suspend', payload: { user_id: vet.user.id } });
    expect(suspended.statusCode).toBe(200);
    expect((await page(vet.user.id)).statusCode).toBe(404);
  });
});

describe('what shared caches may keep (docs/security.md, Second review, row cache)', () => {
  it('a shared cache asks again on every request, so a suspended vet leaves it at once; the ETag keeps asking cheap', async () => {
    const vet = await createVet(app, { plan: 3 });
    const url = `/api/doctors/get-by-id?id=${vet.user.id}`;
    const first = await app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    const policy = String(first.headers['cache-control']);
    expect(policy).toMatch(/\bs-maxage=0\b/);
    expect(policy).not.toMatch(/stale-while-revalidate|stale-if-error/);
    const etag = String(first.headers.etag);
    const revalidated = await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');

    const admin = await createAccount(app, { stage: 'admin' });
    expect((await injectAs(app, admin.token, { url: '/api/admin/suspend', payload: { user_id: vet.user.id } })).statusCode).toBe(200);
    // The cache's next question (with the ETag it holds) is answered 404, not 304.
    expect((await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(404);
  });
});
