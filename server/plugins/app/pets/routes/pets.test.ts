// Saved pets (docs/product.md section 31) as clients meet them: add, edit, list and remove; every refusal
// with its sentence; one account's pets never another's (a forged id gets 404); 20 per account under 200
// saves at once; a session asked for and a forged one refused; an appointment request naming a pet shows
// the practice its details (list and e-mail); export and account deletion carry and take the pets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { buildTestApp } from '../../../../test/helper';
import { createAccount, createVet, injectAs, type Account } from '../../../../test/factories';
import { startSmtpCapture, type SmtpCapture } from '../../../../test/smtp-capture';
import { createTestClock } from '../../../../lib/clock';
import { petCounts, pets, users } from '../../../../db/schema';
import { PET_MESSAGES } from '../index';
import { APPOINTMENT_SUBJECTS } from '../../appointments/index';
import { PET_LIMITS, PET_PROBLEMS } from '../../../../../shared/lib/pet-rules';
import { openingSlots } from '../../../../../shared/lib/appointment-rules';
import { DAYS } from '../../../../../shared/constants/days';
import type { Pet } from '../../../../../shared/schemas/pet';
import type { PracticeAppointmentsAnswer } from '../../../../../shared/schemas/appointment';

const clock = createTestClock(new Date('2026-11-20T15:00:00Z'));
let app: FastifyInstance;
let smtp: SmtpCapture;
let alice: Account;
let bob: Account;
const HOURS = DAYS.map((day) => ({ day, closed: day === 'sun', open: '09:00', close: '17:00' }));

const call = (who: Account | undefined, url: string, payload?: unknown) => injectAs(app, who?.token, { url, payload: (payload ?? {}) as object });
const save = (who: Account, pet: Record<string, unknown>) => call(who, '/api/user/pets/save', pet);
const listOf = async (who: Account) => (await call(who, '/api/user/pets')).json<{ data: Pet[] }>().data;
const owner = () => createAccount(app, { accountType: 'owner', firstName: 'Olive', lastName: 'Owner' });
const REX = {
  name: ' Rex ',
  species: 'dogs',
  breed: 'Beagle',
  birth_date: '2023-03-02',
  weight_kg: 12.5,
  notes: 'Afraid of thunder.\r\nTakes pills in cheese.',
};

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await buildTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '1000000', MAIL_PER_CLIENT_PER_HOUR: '100000' }, { clock });
  alice = await owner();
  bob = await owner();
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

