// The e-mails of appointment requests (docs/product.md 19.5) and the iCalendar invitation a confirmation
// carries. Subjects are fixed sentences without anything a user typed, so no typed text reaches a mail
// header; what users typed goes into the bodies only (escaped in HTML, folded and escaped in the .ics).
import { PRODUCT_NAME } from '../../../../shared/constants/messages';
import { formatInZone } from '../../../../shared/lib/appointment-rules';
import type { MailAttachment } from '../../../db/schema';
import { button, layout, type MailContent } from '../mail/templates';
import { escapeHtml } from '../../../lib/escape-html';

export interface AppointmentMailFacts {
  id: number;
  clinic: string;
  petName: string;
  species: string;
  reason: string;
  /** The start in question (null while only preferred times exist). */
  start: Date | null;
  preferred: string[];
  timeZone: string;
  message: string | null;
  ownerName: string;
  ownerEmail: string;
  ownerPhone: string;
  practiceEmail: string;
  link: string;
}

export type AppointmentMailKind =
  | 'requested'
  | 'confirmed'
  | 'declined'
  | 'proposed'
  | 'accepted'
  | 'cancelled_by_owner'
  | 'cancelled_by_practice'
  | 'no_show'
  | 'reminder'
  | 'review_invitation';

/** The fixed subject of each e-mail: never any text a user typed (docs/security.md, appointment requests). */
export const APPOINTMENT_SUBJECTS: Record<AppointmentMailKind, string> = {
  requested: `New appointment request on ${PRODUCT_NAME}`,
  confirmed: 'Your appointment is confirmed',
  declined: 'Your appointment request was declined',
  proposed: 'The practice proposed another time for your appointment',
  accepted: 'The pet owner accepted the time you proposed',
  cancelled_by_owner: 'An appointment was cancelled by the pet owner',
  cancelled_by_practice: 'Your appointment was cancelled by the practice',
  no_show: 'The practice marked your appointment as missed',
  reminder: 'Reminder: your appointment is tomorrow',
  review_invitation: `How was your visit? Review the practice on ${PRODUCT_NAME}`,
};

const when = (facts: AppointmentMailFacts) => (facts.start ? formatInZone(facts.start.toISOString(), facts.timeZone) : '');

/** The lines of an e-mail's body, in plain text; the HTML shows the same lines escaped. */
function lines(kind: AppointmentMailKind, facts: AppointmentMailFacts, toPractice: boolean): string[] {
  const pet = `${facts.petName} (${facts.species})`;
  const message = facts.message ? [`Message: ${facts.message}`] : [];
  switch (kind) {
    case 'requested':
      return [
        `${facts.ownerName} asks for an appointment for ${pet}.`,
        `Reason: ${facts.reason}`,
        `Preferred times (${facts.timeZone}):`,
        ...facts.preferred.map((iso) => `- ${formatInZone(iso, facts.timeZone)}`),
        `E-mail: ${facts.ownerEmail}`,
        ...(facts.ownerPhone ? [`Phone: ${facts.ownerPhone}`] : []),
        'Confirm one of these times, propose another or decline on your profile page.',
      ];
    case 'confirmed':
      return [`${facts.clinic} confirmed the appointment for ${pet} on ${when(facts)}.`, ...message, 'The calendar invitation is attached.'];
    case 'accepted':
      return [`${facts.ownerName} accepted your proposed time for ${pet}: ${when(facts)}.`, 'The calendar invitation is attached.'];
    case 'declined':
      return [`${facts.clinic} cannot see ${pet} at the times you asked for.`, ...message, 'You can ask another practice or call them.'];
    case 'proposed':
      return [`${facts.clinic} proposes ${when(facts)} for ${pet}.`, ...message, 'Accept the time or cancel the request on your appointments page.'];
    case 'cancelled_by_owner':
      return [`${facts.ownerName} cancelled the appointment for ${pet}${facts.start ? ` on ${when(facts)}` : ''}.`, ...message];
    case 'cancelled_by_practice':
      return [`${facts.clinic} cancelled the appointment for ${pet}${facts.start ? ` on ${when(facts)}` : ''}.`, ...message];
    case 'no_show':
      return [`${facts.clinic} marked the appointment for ${pet} on ${when(facts)} as missed.`, 'If this is a mistake, please contact the practice.'];
    case 'reminder':
      return toPractice
        ? [`Reminder: ${facts.ownerName} comes with ${pet} on ${when(facts)}.`, `Reason: ${facts.reason}`]
        : [`Reminder: your appointment for ${pet} at ${facts.clinic} is on ${when(facts)}.`, 'If you cannot come, please cancel it on your appointments page.'];
    case 'review_invitation':
      return [
        `Thank you for visiting ${facts.clinic} with ${pet}.`,
        'Other pet owners would like to hear how it went. Your review will show "Verified visit".',
      ];
  }
}

