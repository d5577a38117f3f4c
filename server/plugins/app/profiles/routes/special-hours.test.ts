// Holiday and special hours (docs/product.md section 22) as vets and owners meet them: saving them with
// change-workingtime and step 2, every refusal as a sentence that changes nothing, and open now on the
// profile and in search's open-now filter in the practice's own zone, across the two daylight-saving
// changes of 2026-27 in New York and Los Angeles; the structured data carries them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildTestApp } from '../../../../test/helper';
import { createVet, injectAs, type Account } from '../../../../test/factories';
import { createTestClock } from '../../../../lib/clock';
import { payments, profiles, zipCodes } from '../../../../db/schema';
import { DAYS } from '../../../../../shared/constants/days';
import { isOpenAt } from '../../../../../shared/lib/opening-hours';
import { specialOpenAt, type SpecialDay } from '../../../../../shared/lib/special-hours';
import type { DoctorSearchAnswer } from '../../../../../shared/schemas/doctor';

// Before both changes: saving dates up to 12 months ahead covers 2026-11-01 and 2027-03-14.
const SAVED_AT = new Date('2026-10-20T12:00:00Z');
const clock = createTestClock(SAVED_AT);
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-special-hours-'));
let app: FastifyInstance;
let newYork: Account;
let losAngeles: Account;

const week = DAYS.map((day) => ({ day, closed: day === 'sun', open: '09:00', close: '17:00' }));
const special: SpecialDay[] = [
  // Both changes fall on a Sunday, when the regular week is closed.
  { date: '2026-11-01', closed: false, open: '10:00', close: '14:00', note: 'Short Sunday' },
  { date: '2027-03-14', closed: false, open: '08:00', close: '12:00', note: 'Spring clinic' },
  { date: '2026-12-25', closed: true, note: 'Christmas' },
  // Evening hours on a Saturday: in Los Angeles 19:00 is already the 27th in UTC.
  { date: '2026-12-26', closed: false, open: '18:00', close: '22:00' },
];

const saveHours = (vet: Account, timeZone: string, specialHours: unknown) =>
  injectAs(app, vet.token, { url: '/api/user/change-workingtime', payload: { working_time: week, time_zone: timeZone, special_hours: specialHours } });

const profileAt = async (vet: Account, at: string) => {
  clock.set(at);
  const res = await app.inject({ method: 'POST', url: '/api/doctors/get-by-id', payload: { id: vet.user.id } });
  expect(res.statusCode).toBe(200);
  return res.json<{ open_now: boolean | null; special_hours: SpecialDay[] }>();
};

