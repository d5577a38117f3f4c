// The practice's own calendar of bookings (docs/product.md 30.2): a secret address serving text/calendar
// that Google, Apple or Outlook calendars subscribe to. Held bookings from 30 days back to the horizon;
// each keeps the UID and SEQUENCE of its e-mailed invitation, so a calendar shows one event per visit.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { appointments, bookingSettings, users } from '../../../db/schema';
import { PRODUCT_NAME } from '../../../../shared/constants/messages';
import { formatInZone } from '../../../../shared/lib/formats';
import { fold, icsText, icsTime } from './appointment-emails';
import { practiceContact } from './appointment-commands';

const TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** The calendar file of the practice whose secret is `token`, or undefined (a forged or rotated token). */
export async function calendarFile(db: DbOrTx, token: string, now: Date, host: string): Promise<string | undefined> {
  if (!TOKEN.test(token)) return undefined;
  const [owner] = await db.select({ doctorId: bookingSettings.doctorId }).from(bookingSettings).where(eq(bookingSettings.calendarToken, token));
  if (!owner) return undefined;
  const practice = await practiceContact(db, owner.doctorId);
  const rows = await db
    .select({ appointment: appointments, firstName: users.firstName, lastName: users.lastName })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.ownerId))
    .where(
      and(
        eq(appointments.doctorId, owner.doctorId),
        sql`${appointments.state} IN ('requested', 'confirmed', 'completed') AND ${appointments.start} IS NOT NULL`,
        gt(appointments.start, new Date(now.getTime() - 30 * 86_400_000)),
      ),
    )
    .orderBy(appointments.start)
    .limit(5000);
  const events = rows.flatMap(({ appointment: a, firstName, lastName }) => {
    const start = a.start!;
    const end = a.endAt ?? new Date(start.getTime() + 30 * 60_000);
    const waiting = a.state === 'requested';
    return [
      'BEGIN:VEVENT',
      `UID:appointment-${a.id}@${host}`,
      `DTSTAMP:${icsTime(a.updatedAt)}`,
      `DTSTART:${icsTime(start)}`,
      `DTEND:${icsTime(end)}`,
      `SEQUENCE:${a.sequence}`,
      `STATUS:${waiting ? 'TENTATIVE' : 'CONFIRMED'}`,
      `SUMMARY:${icsText(`${waiting ? 'To confirm: ' : ''}${a.petName} (${a.species}) with ${firstName} ${lastName}`)}`,
      ...(practice.location ? [`LOCATION:${icsText(`${practice.clinic}, ${practice.location}`)}`] : []),
      `DESCRIPTION:${icsText(`${a.reason}\nLocal time at the practice: ${formatInZone(start, a.timeZone)}`)}`,
      'END:VEVENT',
    ];
  });
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${PRODUCT_NAME}//Bookings//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(`${practice.clinic} bookings`)}`,
    ...events,
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