describe('saved pets', () => {
  it('adds, lists in the order added, and changes a pet, answering with a sentence and the pet', async () => {
    const added = await save(alice, REX);
    expect(added.statusCode, added.body).toBe(200);
    const rex = added.json<{ message: string; pet: Pet }>();
    expect(rex).toEqual({
      message: 'Saved Rex.',
      pet: {
        id: expect.any(Number),
        name: 'Rex',
        species: 'dogs',
        breed: 'Beagle',
        birth_date: '2023-03-02',
        weight_kg: 12.5,
        notes: 'Afraid of thunder.\nTakes pills in cheese.',
      },
    });
    const tom = (await save(alice, { name: 'Tom', species: 'cats' })).json<{ pet: Pet }>().pet;
    expect(tom).toMatchObject({ breed: '', birth_date: null, weight_kg: null, notes: '' });
    expect(await listOf(alice)).toEqual([rex.pet, tom]);
    const changed = await save(alice, { ...REX, id: rex.pet.id, name: 'Rex', weight_kg: 13, birth_date: null });
    expect(changed.json()).toMatchObject({ message: 'Saved Rex.', pet: { id: rex.pet.id, weight_kg: 13, birth_date: null } });
    expect((await listOf(alice)).map((pet) => pet.id)).toEqual([rex.pet.id, tom.id]);
  });

  it('refuses bad input with a plain sentence and the field, and stores nothing', async () => {
    const before = await listOf(alice);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...REX, name: '   ' }, 'name', "Enter your pet's name."],
      [{ ...REX, name: '\u200B' }, 'name', "Enter your pet's name."],
      [{ ...REX, name: 'Rex\nMax' }, 'name', "Write the pet's name on one line, without control characters."],
      [{ ...REX, name: 'x'.repeat(41) }, 'name', `Keep the pet's name to 40 characters or fewer.`],
      [{ ...REX, species: 'dragons' }, 'species', 'Choose the species: dogs, cats, rabbits, birds, reptiles, horses, exotics, farm animals.'],
      [{ ...REX, birth_date: '2026-11-22' }, 'birth_date', PET_PROBLEMS.birthDateFuture],
      [{ ...REX, birth_date: '2023-02-30' }, 'birth_date', PET_PROBLEMS.birthDateFormat],
      [{ ...REX, birth_date: '1800-01-01' }, 'birth_date', PET_PROBLEMS.birthDateOld],
      [{ ...REX, weight_kg: 0 }, 'weight_kg', PET_PROBLEMS.weight],
      [{ ...REX, weight_kg: -3 }, 'weight_kg', PET_PROBLEMS.weight],
      [{ ...REX, weight_kg: 2000 }, 'weight_kg', PET_PROBLEMS.weight],
      [{ ...REX, weight_kg: '12' }, 'weight_kg', PET_PROBLEMS.weight],
      [{ ...REX, notes: 'x'.repeat(1001) }, 'notes', 'Keep the notes to 1,000 characters or fewer.'],
      [{ ...REX, breed: 'Bea\u202Egle' }, 'breed', PET_MESSAGES.breed],
    ];
    for (const [body, field, message] of cases) {
      const res = await save(alice, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field, message });
    }
    for (const body of [{ ...REX, owner_id: bob.user.id }, { ...REX, id: 0 }, { ...REX, id: 2_147_483_648 }, {}]) {
      expect((await save(alice, body)).statusCode).toBe(400);
    }
    // Today in the easternmost zone is not the future.
    expect((await save(bob, { ...REX, birth_date: '2026-11-21' })).statusCode).toBe(200);
    expect(await listOf(alice)).toEqual(before);
  });

  it("keeps each account's pets its own: another account's id is 404 for edit and removal, and touches nothing", async () => {
    const [rex] = await listOf(alice);
    for (const res of [await save(bob, { ...REX, id: rex!.id, name: 'Stolen' }), await call(bob, '/api/user/pets/remove', { id: rex!.id })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'There is no pet of yours with this id.', field: 'id' });
    }
    expect((await listOf(alice))[0]).toEqual(rex);
    expect((await listOf(bob)).map((pet) => pet.name)).toEqual(['Rex']);
    const removed = await call(alice, '/api/user/pets/remove', { id: rex!.id });
    expect(removed.json()).toEqual({ message: 'Removed Rex.', id: rex!.id });
    expect((await call(alice, '/api/user/pets/remove', { id: rex!.id })).statusCode).toBe(404);
  });

  it('asks for a session, and refuses a forged one', async () => {
    const forged = await new SignJWT({ sub: String(alice.user.id) })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-but-long-enough-1234'));
    for (const url of ['/api/user/pets', '/api/user/pets/save', '/api/user/pets/remove']) {
      expect((await app.inject({ method: 'POST', url, payload: REX })).statusCode).toBe(401);
      expect((await injectAs(app, forged, { url, payload: REX })).statusCode).toBe(401);
    }
  });

  it(`keeps to ${PET_LIMITS.perAccount} pets per account when 200 saves arrive at once`, async () => {
    const many = await owner();
    const { db } = app.database;
    for (let n = 0; n < PET_LIMITS.perAccount - 3; n++) await db.insert(pets).values({ ownerId: many.user.id, name: `Pet ${n}`, species: 'cats' });
    const answers = await Promise.all(Array.from({ length: 200 }, (_, n) => save(many, { name: `Crowd ${n}`, species: 'birds' })));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(3);
    expect(codes.filter((code) => code === 409)).toHaveLength(197);
    expect(answers.find((res) => res.statusCode === 409)!.json()).toMatchObject({
      code: 'PETS_LIMIT',
      message: 'You can keep up to 20 pets. Remove one to add another.',
    });
    expect(await listOf(many)).toHaveLength(PET_LIMITS.perAccount);
    // Editing at the limit is no new pet; removing one makes room for one.
    const [first] = await listOf(many);
    expect((await save(many, { id: first!.id, name: 'Renamed', species: 'cats' })).statusCode).toBe(200);
    await call(many, '/api/user/pets/remove', { id: first!.id });
    expect((await save(many, { name: 'Newcomer', species: 'horses' })).statusCode).toBe(200);
    expect((await save(many, { name: 'One too many', species: 'horses' })).statusCode).toBe(409);
  });
});