/** Whether search's open-now filter finds the vet around its zip code at `at`. */
const foundOpen = async (vet: Account, zip: string, at: string) => {
  clock.set(at);
  const res = await app.inject({
    method: 'POST',
    url: '/api/doctors/search',
    payload: { searchZipCode: zip, searchCity: '', searchState: '', searchCount: 100, searchStart: 0, open_now: true, radius: 5 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DoctorSearchAnswer>().data.some((card) => card.id === vet.user.id);
};

// Zip codes of their own, far from other tests' vets, so a search around them finds only these two.
const places = {
  newYork: { zip: '96941', city: 'Holiday East', state: 'FM', latitude: 6.95, longitude: 158.2 },
  losAngeles: { zip: '96942', city: 'Holiday West', state: 'FM', latitude: 7.45, longitude: 151.85 },
};

beforeAll(async () => {
  // The built shell's shape (web/index.html after vite build), so profile pages render their head.
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Animal Doctor</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n',
  );
  app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }, { clock, distDir: dist });
  for (const place of Object.values(places))
    await app.database.db
      .insert(zipCodes)
      .values(place)
      .onConflictDoUpdate({ target: zipCodes.zip, set: { latitude: place.latitude, longitude: place.longitude } });
  newYork = await createVet(app, { clinicName: 'Hudson Holiday Vets', timeZone: 'America/New_York', workingTime: week, ...places.newYork });
  losAngeles = await createVet(app, { clinicName: 'Sunset Holiday Vets', timeZone: 'America/Los_Angeles', workingTime: week, ...places.losAngeles });
  // Paid well past the spring change, so both stay listed whatever the test clock says.
  for (const vet of [newYork, losAngeles])
    await app.database.db
      .update(payments)
      .set({ currentPeriodEnd: new Date('2028-01-01T00:00:00Z') })
      .where(eq(payments.userId, vet.user.id));
  clock.set(SAVED_AT);
  expect((await saveHours(newYork, 'America/New_York', special)).statusCode).toBe(200);
  expect((await saveHours(losAngeles, 'America/Los_Angeles', special)).statusCode).toBe(200);
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('special hours across the daylight-saving changes', () => {
  // Each instant is chosen so that the other offset (the one before or after the change) gives the other answer.
  const cases: [string, 'America/New_York' | 'America/Los_Angeles', string, boolean][] = [
    ['New York, autumn: 09:30 EST is before the special opening', 'America/New_York', '2026-11-01T14:30:00Z', false],
    ['New York, autumn: 10:30 EST is open', 'America/New_York', '2026-11-01T15:30:00Z', true],
    ['New York, autumn: 13:59 EST is open', 'America/New_York', '2026-11-01T18:59:00Z', true],
    ['New York, autumn: 14:00 EST has closed', 'America/New_York', '2026-11-01T19:00:00Z', false],
    ['Los Angeles, autumn: 09:30 PST is before the opening', 'America/Los_Angeles', '2026-11-01T17:30:00Z', false],
    ['Los Angeles, autumn: 10:30 PST is open', 'America/Los_Angeles', '2026-11-01T18:30:00Z', true],
    ['Los Angeles, autumn: 14:00 PST has closed', 'America/Los_Angeles', '2026-11-01T22:00:00Z', false],
    ['New York, spring: 08:30 EDT is open', 'America/New_York', '2027-03-14T12:30:00Z', true],
    ['New York, spring: 12:00 EDT has closed', 'America/New_York', '2027-03-14T16:00:00Z', false],
    ['Los Angeles, spring: 08:30 PDT is open', 'America/Los_Angeles', '2027-03-14T15:30:00Z', true],
    ['Los Angeles, spring: 07:30 PDT is before the opening', 'America/Los_Angeles', '2027-03-14T14:30:00Z', false],
    ['Los Angeles, spring: 12:00 PDT has closed', 'America/Los_Angeles', '2027-03-14T19:00:00Z', false],
  ];

  it.each(cases)('%s (the shared rule)', (_label, zone, at, open) => {
    expect(specialOpenAt(special, zone, new Date(at))).toBe(open);
    expect(isOpenAt(week, zone, new Date(at), special)).toBe(open);
  });

  it.each(cases)('%s (the profile and search)', async (_label, zone, at, open) => {
    const vet = zone === 'America/New_York' ? newYork : losAngeles;
    expect((await profileAt(vet, at)).open_now).toBe(open);
    expect(await foundOpen(vet, zone === 'America/New_York' ? places.newYork.zip : places.losAngeles.zip, at)).toBe(open);
  });

  it('closes a regular working day on its date only, by the practice’s calendar', async () => {
    // Friday 25 December, 10:00 in New York: a regular day, closed for Christmas.
    expect((await profileAt(newYork, '2026-12-25T15:00:00Z')).open_now).toBe(false);
    expect(await foundOpen(newYork, places.newYork.zip, '2026-12-25T15:00:00Z')).toBe(false);
    // The day before and the day after keep their week.
    expect((await profileAt(newYork, '2026-12-24T15:00:00Z')).open_now).toBe(true);
    expect(await foundOpen(newYork, places.newYork.zip, '2026-12-24T15:00:00Z')).toBe(true);
    // Saturday 26 December 19:00 in Los Angeles is 03:00 on the 27th in UTC: the evening hours hold.
    expect((await profileAt(losAngeles, '2026-12-27T03:00:00Z')).open_now).toBe(true);
    expect(await foundOpen(losAngeles, places.losAngeles.zip, '2026-12-27T03:00:00Z')).toBe(true);
    // And its regular Saturday afternoon gives way to them.
    expect((await profileAt(losAngeles, '2026-12-26T22:00:00Z')).open_now).toBe(false);
  });

  it('shows owners the days from today on, and search engines the same in the structured data', async () => {
    const shown = await profileAt(newYork, '2026-11-02T12:00:00Z');
    expect(shown.special_hours.map((day) => day.date)).toEqual(['2026-12-25', '2026-12-26', '2027-03-14']);
    const page = await app.inject({ method: 'GET', url: `/viewdoctorprofile/${newYork.user.id}` });
    expect(page.statusCode).toBe(200);
    const practice = [...page.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
      .find((data) => 'specialOpeningHoursSpecification' in data);
    expect(practice?.specialOpeningHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', name: 'Christmas', validFrom: '2026-12-25', validThrough: '2026-12-25', opens: '00:00', closes: '00:00' },
      { '@type': 'OpeningHoursSpecification', validFrom: '2026-12-26', validThrough: '2026-12-26', opens: '18:00', closes: '22:00' },
      { '@type': 'OpeningHoursSpecification', name: 'Spring clinic', validFrom: '2027-03-14', validThrough: '2027-03-14', opens: '08:00', closes: '12:00' },
    ]);
  });
});

describe('saving special hours', () => {
  const refusals: [string, unknown, RegExp][] = [
    ['a date that has passed', [{ date: '2026-10-19', closed: true }], /has passed/],
    ['a date more than 12 months ahead', [{ date: '2027-10-21', closed: true }], /more than 12 months away/],
    ['a date that is not a date', [{ date: '2026-02-30', closed: true }], /YYYY-MM-DD/],
    [
      'the same date twice',
      [
        { date: '2026-12-25', closed: true },
        { date: '2026-12-25', closed: true },
      ],
      /entered twice/,
    ],
    ['times the wrong way round', [{ date: '2026-12-24', closed: false, open: '14:00', close: '10:00' }], /closing time must be after/],
    ['no times on an open day', [{ date: '2026-12-24', closed: false }], /HH:MM/],
    ['markup in the note', [{ date: '2026-12-24', closed: true, note: '<b>Holiday</b>' }], /plain text/],
    ['a note on two lines', [{ date: '2026-12-24', closed: true, note: 'Holiday\nBcc: x@example.com' }], /plain text/],
    ['a note split by a line separator', [{ date: '2026-12-24', closed: true, note: 'Holiday\u2028Bcc: x@example.com' }], /plain text/],
    ['a note split by a paragraph separator', [{ date: '2026-12-24', closed: true, note: 'Holiday\u2029Open at 9' }], /plain text/],
    ['a note with a direction override', [{ date: '2026-12-24', closed: true, note: 'Holiday \u202Eyadilo' }], /plain text/],
    ['a long note', [{ date: '2026-12-24', closed: true, note: 'x'.repeat(81) }], /80 characters/],
    [
      '61 days',
      Array.from({ length: 61 }, (_, i) => ({ date: `2027-0${1 + Math.floor(i / 28)}-${String((i % 28) + 1).padStart(2, '0')}`, closed: true })),
      /at most 60/,
    ],
  ];

  it.each(refusals)('refuses %s with a sentence and keeps what was saved', async (_label, specialHours, message) => {
    clock.set(SAVED_AT);
    const res = await saveHours(newYork, 'America/New_York', specialHours);
    expect(res.statusCode).toBe(202);
    expect(res.body).toMatch(message);
    expect(res.body).toMatch(/\.$/);
    const [row] = await app.database.db.select({ special: profiles.specialHours }).from(profiles).where(eq(profiles.userId, newYork.user.id));
    expect(row!.special.map((day) => day.date)).toEqual(['2026-11-01', '2026-12-25', '2026-12-26', '2027-03-14']);
  });

  it('refuses a malformed entry at the transport with 400', async () => {
    clock.set(SAVED_AT);
    const res = await saveHours(newYork, 'America/New_York', [{ date: '2026-12-24', closed: 'yes' }]);
    expect(res.statusCode).toBe(400);
  });

  it('keeps the special hours when a save leaves them out, and step 2 takes them too', async () => {
    clock.set(SAVED_AT);
    const kept = await injectAs(app, losAngeles.token, {
      url: '/api/user/change-workingtime',
      payload: { working_time: week, time_zone: 'America/Los_Angeles' },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().profile.special_hours).toHaveLength(4);
    const step2 = await injectAs(app, losAngeles.token, {
      url: '/api/user/setupProfileStep2',
      payload: {
        working_time: week,
        time_zone: 'America/Los_Angeles',
        special_hours: [...special, { date: '2026-11-26', closed: true, note: '  Thanksgiving   Day ' }],
        summary: 'A friendly practice.',
        education: [],
        services: [],
        species: ['dog'],
        emergency: false,
        accepting_new_patients: true,
        license_number: '',
        license_state: '',
      },
    });
    expect(step2.statusCode).toBe(200);
    const saved = step2.json().profile.special_hours as SpecialDay[];
    expect(saved.map((day) => day.date)).toEqual(['2026-11-01', '2026-11-26', '2026-12-25', '2026-12-26', '2027-03-14']);
    expect(saved[1]).toEqual({ date: '2026-11-26', closed: true, note: 'Thanksgiving Day' });
  });

  it('refuses a vet without a session', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/user/change-workingtime', payload: { working_time: week, time_zone: 'UTC', special_hours: [] } });
    expect(res.statusCode).toBe(401);
  });
});
