// The calendar files and times the appointment e-mails carry (docs/product.md 27.4 and 27.8), read from the
// real e-mails on a local SMTP server: LOCATION holds the clinic's address escaped per RFC 5545, the
// cancellation of a confirmed visit withdraws it with METHOD:CANCEL (same UID, higher SEQUENCE), and the
// bodies write times in 12-hour form with the zone's everyday name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildTestApp } from '../../../test/helper';
import { createAccount, createVet, injectAs, type Account } from '../../../test/factories';
import { icsOf, startSmtpCapture, type CapturedMail, type SmtpCapture } from '../../../test/smtp-capture';
import { createTestClock } from '../../../lib/clock';
import { appointments, profiles } from '../../../db/schema';
import { APPOINTMENT_SUBJECTS } from './index';
import { openingSlots } from '../../../../shared/lib/appointment-rules';
import { formatInZone } from '../../../../shared/lib/formats';
import { DAYS } from '../../../../shared/constants/days';

const clock = createTestClock();
const HOURS = DAYS.map((day) => ({ day, closed: false, open: '08:00', close: '18:00' }));
let app: FastifyInstance;
let smtp: SmtpCapture;
let vet: Account;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await buildTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '1000000', MAIL_PER_CLIENT_PER_HOUR: '100000' }, { clock });
  vet = await createVet(app, {
    plan: 2,
    clinicName: 'Lakeview Pet Clinic',
    workingTime: HOURS,
    timeZone: 'America/Chicago',
    city: 'Chicago',
    state: 'IL',
    zip: '60614',
  });
  // A street with every character RFC 5545 escapes in a TEXT value.
  await app.database.db.update(profiles).set({ street: '2400 N Clark St; Suite 3, Rear\\B' }).where(eq(profiles.userId, vet.user.id));
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const call = (account: Account, url: string, payload: object) => injectAs(app, account.token, { url, payload });
const mailTo = (account: Account, subject: string) => (mail: CapturedMail) => mail.to.includes(account.user.email) && mail.subject === subject;
/** The properties of the one VEVENT, its folded lines joined again (RFC 5545 3.1). */
function eventOf(ics: string): Record<string, string> {
  const lines = ics.replace(/\r\n /g, '').split('\r\n');
  return Object.fromEntries(
    lines.filter((line) => /^[A-Z-]+[:;]/.test(line)).map((line) => [line.split(/[:;]/)[0]!, line.slice(line.split(/[:;]/)[0]!.length + 1)]),
  );
}

