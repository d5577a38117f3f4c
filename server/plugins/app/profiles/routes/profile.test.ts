// The profile calls (docs/product.md, Profile and review) as a client meets them: who may call them, what a good
// body saves, which sentence a bad one gets (and that it changes nothing), avatar uploads and what
// an edit to an approved profile leaves for the administrator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { buildTestApp } from '../../../../test/helper';
import { createAccount, createVet, injectAs, type Account } from '../../../../test/factories';
import { insertTestZips, jpegWithExif, multipartBody, pngBomb, pngImage, step1Body, step2Body, SVG_IMAGE, WEEK } from '../../../../test/profile-fixtures';
import { auditLog, profiles, users } from '../../../../db/schema';
import type { User } from '../../../../../shared/types/user';

let app: FastifyInstance;
beforeAll(async () => {
  // Not a rate-limit test: with REDIS_URL the per-address budget is shared by every test run on the machine.
  app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000', SEARCH_CACHE_SECONDS: '30' });
  await insertTestZips(app);
});
afterAll(() => app.close());

const call = (account: Account | undefined, url: string, payload?: unknown) =>
  injectAs(app, account?.token, { url: `/api/user/${url}`, payload: payload as object });
const profileOf = async (userId: number) => (await app.database.db.select().from(profiles).where(eq(profiles.userId, userId)))[0];
const upload = (account: Account, bytes: Buffer, filename = 'me.jpg', type = 'image/jpeg', field = 'avatar') =>
  injectAs(app, account.token, { url: '/api/user/change-avatar', ...multipartBody(field, filename, type, bytes) });

const JSON_CALLS: [string, unknown][] = [
  ['setupProfileStep1', step1Body()],
  ['setupProfileStep2', step2Body()],
  ['profile-submit', {}],
  ['change-contact-info', { clinic_name: 'A', contact_phone: '406-555-0123', contact_email: 'a@b.example', street: '1 Main', zip: '59001' }],
  ['change-workingtime', { working_time: WEEK, time_zone: 'America/Denver' }],
  ['change-title-website', { website_title: 'Site', website_url: 'https://a.example' }],
  ['change-summary', { summary: 'Hello' }],
  ['change-education', { education: [] }],
];

describe('who may call the profile calls', () => {
  const cases: [string, () => Promise<Account | undefined>, number, string][] = [
    ['a visitor', async () => undefined, 401, 'UNAUTHENTICATED'],
    ['an unverified account', () => createAccount(app, { stage: 'unverified' }), 403, 'NOT_VERIFIED'],
    ['a verified account without a plan', () => createAccount(app, { stage: 'verified' }), 403, 'PLAN_REQUIRED'],
    ['an administrator (no plan)', () => createAccount(app, { stage: 'admin' }), 403, 'PLAN_REQUIRED'],
  ];
  for (const [who, make, status, code] of cases) {
    it(`refuses ${who} on every call with ${status} ${code}, and saves nothing`, async () => {
      const account = await make();
      for (const [url, body] of JSON_CALLS) {
        const res = await call(account, url, body);
        expect(res.statusCode, url).toBe(status);
        expect(res.json(), url).toMatchObject({ code, message: expect.any(String) });
      }
      const avatar = await injectAs(app, account?.token, {
        url: '/api/user/change-avatar',
        ...multipartBody('avatar', 'a.png', 'image/png', await pngImage()),
      });
      expect(avatar.statusCode).toBe(status);
      if (account) expect(await profileOf(account.user.id)).toBeUndefined();
    });
  }

  it("acts only on the caller's own profile: another user's id in the body is refused and changes nothing", async () => {
    const owner = await createVet(app, { zip: '10001', clinicName: 'Owner Clinic' });
    const other = await createAccount(app, { stage: 'paid' });
    const res = await call(other, 'change-summary', { summary: 'Taken over', user_id: owner.user.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'user_id', message: expect.stringMatching(/\w.*\.$/) });
    expect((await profileOf(owner.user.id))!.summary).toBe('A friendly practice for dogs and cats.');
    const ownCall = await call(other, 'change-summary', { summary: 'My own words' });
    expect(ownCall.statusCode).toBe(200);
    expect((await profileOf(owner.user.id))!.summary).toBe('A friendly practice for dogs and cats.');
  });
});

