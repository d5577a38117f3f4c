// Favourites (docs/product.md section 21): only listed practices, one account's list never another's,
// the limit under 200 requests at once, a forged session, and the list's shape and order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { buildTestApp } from '../../../../test/helper';
import { createAccount, createVet, injectAs, insertListedVets, type Account } from '../../../../test/factories';
import { favoriteCounts, favorites, payments, users } from '../../../../db/schema';
import { FAVORITES_MAX } from '../../../../../shared/schemas/favorite';

let app: FastifyInstance;
let alice: Account;
let bob: Account;
let listed: number[];
let unlisted: number;

const call = (who: Account | undefined, path: string, payload?: unknown) =>
  injectAs(app, who?.token, { url: `/api/favorites/${path}`, ...(payload === undefined ? {} : { payload: payload as object }) });
const listOf = async (who: Account) => (await call(who, 'list')).json() as { data: Record<string, unknown>[] };

beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  alice = await createAccount(app, { accountType: 'owner', stage: 'verified' });
  bob = await createAccount(app, { accountType: 'owner', stage: 'verified' });
  listed = [];
  for (const name of ['First', 'Second', 'Third']) listed.push((await createVet(app, { clinicName: `${name} Animal Clinic` })).user.id);
  unlisted = (await createVet(app, { reviewState: 'pending' })).user.id;
});
afterAll(() => app.close());

