// The plan feature calls (docs/product.md section 5) as a vet meets them: which plan may call which,
// photos through the image pipeline, services, and what a downgrade hides and an upgrade brings back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { buildTestApp } from '../../../../test/helper';
import { createAccount, createVet, injectAs, type Account } from '../../../../test/factories';
import { insertTestZips, jpegWithExif, multipartBody, pngImage, step2Body, SVG_IMAGE } from '../../../../test/profile-fixtures';
import { contactMessages, payments, profileDailyStats, profilePhotos, profiles } from '../../../../db/schema';
import { FEATURE_MESSAGES } from '../plan-access';
import { utcDay } from '../profile-stats';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
  // The search tests look near 10001: this file must not rely on another file having added it.
  await insertTestZips(app);
});
afterAll(() => app.close());

const call = (account: Account | undefined, url: string, payload?: unknown) =>
  injectAs(app, account?.token, { url: `/api/user/${url}`, payload: payload as object });
const upload = async (account: Account, bytes?: Buffer, field = 'photo') =>
  injectAs(app, account.token, { url: '/api/user/photos', ...multipartBody(field, 'clinic.png', 'image/png', bytes ?? (await pngImage(640, 400))) });
const publicProfile = (id: number) =>
  app.inject({ method: 'POST', url: '/api/doctors/get-by-id', payload: { id }, headers: { 'user-agent': 'Mozilla/5.0 test' } });
const setPlan = (account: Account, plan: number) => app.database.db.update(payments).set({ plan }).where(eq(payments.userId, account.user.id));

describe('who may call the plan feature calls', () => {
  const CALLS: [string, string, unknown, keyof typeof FEATURE_MESSAGES][] = [
    ['GET', 'photos', undefined, 'photos'],
    ['POST', 'photos/update', { id: 1, caption: 'x' }, 'photos'],
    ['POST', 'photos/delete', { id: 1 }, 'photos'],
    ['POST', 'change-services', { services: ['Dentistry'] }, 'services'],
    ['POST', 'messages', { page: 1, pageSize: 10 }, 'contact_form'],
    ['POST', 'statistics', { days: 7 }, 'statistics'],
  ];

  it.each(CALLS)('a Basic vet calling %s %s gets 403 with a plain sentence', async (method, url, payload, feature) => {
    const vet = await createVet(app, { plan: 1 });
    const response = await injectAs(app, vet.token, { method: method as 'GET' | 'POST', url: `/api/user/${url}`, payload: payload as object });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'PLAN_REQUIRED', message: FEATURE_MESSAGES[feature] });
  });

  it('a Basic vet cannot upload a photo, and nothing is stored', async () => {
    const vet = await createVet(app, { plan: 1 });
    const response = await upload(vet);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(FEATURE_MESSAGES.photos);
    expect(await app.database.db.select().from(profilePhotos).where(eq(profilePhotos.userId, vet.user.id))).toHaveLength(0);
  });

  it('a visitor gets 401 and an unverified account 403', async () => {
    expect((await call(undefined, 'messages', { page: 1, pageSize: 10 })).statusCode).toBe(401);
    const unverified = await createAccount(app, { stage: 'unverified' });
    expect((await call(unverified, 'statistics', { days: 7 })).json().code).toBe('NOT_VERIFIED');
  });

  it('Professional has photos, services and messages but not statistics; Premium has all', async () => {
    const pro = await createVet(app, { plan: 2 });
    expect((await injectAs(app, pro.token, { method: 'GET', url: '/api/user/photos' })).statusCode).toBe(200);
    expect((await call(pro, 'change-services', { services: ['Dentistry'] })).statusCode).toBe(200);
    expect((await call(pro, 'messages', { page: 1, pageSize: 10 })).statusCode).toBe(200);
    const stats = await call(pro, 'statistics', { days: 7 });
    expect(stats.statusCode).toBe(403);
    expect(stats.json().message).toBe(FEATURE_MESSAGES.statistics);
    const premium = await createVet(app, { plan: 3 });
    expect((await call(premium, 'statistics', { days: 7 })).statusCode).toBe(200);
  });
});