describe('the wizard', () => {
  it('step 1 saves contact details: the zip gives the position, city and state; the phone is written one way', async () => {
    const vet = await createAccount(app, { stage: 'paid' });
    const res = await call(vet, 'setupProfileStep1', step1Body());
    expect(res.statusCode).toBe(200);
    const user = res.json<User>();
    expect(user).toMatchObject({ id: vet.user.id, submit_at: null, payment: { plan: 1 }, profile: { review_state: 'draft' } });
    expect(user.profile).toMatchObject({
      clinic_name: 'Stillwater Valley Vets',
      contact_phone: '(406) 555-0123',
      contact_email: 'desk@stillwater.example',
      city: 'Absarokee',
      state: 'MT',
      zip: '59001',
      latitude: 45.5154,
      longitude: -109.4692,
      website_url: 'https://stillwater.example',
      step1_done: true,
      step2_done: false,
      avatar: null,
    });
    expect(JSON.stringify(user)).not.toMatch(/password|token_version|avatar_key/i);
  });

  it('step 1 answers 202 with a sentence naming the problem and keeps what was saved', async () => {
    const vet = await createAccount(app, { stage: 'paid' });
    expect((await call(vet, 'setupProfileStep1', step1Body())).statusCode).toBe(200);
    const bad: [Partial<ReturnType<typeof step1Body>>, RegExp][] = [
      [{ zip: '00000' }, /zip code 00000 is not a US zip code we know/],
      [{ zip: '5900' }, /^Enter a five-digit zip code\.$/],
      [{ zip: '59001', state: 'NY' }, /59001 is in MT, not NY/],
      [{ contact_phone: '(555) 0100-2000' }, /US phone number/],
      [{ contact_phone: '123-456-7890' }, /US phone number/],
      [{ contact_email: 'not-an-email' }, /valid contact e-mail/],
      [{ website_url: 'javascript:alert(1)' }, /Enter the website address/],
      [{ website_url: 'ftp://files.example' }, /Enter the website address/],
      [{ clinic_name: '  ' }, /clinic or hospital name/],
      [{ street: '' }, /street address/],
    ];
    for (const [change, sentence] of bad) {
      const res = await call(vet, 'setupProfileStep1', step1Body({ ...change, clinic_name: change.clinic_name ?? 'Changed Name' }));
      expect(res.statusCode, JSON.stringify(change)).toBe(202);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toMatch(sentence);
    }
    expect((await profileOf(vet.user.id))!.clinicName).toBe('Stillwater Valley Vets');
  });

  it('refuses wrong types, missing and unknown fields with a 400 naming the field', async () => {
    const vet = await createAccount(app, { stage: 'paid' });
    const { zip: _zip, ...withoutZip } = step1Body();
    expect((await call(vet, 'setupProfileStep1', withoutZip)).json()).toEqual({ code: 'VALIDATION_ERROR', field: 'zip', message: 'Zip code is required.' });
    expect((await call(vet, 'setupProfileStep1', { ...step1Body(), zip: 59001 })).statusCode).toBe(400);
    expect((await call(vet, 'setupProfileStep2', { ...step2Body(), emergency: 'yes' })).statusCode).toBe(400);
    expect((await call(vet, 'change-education', { education: [{ degree: 'DVM', school: 'X', year: '2001' }] })).statusCode).toBe(400);
    expect(await profileOf(vet.user.id)).toBeUndefined();
  });

  it('step 2 saves hours, time zone, education and practice details; bad hours, zones, years and summaries get 202', async () => {
    const vet = await createAccount(app, { stage: 'paid' });
    const res = await call(vet, 'setupProfileStep2', step2Body({ services: ['Wellness exams', ' Wellness exams ', 'Equine care'] }));
    expect(res.statusCode).toBe(200);
    expect(res.json<User>().profile).toMatchObject({
      time_zone: 'America/Denver',
      working_time: WEEK,
      services: ['Wellness exams', 'Equine care'],
      education: [{ degree: 'Doctor of Veterinary Medicine (DVM)', school: 'Colorado State University', year: 2009 }],
      license_state: 'MT',
      accepting_new_patients: true,
      step2_done: true,
    });
    const closesEarly = WEEK.map((d) => (d.day === 'tue' ? { day: 'tue' as const, closed: false, open: '17:00', close: '09:00' } : d));
    const bad: [Parameters<typeof step2Body>[0], RegExp][] = [
      [{ working_time: closesEarly }, /^Tuesday: the closing time must be after the opening time\.$/],
      [
        { working_time: WEEK.map((d) => (d.day === 'mon' ? { day: 'mon' as const, closed: false, open: '25:00', close: '26:00' } : d)) },
        /Monday's opening and closing times as HH:MM/,
      ],
      [{ working_time: WEEK.slice(0, 6) }, /each day of the week/],
      [{ time_zone: 'Mars/Olympus_Mons' }, /time zone/],
      [{ time_zone: 'EST; DROP TABLE' }, /time zone/],
      [{ summary: 'x'.repeat(2001) }, /^The summary can be at most 2000 characters long\.$/],
      [{ education: [{ degree: 'DVM', school: 'Old School', year: 1850 }] }, /Education entry 1: enter the year/],
      [{ education: [{ degree: 'DVM', school: 'Future School', year: 2100 }] }, /Education entry 1: enter the year/],
      [{ license_state: 'Narnia' }, /licence state/],
    ];
    for (const [change, sentence] of bad) {
      const answer = await call(vet, 'setupProfileStep2', step2Body({ ...change, summary: change?.summary ?? 'Changed' }));
      expect(answer.statusCode, JSON.stringify(change).slice(0, 80)).toBe(202);
      expect(answer.body).toMatch(sentence);
    }
    expect((await profileOf(vet.user.id))!.summary).toBe('Large and small animal care in the Stillwater valley.');
    expect((await call(vet, 'change-summary', { summary: 'y'.repeat(2000) })).statusCode).toBe(200);
  });

  it('profile-submit needs both steps (201), then puts the profile in review with submit_at', async () => {
    const vet = await createAccount(app, { stage: 'paid' });
    const unknown = await call(vet, 'profile-submit', { submit_at: '2020-01-01' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'submit_at' });
    const early = await call(vet, 'profile-submit');
    expect(early.statusCode).toBe(201);
    expect(early.body).toMatch(/complete Step 1/);
    await call(vet, 'setupProfileStep1', step1Body());
    expect((await call(vet, 'profile-submit')).body).toMatch(/complete Step 2/);
    await call(vet, 'setupProfileStep2', step2Body());
    const res = await call(vet, 'profile-submit');
    expect(res.statusCode).toBe(200);
    const user = res.json<User>();
    expect(user.profile?.review_state).toBe('pending');
    expect(Date.parse(user.submit_at!)).toBeGreaterThan(Date.now() - 60_000);
    const again = await call(vet, 'profile-submit');
    expect(again.json<User>().submit_at).toBe(user.submit_at);
  });
});

