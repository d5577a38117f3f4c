// The setup the reviews tests share (docs/product.md section 13): one app with a real SMTP capture and a
// clock a test moves, a vet to review, verified pet owners, and calls as a client makes them. A test file
// calls setupReviewsApp() once at its top.
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { buildTestApp } from '../../../../test/helper';
import { createAccount, createVet, injectAs, type Account } from '../../../../test/factories';
import { startSmtpCapture, type SmtpCapture } from '../../../../test/smtp-capture';
import { createTestClock } from '../../../../lib/clock';
import { reviews } from '../../../../db/schema';
import type { ReviewListAnswer } from '../../../../../shared/schemas/review';

export const clock = createTestClock();
export let app: FastifyInstance;
export let smtp: SmtpCapture;
export let vet: Account;
/** The doctors whose listing change was announced, in order. */
export const announced: number[] = [];

export const DAY = 86_400_000;
let clientCounter = 0;
/** A client address of its own for each call that should not meet the burst or practice-address rules. */
export const newClient = () => `10.20.${Math.floor(++clientCounter / 250)}.${(clientCounter % 250) + 1}`;

/** Starts the app and the SMTP capture before the file's tests and closes them after. */
export function setupReviewsApp(): void {
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await buildTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '100000', MAIL_PER_CLIENT_PER_HOUR: '100000' }, { clock });
    app.changes.on('listing changed', ({ doctorId }) => announced.push(doctorId));
    vet = await createVet(app, { clinicName: 'Maple Street Animal Clinic' });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });
  beforeEach(() => clock.reset());
}

/** A verified pet owner whose account is three days old (younger ones are held). */
export const owner = (options: { firstName?: string; lastName?: string } = {}) =>
  createAccount(app, { accountType: 'owner', createdAt: new Date(clock.now().getTime() - 3 * DAY), ...options });

export const lastMonth = () => new Date(clock.now().getTime() - 35 * DAY).toISOString().slice(0, 7);
export const body = (doctorId: number, extra: Record<string, unknown> = {}) => ({
  doctor_id: doctorId,
  rating: 5,
  title: 'Kind and thorough',
  text: 'The doctor took the time to explain every step of the treatment for our dog.',
  visit_month: lastMonth(),
  species: 'dog',
  ...extra,
});
export const call = (account: Account | undefined, url: string, payload: unknown, ip = newClient()) =>
  injectAs(app, account?.token, { url, payload: payload as object, remoteAddress: ip });
export const create = (account: Account | undefined, payload: unknown, ip?: string) => call(account, '/api/reviews/create', payload, ip);
export const list = async (doctorId: number, extra: Record<string, unknown> = {}) => {
  const answer = await app.inject({ method: 'POST', url: '/api/reviews/list', payload: { doctor_id: doctorId, ...extra } });
  expect(answer.statusCode).toBe(200);
  return answer.json<ReviewListAnswer>();
};
export const stored = async (id: number) => (await app.database.db.select().from(reviews).where(eq(reviews.id, id)))[0];
export const reviewCount = async () => Number((await app.database.db.select({ n: count() }).from(reviews))[0]!.n);

export async function published(author: Account, doctor: Account = vet, extra: Record<string, unknown> = {}): Promise<number> {
  const answer = await create(author, body(doctor.user.id, extra));
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json()).toMatchObject({ state: 'published' });
  return answer.json<{ id: number }>().id;
}

export const updateBody = (id: number, extra: Record<string, unknown> = {}) => {
  const { doctor_id: _doctor, ...fields } = body(1, extra);
  return { id, ...fields };
};