async function confirmedVisit(owner: Account): Promise<{ id: number; start: string }> {
  const preferred = openingSlots(HOURS, 'America/Chicago', clock.now(), 14).filter((s) => new Date(s).getTime() > clock.now().getTime() + 3 * 86_400_000);
  const asked = await call(owner, '/api/appointments/request', {
    doctor_id: vet.user.id,
    pet_name: 'Pepper',
    species: 'cat',
    reason: 'Yearly check-up and vaccinations.',
    preferred: preferred.slice(0, 1),
    phone: '(312) 555-0123',
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const { id } = asked.json<{ id: number }>();
  expect((await call(vet, '/api/user/appointments/respond', { id, decision: 'confirm', start: preferred[0] })).statusCode).toBe(200);
  return { id, start: preferred[0]! };
}

describe('appointment calendar files', () => {
  it("a confirmation's .ics names the clinic's address in LOCATION, escaped, and its e-mail writes the time as Americans read it", async () => {
    const olive = await createAccount(app, { accountType: 'owner', firstName: 'Olive', lastName: 'Owner' });
    const { id, start } = await confirmedVisit(olive);
    const mail = await smtp.waitFor(mailTo(olive, APPOINTMENT_SUBJECTS.confirmed));
    const event = eventOf(icsOf(mail));
    expect(event.METHOD).toBe('REQUEST');
    expect(event.UID).toBe(`appointment-${id}@localhost`);
    expect(event.SEQUENCE).toBe('0');
    expect(event.STATUS).toBe('CONFIRMED');
    // The practice's name as every page shows it (the ORGANIZER's), then its address.
    const clinic = /CN="([^"]+)"/.exec(event.ORGANIZER!)![1]!;
    expect(event.LOCATION).toBe(`${clinic.replace(/,/g, '\\,')}\\, 2400 N Clark St\\; Suite 3\\, Rear\\\\B\\, Chicago\\, IL 60614`);
    const when = formatInZone(start, 'America/Chicago');
    expect(when).toMatch(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (AM|PM) Central Time$/);
    expect(mail.decoded).toContain(`confirmed the appointment for Pepper (cat) on ${when}.`);
    expect(event.DESCRIPTION).toContain(`Local time at the practice: ${when.replace(/,/g, '\\,')}`);
  });

  it('cancelling a confirmed visit e-mails the other side a METHOD:CANCEL .ics for the same event; a cancelled request carries none', async () => {
    const olive = await createAccount(app, { accountType: 'owner', firstName: 'Olive', lastName: 'Owner' });
    const { id, start } = await confirmedVisit(olive);
    const cancelled = await call(vet, '/api/appointments/cancel', { id, reason: 'The doctor is ill.' });
    expect(cancelled.json()).toEqual({ id, state: 'cancelled' });
    const mail = await smtp.waitFor(mailTo(olive, APPOINTMENT_SUBJECTS.cancelled_by_practice));
    expect(mail.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=CANCEL/i);
    expect(mail.decoded).toContain('The attached calendar update removes it from your calendar.');
    const event = eventOf(icsOf(mail));
    expect(event.METHOD).toBe('CANCEL');
    expect(event.UID).toBe(`appointment-${id}@localhost`);
    expect(Number(event.SEQUENCE)).toBeGreaterThan(0);
    expect(event.STATUS).toBe('CANCELLED');
    expect(event.DTSTART).toBe(start.replace(/[-:]/g, '').replace(/\.\d{3}/, ''));
    expect(event.LOCATION).toContain('2400 N Clark St\\; Suite 3');

    // The owner withdraws a request nobody confirmed: the practice is told, without a calendar file.
    const preferred = openingSlots(HOURS, 'America/Chicago', clock.now(), 14).slice(-1);
    const asked = await call(olive, '/api/appointments/request', {
      doctor_id: vet.user.id,
      pet_name: 'Juniper',
      species: 'dog',
      reason: 'Itchy ears for a week now.',
      preferred,
      phone: '(312) 555-0123',
    });
    const request = asked.json<{ id: number }>().id;
    expect((await call(olive, '/api/appointments/cancel', { id: request })).statusCode).toBe(200);
    const told = await smtp.waitFor((m) => mailTo(vet, APPOINTMENT_SUBJECTS.cancelled_by_owner)(m) && m.decoded.includes('Juniper'));
    expect(told.raw).not.toMatch(/text\/calendar/i);
    expect((await app.database.db.select().from(appointments).where(eq(appointments.id, request)))[0]!.state).toBe('cancelled');
  });

  it("the practice's request e-mail lists the preferred times under the zone's everyday name", async () => {
    const olive = await createAccount(app, { accountType: 'owner', firstName: 'Olive', lastName: 'Owner' });
    const preferred = openingSlots(HOURS, 'America/Chicago', clock.now(), 14).slice(5, 7);
    const asked = await call(olive, '/api/appointments/request', {
      doctor_id: vet.user.id,
      pet_name: 'Maple',
      species: 'rabbit',
      reason: 'Not eating since yesterday evening.',
      preferred,
      phone: '(312) 555-0123',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const mail = await smtp.waitFor((m) => mailTo(vet, APPOINTMENT_SUBJECTS.requested)(m) && m.decoded.includes('Maple'));
    expect(mail.decoded).toContain('Preferred times (Central Time):');
    for (const iso of preferred) expect(mail.decoded).toContain(`- ${formatInZone(iso, 'America/Chicago')}`);
  });
});