describe('a request that names a saved pet', () => {
  it("shows the practice the pet's details on the appointment and in its e-mail; another's pet is 404; typed pets still work", async () => {
    const vet = await createVet(app, { plan: 2, clinicName: 'Pet Detail Clinic', workingTime: HOURS });
    const olive = await owner();
    const rex = (await save(olive, REX)).json<{ pet: Pet }>().pet;
    const preferred = openingSlots(HOURS, 'America/New_York', clock.now(), 14).slice(2, 4);
    const body = { doctor_id: vet.user.id, reason: 'Limping on the left hind leg since Sunday.', preferred };
    const asked = await call(olive, '/api/appointments/request', { ...body, pet_id: rex.id });
    expect(asked.statusCode, asked.body).toBe(200);
    const inbox = (await call(vet, '/api/user/appointments', {})).json<PracticeAppointmentsAnswer>();
    expect(inbox.data[0]).toMatchObject({
      pet_name: 'Rex',
      species: 'dog',
      pet_id: rex.id,
      pet: { breed: 'Beagle', birth_date: '2023-03-02', weight_kg: 12.5, notes: 'Afraid of thunder.\nTakes pills in cheese.' },
    });
    const mail = await smtp.waitFor((m) => m.to.includes(vet.user.email) && m.subject === APPOINTMENT_SUBJECTS.requested);
    for (const line of ['Rex (dog)', 'Breed: Beagle', 'Age: 3 years (born Mar 02, 2023)', 'Weight: 12.5 kg (27.6 lb)', 'Notes: Afraid of thunder.'])
      expect(mail.decoded).toContain(line);

    const other = await call(bob, '/api/appointments/request', { ...body, pet_id: rex.id });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ message: 'There is no pet of yours with this id.', field: 'pet_id' });
    const untyped = await call(bob, '/api/appointments/request', body);
    expect(untyped.json()).toMatchObject({ field: 'pet_name', message: "Enter your pet's name." });
    const typed = await call(bob, '/api/appointments/request', { ...body, pet_name: 'Biscuit', species: 'dog' });
    expect(typed.statusCode, typed.body).toBe(200);

    // Removing the pet leaves the practice what it was shown.
    await call(olive, '/api/user/pets/remove', { id: rex.id });
    const after = (await call(vet, '/api/user/appointments', {})).json<PracticeAppointmentsAnswer>();
    expect(after.data.find((a) => a.id === asked.json<{ id: number }>().id)).toMatchObject({ pet_name: 'Rex', pet_id: null, pet: { breed: 'Beagle' } });
  });
});

describe("the owner's data", () => {
  it("'Download my data' holds the pets; deleting the account leaves no pet and no counter", async () => {
    const leaver = await owner();
    await save(leaver, REX);
    await save(leaver, { name: 'Tom', species: 'cats' });
    const data = (await call(leaver, '/api/user/export')).json<{ records: Record<string, Record<string, unknown>[]> }>();
    expect(data.records.pets!.map((pet) => pet.name)).toEqual(['Rex', 'Tom']);
    expect(data.records.pets![0]).toMatchObject({ species: 'dogs', breed: 'Beagle', birth_date: '2023-03-02', weight_kg: 12.5 });
    expect(data.records.pet_counts).toEqual([{ owner_id: leaver.user.id, count: 2 }]);
    await app.database.db.delete(users).where(eq(users.id, leaver.user.id));
    expect(await app.database.db.$count(pets, eq(pets.ownerId, leaver.user.id))).toBe(0);
    expect(await app.database.db.$count(petCounts, eq(petCounts.ownerId, leaver.user.id))).toBe(0);
  });
});