describe('editing a profile', () => {
  it('each change-* call saves its part and answers the whole user', async () => {
    const vet = await createVet(app, { reviewState: 'draft' });
    const contact = await call(vet, 'change-contact-info', {
      clinic_name: 'Park Vets',
      contact_phone: '+1 (307) 555-0199',
      contact_email: 'park@vets.example',
      street: '1 Grand Loop',
      city: '',
      zip: '82190',
    });
    expect(contact.json<User>().profile).toMatchObject({
      clinic_name: 'Park Vets',
      contact_phone: '(307) 555-0199',
      city: 'Yellowstone National Park',
      state: 'WY',
      latitude: 44.7957,
    });
    const hours = await call(vet, 'change-workingtime', { working_time: [...WEEK].reverse(), time_zone: 'America/Denver' });
    expect(hours.json<User>().profile!.working_time.map((d) => d.day)).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
    expect(
      (await call(vet, 'change-title-website', { website_title: 'Park Vets online', website_url: 'http://park.example/vets' })).json<User>().profile,
    ).toMatchObject({ website_title: 'Park Vets online', website_url: 'http://park.example/vets' });
    expect((await call(vet, 'change-title-website', { website_title: '', website_url: '' })).json<User>().profile).toMatchObject({
      website_title: null,
      website_url: null,
    });
    expect((await call(vet, 'change-summary', { summary: 'Bison-proof waiting room.' })).json<User>().profile!.summary).toBe('Bison-proof waiting room.');
    const education = [
      { degree: 'DVM', school: 'Washington State University', year: 2012 },
      { degree: 'Equine residency', school: 'UC Davis', year: 2016 },
    ];
    expect((await call(vet, 'change-education', { education })).json<User>().profile!.education).toEqual(education);
  });

  it('an edit to an approved profile keeps it listed and records what changed for the administrator', async () => {
    const vet = await createVet(app, {
      zip: '59001',
      city: 'Absarokee',
      state: 'MT',
      latitude: 45.5154,
      longitude: -109.4692,
      clinicName: 'Listed Before Edit',
    });
    // The website's title stays listed; the website itself goes back to review (docs/product.md 6.3).
    const res = await call(vet, 'change-title-website', { website_title: 'New site', website_url: '' });
    expect(res.json<User>().profile?.review_state).toBe('approved');
    const found = await app.inject({ method: 'POST', url: '/api/doctors/search', payload: { searchZipCode: '59001' } });
    expect(found.json<{ data: { id: number }[] }>().data.map((d) => d.id)).toContain(vet.user.id);
    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(vet.user.id)), eq(auditLog.action, 'profile.changed')));
    expect(entry).toMatchObject({ actorId: vet.user.id, targetType: 'profile' });
    expect(entry!.details).toEqual({
      section: 'title_website',
      review_state: 'approved',
      changes: { website_title: { from: null, to: 'New site' } },
    });
    // Saving the same values again records nothing new.
    await call(vet, 'change-title-website', { website_title: 'New site', website_url: '' });
    const entries = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(vet.user.id)), eq(auditLog.action, 'profile.changed')));
    expect(entries).toHaveLength(1);
    const moved = await call(vet, 'change-title-website', { website_title: 'New site', website_url: 'https://new.example' });
    expect(moved.json<User>().profile?.review_state).toBe('pending');
  });
});