describe('photos', () => {
  it('uploads through the image pipeline: WebP at two sizes, metadata gone, positions from 0, shown on the public profile', async () => {
    const vet = await createVet(app, { plan: 2 });
    const first = await upload(vet, await jpegWithExif(1600, 1200));
    expect(first.statusCode).toBe(200);
    const second = await upload(vet);
    const list = second.json();
    expect(list.limit).toBe(12);
    expect(list.data.map((p: { position: number }) => p.position)).toEqual([0, 1]);
    const photo = list.data[0];
    expect(photo).toMatchObject({ width: 480, height: 360, caption: '' });
    expect(Object.keys(photo.urls)).toEqual(['480', '1280']);
    const large = await app.inject({ url: photo.urls['1280'] });
    expect(large.headers['content-type']).toBe('image/webp');
    const meta = await sharp(large.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1280, height: 960 });
    expect(meta.exif).toBeUndefined();

    const profile = (await publicProfile(vet.user.id)).json();
    expect(profile.photos.map((p: { id: number }) => p.id)).toEqual(list.data.map((p: { id: number }) => p.id));
  });

  it('refuses what the avatar refuses, with a plain sentence, and stores nothing', async () => {
    const vet = await createVet(app, { plan: 2 });
    const svg = await upload(vet, SVG_IMAGE);
    expect(svg.statusCode).toBe(400);
    expect(svg.json()).toMatchObject({ code: 'IMAGE_SVG', message: 'SVG images are not accepted. Please upload a JPEG, PNG or WebP image.' });
    const text = await upload(vet, Buffer.from('hello, not an image'));
    expect(text.json().code).toBe('IMAGE_TYPE');
    const wrongField = await upload(vet, await pngImage(), 'avatar');
    expect(wrongField.json().message).toBe("Send the photo in the form field 'photo'.");
    const tooBig = await upload(vet, Buffer.concat([await pngImage(), Buffer.alloc(5 * 1024 * 1024)]));
    expect(tooBig.statusCode).toBe(413);
    expect((await injectAs(app, vet.token, { method: 'GET', url: '/api/user/photos' })).json().data).toHaveLength(0);
  });

  it('captions, moves and deletes; positions stay 0..n-1 and the stored sizes of a deleted photo are gone', async () => {
    const vet = await createVet(app, { plan: 3 });
    for (let i = 0; i < 3; i++) await upload(vet);
    const ids: number[] = (await injectAs(app, vet.token, { method: 'GET', url: '/api/user/photos' })).json().data.map((p: { id: number }) => p.id);

    const moved = await call(vet, 'photos/update', { id: ids[2], position: 0, caption: '  Our waiting room  ' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.map((p: { id: number; position: number; caption: string }) => [p.id, p.position, p.caption])).toEqual([
      [ids[2], 0, 'Our waiting room'],
      [ids[0], 1, ''],
      [ids[1], 2, ''],
    ]);

    const doomed = moved.json().data[1];
    const deleted = await call(vet, 'photos/delete', { id: doomed.id });
    expect(deleted.json().data.map((p: { id: number; position: number }) => [p.id, p.position])).toEqual([
      [ids[2], 0],
      [ids[1], 1],
    ]);
    expect((await app.inject({ url: doomed.url })).statusCode).toBe(404);
  });

  it("cannot touch another vet's photo", async () => {
    const owner = await createVet(app, { plan: 2 });
    const other = await createVet(app, { plan: 2 });
    const id = (await upload(owner)).json().data[0].id;
    const update = await call(other, 'photos/update', { id, caption: 'mine now' });
    expect(update.statusCode).toBe(404);
    expect((await call(other, 'photos/delete', { id })).statusCode).toBe(404);
    expect((await injectAs(app, owner.token, { method: 'GET', url: '/api/user/photos' })).json().data[0].caption).toBe('');
  });

  it('takes at most 12 photos, also when two uploads race for the last place', async () => {
    const vet = await createVet(app, { plan: 2 });
    await app.database.db.insert(profilePhotos).values(
      Array.from({ length: 11 }, (_, position) => ({
        userId: vet.user.id,
        key: `photos/u${vet.user.id}-seed${position}`,
        url: `/uploads/photos/u${vet.user.id}-seed${position}/480.webp`,
        width: 480,
        height: 320,
        position,
      })),
    );
    const answers = await Promise.all([upload(vet), upload(vet)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(
      'You already have 12 photos, the most a profile can show. Delete one to add another.',
    );
    expect(await app.database.db.select().from(profilePhotos).where(eq(profilePhotos.userId, vet.user.id))).toHaveLength(12);
  });
});

describe('services', () => {
  it('change-services stores the list (maintained and own entries, trimmed, without duplicates) and the profile shows it', async () => {
    const vet = await createVet(app, { plan: 2 });
    const response = await call(vet, 'change-services', { services: ['Dentistry', ' Reptile   surgery ', 'Dentistry', ''] });
    expect(response.statusCode).toBe(200);
    expect((await publicProfile(vet.user.id)).json().services).toEqual(['Dentistry', 'Reptile surgery']);
  });

  it('refuses HTML in a service and keeps the old list', async () => {
    const vet = await createVet(app, { plan: 2 });
    await call(vet, 'change-services', { services: ['Dentistry'] });
    const response = await call(vet, 'change-services', { services: ['<b>Surgery</b>'] });
    expect(response.statusCode).toBe(400);
    expect((await publicProfile(vet.user.id)).json().services).toEqual(['Dentistry']);
  });

  it('setupProfileStep2 and change-services give the same sentence for the same service and save nothing', async () => {
    const vet = await createVet(app, { plan: 2 });
    const sentence = 'Please write services as plain text, without < or >.';
    for (const bad of [['Cats <3 dogs'], ['Dentistry', '<b>Surgery</b>'], ['Surgery >'], ['<script>alert(1)</script>']]) {
      const change = await call(vet, 'change-services', { services: bad });
      expect(change.statusCode, bad.join()).toBe(400);
      expect(change.json(), bad.join()).toEqual({ code: 'VALIDATION_ERROR', message: sentence, field: 'services' });
      // The wizard's step answers a fixable input as its text with 202 (decision record 030), in the same words.
      const step = await call(vet, 'setupProfileStep2', step2Body({ services: bad }));
      expect(step.statusCode, bad.join()).toBe(202);
      expect(step.body, bad.join()).toBe(sentence);
    }
    const species = await call(vet, 'setupProfileStep2', step2Body({ species: ['dogs', 'cats<'] }));
    expect([species.statusCode, species.body]).toEqual([202, 'Please write species as plain text, without < or >.']);
    expect((await publicProfile(vet.user.id)).json()).toMatchObject({ services: [], species: ['dog', 'cat'] });
  });

  it('setupProfileStep2 and change-services store the same list for the same input: spaces folded, repeats and empty entries left out', async () => {
    const typed = [' Reptile   surgery ', 'Dentistry', 'Reptile surgery', ''];
    const viaStep = await createVet(app, { plan: 2 });
    expect((await call(viaStep, 'setupProfileStep2', step2Body({ services: typed, species: ['dogs', ' dogs', ''] }))).statusCode).toBe(200);
    const viaChange = await createVet(app, { plan: 2 });
    expect((await call(viaChange, 'change-services', { services: typed })).statusCode).toBe(200);
    for (const vet of [viaStep, viaChange]) expect((await publicProfile(vet.user.id)).json().services).toEqual(['Reptile surgery', 'Dentistry']);
    expect((await publicProfile(viaStep.user.id)).json().species).toEqual(['dogs']);
  });
});

describe('plan changes hide, never delete', () => {
  it('a downgrade to Basic hides photos, services and the contact form; an upgrade brings them back', async () => {
    const vet = await createVet(app, { plan: 2 });
    await upload(vet);
    await call(vet, 'change-services', { services: ['Boarding', 'Grooming'] });
    await app.database.db.insert(contactMessages).values({ doctorId: vet.user.id, name: 'Pat', email: 'pat@example.com', message: 'Hello' });

    await setPlan(vet, 1);
    const hidden = (await publicProfile(vet.user.id)).json();
    // The public profile carries photos and services only while the plan includes them: the keys are left out.
    expect(hidden).toMatchObject({ contact_form: false });
    expect(hidden).not.toHaveProperty('photos');
    expect(hidden).not.toHaveProperty('services');
    expect((await call(vet, 'messages', { page: 1, pageSize: 10 })).statusCode).toBe(403);
    expect(await app.database.db.select().from(profilePhotos).where(eq(profilePhotos.userId, vet.user.id))).toHaveLength(1);
    expect((await app.database.db.select().from(profiles).where(eq(profiles.userId, vet.user.id)))[0]!.services).toEqual(['Boarding', 'Grooming']);

    await setPlan(vet, 3);
    const back = (await publicProfile(vet.user.id)).json();
    expect(back.photos).toHaveLength(1);
    expect(back.services).toEqual(['Boarding', 'Grooming']);
    expect(back.contact_form).toBe(true);
    expect((await call(vet, 'messages', { page: 1, pageSize: 10 })).json().data.map((m: { message: string }) => m.message)).toEqual(['Hello']);
  });

  it('services saved in wizard step 2 on Basic are kept and appear after an upgrade', async () => {
    const vet = await createVet(app, { plan: 1 });
    await app.database.db
      .update(profiles)
      .set({ services: ['House calls'] })
      .where(eq(profiles.userId, vet.user.id));
    expect((await publicProfile(vet.user.id)).json()).not.toHaveProperty('services');
    await setPlan(vet, 2);
    expect((await publicProfile(vet.user.id)).json().services).toEqual(['House calls']);
  });

  it('the services search filter matches a vet only while the plan includes services', async () => {
    const service = `Llama care ${Date.now()}`;
    const vet = await createVet(app, { plan: 1 });
    await app.database.db
      .update(profiles)
      .set({ services: [service] })
      .where(eq(profiles.userId, vet.user.id));
    const search = async () =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/doctors/search',
          payload: { searchZipCode: '10001', services: [service] },
          headers: { 'user-agent': 'Mozilla/5.0 test' },
        })
      ).json();
    expect((await search()).data.map((d: { id: number }) => d.id)).not.toContain(vet.user.id);
    await setPlan(vet, 2);
    const found = (await search()).data.find((d: { id: number }) => d.id === vet.user.id);
    expect(found?.services).toEqual([service]);
    await setPlan(vet, 1);
    expect((await search()).data.map((d: { id: number }) => d.id)).not.toContain(vet.user.id);
  });

  it('statistics are kept through a downgrade and shown again after an upgrade', async () => {
    const vet = await createVet(app, { plan: 3 });
    await app.database.db.insert(profileDailyStats).values({ userId: vet.user.id, day: utcDay(new Date()), views: 7, messages: 2 });
    await setPlan(vet, 2);
    expect((await call(vet, 'statistics', { days: 7 })).statusCode).toBe(403);
    await setPlan(vet, 3);
    const data = (await call(vet, 'statistics', { days: 7 })).json().data;
    expect(data.at(-1)).toMatchObject({ date: utcDay(new Date()), views: 7, messages: 2 });
  });

  it('a lapsed plan counts as no plan for the feature calls', async () => {
    const vet = await createVet(app, { plan: 3 });
    await app.database.db
      .update(payments)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(payments.userId, vet.user.id));
    expect((await injectAs(app, vet.token, { method: 'GET', url: '/api/user/photos' })).statusCode).toBe(403);
  });
});