describe('favourites', () => {
  it('saves a listed practice once and lists it as a search card with its open-now state', async () => {
    const added = await call(alice, 'add', { doctor_id: listed[0] });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ message: 'Saved to My vets.', doctor_id: listed[0], favorite: true });
    expect((await call(alice, 'add', { doctor_id: listed[0] })).statusCode).toBe(200);
    await call(alice, 'add', { doctor_id: listed[1] });
    const { data } = await listOf(alice);
    // Newest first; the same fields as a search card, distance unknown, open now worked out.
    expect(data.map((card) => card.id)).toEqual([listed[1], listed[0]]);
    const search = (
      await app.inject({ method: 'POST', url: '/api/doctors/search', payload: { searchState: 'NY', searchCount: 100, sort: 'name' } })
    ).json() as {
      data: Record<string, unknown>[];
    };
    const searchCard = search.data.find((card) => card.id === listed[0])!;
    expect(Object.keys(data[1]!).sort()).toEqual(Object.keys(searchCard).sort());
    expect(data[1]).toMatchObject({ clinic_name: 'First Animal Clinic', distance: null, sponsored: false });
    expect(typeof data[1]!.open_now).toBe('boolean');
  });

  it('refuses a practice that is not listed, or does not exist, with 404, and a bad id with 400', async () => {
    for (const doctor_id of [unlisted, alice.user.id, 2_000_000_000]) {
      const res = await call(alice, 'add', { doctor_id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'This practice is not listed, so it cannot be saved.' });
    }
    for (const payload of [{ doctor_id: 0 }, { doctor_id: 'x' }, { doctor_id: 2_147_483_648 }, {}, { doctor_id: listed[0], account: bob.user.id }]) {
      expect((await call(alice, 'add', payload)).statusCode).toBe(400);
    }
    expect(await app.database.db.select().from(favorites).where(eq(favorites.doctorId, unlisted))).toEqual([]);
  });

  it("keeps each account's favourites its own: another account's list, removal and ids do not touch them", async () => {
    expect((await listOf(bob)).data).toEqual([]);
    // Bob removes what Alice saved: only Bob's (absent) row is concerned.
    expect((await call(bob, 'remove', { doctor_id: listed[0] })).json()).toMatchObject({ favorite: false });
    expect((await listOf(alice)).data.map((card) => card.id)).toEqual([listed[1], listed[0]]);
    await call(bob, 'add', { doctor_id: listed[2] });
    expect((await listOf(bob)).data.map((card) => card.id)).toEqual([listed[2]]);
    expect((await listOf(alice)).data.map((card) => card.id)).not.toContain(listed[2]);
  });

  it('asks for a session, and refuses a forged or tampered one', async () => {
    expect((await call(undefined, 'list')).statusCode).toBe(401);
    expect((await call(undefined, 'add', { doctor_id: listed[0] })).statusCode).toBe(401);
    const forged = await new SignJWT({ sub: String(alice.user.id) })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-but-long-enough-1234'));
    const [head, , signature] = alice.token.split('.');
    const tampered = `${head}.${Buffer.from(JSON.stringify({ sub: String(bob.user.id) })).toString('base64url')}.${signature}`;
    for (const token of [forged, tampered, 'not-a-token']) {
      const res = await injectAs(app, token, { url: '/api/favorites/list' });
      expect(res.statusCode).toBe(401);
    }
  });

  it('leaves out a practice that stops being listed, and shows it again when it is listed again', async () => {
    await app.database.db
      .update(payments)
      .set({ currentPeriodEnd: new Date(Date.now() - 60_000) })
      .where(eq(payments.userId, listed[1]!));
    expect((await listOf(alice)).data.map((card) => card.id)).toEqual([listed[0]]);
    await app.database.db
      .update(payments)
      .set({ currentPeriodEnd: new Date(Date.now() + 86_400_000) })
      .where(eq(payments.userId, listed[1]!));
    expect((await listOf(alice)).data.map((card) => card.id)).toEqual([listed[1], listed[0]]);
  });

  it(`keeps to ${FAVORITES_MAX} favourites per account when 200 adds arrive at once`, async () => {
    const owner = await createAccount(app, { accountType: 'owner' });
    const vets = await insertListedVets(app, FAVORITES_MAX + 200, { lat: 40.75, lon: -73.99 }, { clinicName: 'Crowd Clinic', spread: 0.1 });
    const ids = (
      (await app.database.db.execute(sql`SELECT user_id FROM profiles WHERE clinic_name = 'Crowd Clinic' ORDER BY user_id`)) as unknown as {
        rows: { user_id: number }[];
      }
    ).rows.map((row) => row.user_id);
    // The first FAVORITES_MAX - 3 saved directly; 200 adds at once may save 3 more.
    await app.database.db.insert(favorites).values(ids.slice(0, FAVORITES_MAX - 3).map((doctorId) => ({ account: owner.user.id, doctorId })));
    const answers = await Promise.all(ids.slice(FAVORITES_MAX - 3, FAVORITES_MAX + 197).map((doctor_id) => call(owner, 'add', { doctor_id })));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(3);
    expect(codes.filter((code) => code === 409)).toHaveLength(197);
    expect(answers.find((res) => res.statusCode === 409)!.json()).toMatchObject({
      code: 'FAVORITES_LIMIT',
      message: `You can keep up to ${FAVORITES_MAX} favourite practices. Remove one to save another.`,
    });
    expect(await app.database.db.$count(favorites, eq(favorites.account, owner.user.id))).toBe(FAVORITES_MAX);
    // Removing one makes room for one.
    await call(owner, 'remove', { doctor_id: ids[0] });
    expect((await call(owner, 'add', { doctor_id: ids[FAVORITES_MAX + 198] })).statusCode).toBe(200);
    expect((await listOf(owner)).data).toHaveLength(FAVORITES_MAX);
    // Deleting the practices takes them off every list (and the counter follows).
    await vets.remove();
    expect((await listOf(owner)).data).toEqual([]);
    expect((await call(owner, 'add', { doctor_id: listed[0] })).statusCode).toBe(200);
  });

  it("goes with the owner's account: deleting it leaves no favourite and no counter that names it", async () => {
    const owner = await createAccount(app, { accountType: 'owner' });
    for (const doctor_id of listed) expect((await call(owner, 'add', { doctor_id })).statusCode).toBe(200);
    await app.database.db.delete(users).where(eq(users.id, owner.user.id));
    expect(await app.database.db.$count(favorites, eq(favorites.account, owner.user.id))).toBe(0);
    expect(await app.database.db.$count(favoriteCounts, eq(favoriteCounts.account, owner.user.id))).toBe(0);
    // Other accounts' favourites of the same practices stay.
    expect((await listOf(alice)).data.length).toBeGreaterThan(0);
  });
});