/** An appointment e-mail to the owner or the practice; a confirmation carries the .ics invitation. */
export function appointmentEmail(kind: AppointmentMailKind, facts: AppointmentMailFacts, toPractice: boolean, now: Date): MailContent {
  const body = lines(kind, facts, toPractice);
  const label = kind === 'review_invitation' ? 'Write a review' : toPractice ? 'Open your requests' : 'See my appointments';
  const withInvitation = (kind === 'confirmed' || kind === 'accepted') && facts.start;
  return {
    subject: APPOINTMENT_SUBJECTS[kind],
    text: `${body.join('\n')}\n\n${label}: ${facts.link}\n\n${PRODUCT_NAME}`,
    html: layout(APPOINTMENT_SUBJECTS[kind], `${body.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}${button(facts.link, label)}`),
    params: { link: facts.link },
    ...(withInvitation ? { attachments: [invitation(facts, now)] } : {}),
  };
}

// ---- iCalendar (RFC 5545) ------------------------------------------------------------------

/** TEXT value escaping: backslash, semicolon, comma and line breaks (RFC 5545 3.3.11). */
const icsText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    // eslint-disable-next-line no-control-regex -- control characters never belong in a calendar file
    .replace(/[\u0000-\u001F\u007F]/g, ' ');
/** A quoted parameter value (CN): no quotes, no control characters. */
// eslint-disable-next-line no-control-regex -- control characters never belong in a calendar file
const icsParam = (value: string) => `"${value.replace(/["\u0000-\u001F\u007F]/g, ' ').trim()}"`;
const icsTime = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Lines longer than 75 octets are folded with CRLF and a space (RFC 5545 3.1), never inside a character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = Buffer.byteLength(char);
    if (size + bytes > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  out.push(current);
  return out.join('\r\n ');
}

/**
 * The invitation of a confirmed appointment: METHOD:REQUEST, start and end in UTC ('Z', so every
 * calendar places it at the same moment whatever its zone; decision record 106), half an hour long,
 * the practice's local time written in the description.
 */
export function invitation(facts: AppointmentMailFacts, now: Date): MailAttachment {
  const start = facts.start!;
  const end = new Date(start.getTime() + 30 * 60_000);
  const host = new URL(facts.link).hostname || 'animal-doctor';
  const calendar = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${PRODUCT_NAME}//Appointments//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    `UID:appointment-${facts.id}@${host}`,
    `DTSTAMP:${icsTime(now)}`,
    `DTSTART:${icsTime(start)}`,
    `DTEND:${icsTime(end)}`,
    'SEQUENCE:0',
    'STATUS:CONFIRMED',
    `SUMMARY:${icsText(`Vet appointment at ${facts.clinic} for ${facts.petName}`)}`,
    `DESCRIPTION:${icsText(`${facts.petName} (${facts.species}): ${facts.reason}\nLocal time at the practice: ${formatInZone(start.toISOString(), facts.timeZone)}`)}`,
    `ORGANIZER;CN=${icsParam(facts.clinic)}:mailto:${facts.practiceEmail}`,
    `ATTENDEE;CN=${icsParam(facts.ownerName)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:${facts.ownerEmail}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return { filename: 'appointment.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', content: `${calendar.map(fold).join('\r\n')}\r\n` };
}