describe('change-avatar', () => {
  it('re-encodes a JPEG to WebP at 96, 256 and 512 px without its metadata, served with immutable cache headers', async () => {
    const vet = await createAccount(app, { stage: 'paid' });
    const input = await jpegWithExif();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const res = await upload(vet, input);
    expect(res.statusCode).toBe(200);
    const profile = res.json<User>().profile!;
    expect(profile.avatar).toMatch(/^\/uploads\/avatars\/u\d+-[0-9a-f]{12}\/256\.webp$/);
    expect(Object.keys(profile.avatar_sizes)).toEqual(['96', '256', '512']);
    for (const [size, url] of Object.entries(profile.avatar_sizes)) {
      const image = await app.inject({ method: 'GET', url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(image.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: Number(size), height: Number(size) });
      expect(meta.exif).toBeUndefined();
      expect(image.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    }
  });

  it('replacing the avatar deletes the old files', async () => {
    const vet = await createAccount(app, { stage: 'paid' });
    const first = (await upload(vet, await pngImage(), 'a.png', 'image/png')).json<User>().profile!.avatar!;
    const second = (await upload(vet, await pngImage(400, 200), 'b.png', 'image/png')).json<User>().profile!.avatar!;
    expect(second).not.toBe(first);
    expect((await app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
  });

  it('refuses a decompression bomb, a renamed non-image, a 6 MB file and an SVG with a clear sentence, keeping the old avatar', async () => {
    const vet = await createAccount(app, { stage: 'paid' });
    const kept = (await upload(vet, await pngImage(), 'a.png', 'image/png')).json<User>().profile!.avatar;
    const refusals: [Buffer, string, string, RegExp][] = [
      [pngBomb(), 'small.png', 'image/png', /too many pixels/],
      [Buffer.from('MZ\x90\x00 this is an executable, not a photo'.repeat(20)), 'holiday.jpg', 'image/jpeg', /not a JPEG, PNG or WebP image/],
      [Buffer.from('%PDF-1.7\n'.repeat(50)), 'photo.png', 'image/png', /not a JPEG, PNG or WebP image/],
      [Buffer.concat([await jpegWithExif(64, 64), Buffer.alloc(6 * 1024 * 1024)]), 'big.jpg', 'image/jpeg', /larger than 5 MB/],
      [SVG_IMAGE, 'logo.png', 'image/png', /SVG images are not accepted/],
      [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]), 'broken.jpg', 'image/jpeg', /could not be read/],
    ];
    for (const [bytes, name, type, sentence] of refusals) {
      const res = await upload(vet, bytes, name, type);
      expect(res.statusCode, name).toBe(202);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body, name).toMatch(sentence);
    }
    expect((await profileOf(vet.user.id))!.avatarUrl).toBe(kept);
  });

  it('needs multipart/form-data with the file in the field avatar', async () => {
    const vet = await createAccount(app, { stage: 'paid' });
    const json = await call(vet, 'change-avatar', { avatar: 'data:image/png;base64,AAAA' });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ code: 'MULTIPART_REQUIRED' });
    const wrongField = await upload(vet, await pngImage(), 'a.png', 'image/png', 'photo');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({ message: "Send the image in the form field 'avatar'." });
  });

  it('unknown upload keys answer 404, and keys cannot walk out of the store', async () => {
    expect((await app.inject({ method: 'GET', url: '/uploads/avatars/nope/256.webp' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/uploads/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });
});

describe('the user object', () => {
  it('carries only the fields of the contract, the review state and reason under profile (login-with-token shows the same user)', async () => {
    const vet = await createVet(app, { reviewState: 'rejected' });
    await app.database.db.update(users).set({ reviewReason: 'Please add your licence number.' }).where(eq(users.id, vet.user.id));
    const res = await app.inject({ method: 'POST', url: '/api/user/login-with-token', payload: { token: vet.token } });
    const { user } = res.json<{ user: User }>();
    // docs/product.md, The API: the user object carries only these fields, the profile pieces under `profile`
    // (and account_type, section 13).
    expect(Object.keys(user).sort()).toEqual([
      'account_type',
      'email',
      'first_name',
      'id',
      'last_name',
      'manage_role',
      'payment',
      'profile',
      'submit_at',
      'verify',
    ]);
    expect(user.profile).toMatchObject({ zip: '10001', review_state: 'rejected', review_reason: 'Please add your licence number.' });
  });
});
