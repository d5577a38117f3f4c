// The e-mails of appointment requests (docs/product.md 19.5) and the iCalendar invitation a confirmation
// carries. Subjects are fixed sentences without anything a user typed, so no typed text reaches a mail
// header; what users typed goes into the bodies only (escaped in HTML, folded and escaped in the .ics).
import { PRODUCT_NAME } from '../../../../shared/constants/messages';
import { formatInZone, zoneName } from '../../../../shared/lib/formats';
import type { MailAttachment } from '../../../db/schema';
import { button, layout, type MailContent } from '../mail/templates';
import { escapeHtml } from '../../../lib/escape-html';
import { petDetailLines, type PetDetails } from '../../../../shared/lib/pet-rules';

export interface AppointmentMailFacts {
  id: number;
  clinic: string;
  /** The clinic's street address on one line ('' when it has none): the .ics LOCATION. */
  location: string;
  /** The appointment was confirmed before this move: its cancellation withdraws the calendar event. */
  wasConfirmed: boolean;
  petName: string;
  species: string;
  /** The saved pet's details the request carried (docs/product.md section 31), or null. */
  pet: PetDetails | null;
  reason: string;
  /** The start in question (null while only preferred times exist). */
  start: Date | null;
  /** A booking's end (docs/product.md section 30); a request's visit is half an hour. */
  end: Date | null;
  /** The .ics SEQUENCE of the current version: a reschedule raises it. */
  sequence: number;
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
  | 'review_invitation'
  | 'booked'
  | 'rescheduled';

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
  booked: `New booking on ${PRODUCT_NAME}`,
  rescheduled: 'An appointment was moved to another time',
};

const when = (facts: AppointmentMailFacts) => (facts.start ? formatInZone(facts.start.toISOString(), facts.timeZone) : '');

/** The lines of an e-mail's body, in plain text; the HTML shows the same lines escaped. */
function lines(kind: AppointmentMailKind, facts: AppointmentMailFacts, toPractice: boolean, now: Date): string[] {
  const pet = `${facts.petName} (${facts.species})`;
  const message = facts.message ? [`Message: ${facts.message}`] : [];
  switch (kind) {
    case 'requested':
      return [
        `${facts.ownerName} asks for an appointment for ${pet}.`,
        ...(facts.pet ? petDetailLines(facts.pet, now.toISOString().slice(0, 10)) : []),
        `Reason: ${facts.reason}`,
        `Preferred times (${zoneName(facts.timeZone, now)}):`,
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
      return [`${facts.ownerName} cancelled the appointment for ${pet}${facts.start ? ` on ${when(facts)}` : ''}.`, ...message, ...calendarNote(facts)];
    case 'cancelled_by_practice':
      return [`${facts.clinic} cancelled the appointment for ${pet}${facts.start ? ` on ${when(facts)}` : ''}.`, ...message, ...calendarNote(facts)];
    case 'no_show':
      return [`${facts.clinic} marked the appointment for ${pet} on ${when(facts)} as missed.`, 'If this is a mistake, please contact the practice.'];
    case 'reminder':
      return toPractice
        ? [`Reminder: ${facts.ownerName} comes with ${pet} on ${when(facts)}.`, `Reason: ${facts.reason}`]
        : [`Reminder: your appointment for ${pet} at ${facts.clinic} is on ${when(facts)}.`, 'If you cannot come, please cancel it on your appointments page.'];
    case 'booked':
      return [`${facts.ownerName} booked ${when(facts)} for ${pet}.`, `Reason: ${facts.reason}`, 'The calendar invitation is attached.'];
    case 'rescheduled':
      return [
        toPractice
          ? `${facts.ownerName} moved the appointment for ${pet} to ${when(facts)}.`
          : `Your appointment for ${pet} at ${facts.clinic} is now on ${when(facts)}.`,
        'The attached calendar update moves it in your calendar.',
      ];
    case 'review_invitation':
      return [
        `Thank you for visiting ${facts.clinic} with ${pet}.`,
        'Other pet owners would like to hear how it went. Your review will show "Verified visit".',
      ];
  }
}

const isCancellation = (kind: AppointmentMailKind) => kind === 'cancelled_by_owner' || kind === 'cancelled_by_practice';
const withdrawsEvent = (kind: AppointmentMailKind, facts: AppointmentMailFacts) => isCancellation(kind) && facts.wasConfirmed && facts.start !== null;
const calendarNote = (facts: AppointmentMailFacts) =>
  facts.wasConfirmed && facts.start ? ['The attached calendar update removes it from your calendar.'] : [];

/**
 * An appointment e-mail to the owner or the practice; a confirmation carries the .ics invitation and the
 * cancellation of a confirmed visit the .ics that withdraws it (METHOD:CANCEL, docs/product.md 27.4).
 */
export function appointmentEmail(kind: AppointmentMailKind, facts: AppointmentMailFacts, toPractice: boolean, now: Date): MailContent {
  const body = lines(kind, facts, toPractice, now);
  const label = kind === 'review_invitation' ? 'Write a review' : toPractice ? 'Open your requests' : 'See my appointments';
  const withInvitation = (kind === 'confirmed' || kind === 'accepted' || kind === 'booked' || kind === 'rescheduled') && facts.start;
  const calendar = withInvitation ? invitation(facts, now) : withdrawsEvent(kind, facts) ? invitation(facts, now, 'CANCEL') : undefined;
  return {
    subject: APPOINTMENT_SUBJECTS[kind],
    text: `${body.join('\n')}\n\n${label}: ${facts.link}\n\n${PRODUCT_NAME}`,
    html: layout(APPOINTMENT_SUBJECTS[kind], `${body.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}${button(facts.link, label)}`),
    params: { link: facts.link },
    ...(calendar ? { attachments: [calendar] } : {}),
  };
}

// ---- iCalendar (RFC 5545) ------------------------------------------------------------------

/** TEXT value escaping: backslash, semicolon, comma and line breaks (RFC 5545 3.3.11). */
export const icsText = (value: string) =>
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
export const icsTime = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Lines longer than 75 octets are folded with CRLF and a space (RFC 5545 3.1), never inside a character. */
export function fold(line: string): string {
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
 * The calendar file of a confirmed appointment: METHOD:REQUEST invites, METHOD:CANCEL (the same UID, a
 * higher SEQUENCE, STATUS:CANCELLED) withdraws it (RFC 5546 3.2.5). Start and end in UTC ('Z', so every
 * calendar places it at the same moment whatever its zone; decision record 106), half an hour long, the
 * practice's local time written in the description and its address in LOCATION.
 */
export function invitation(facts: AppointmentMailFacts, now: Date, method: 'REQUEST' | 'CANCEL' = 'REQUEST'): MailAttachment {
  const start = facts.start!;
  const end = facts.end ?? new Date(start.getTime() + 30 * 60_000);
  const host = new URL(facts.link).hostname || 'animal-doctor';
  const cancel = method === 'CANCEL';
  const calendar = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${PRODUCT_NAME}//Appointments//EN`,
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    'BEGIN:VEVENT',
    `UID:appointment-${facts.id}@${host}`,
    `DTSTAMP:${icsTime(now)}`,
    `DTSTART:${icsTime(start)}`,
    `DTEND:${icsTime(end)}`,
    // Each reschedule raises the sequence (docs/product.md section 30); a cancellation is one version later still.
    `SEQUENCE:${facts.sequence + (cancel ? 1 : 0)}`,
    `STATUS:${cancel ? 'CANCELLED' : 'CONFIRMED'}`,
    `SUMMARY:${icsText(`${cancel ? 'Cancelled: ' : ''}Vet appointment at ${facts.clinic} for ${facts.petName}`)}`,
    ...(facts.location ? [`LOCATION:${icsText(`${facts.clinic}, ${facts.location}`)}`] : []),
    `DESCRIPTION:${icsText(`${facts.petName} (${facts.species}): ${facts.reason}\nLocal time at the practice: ${formatInZone(start, facts.timeZone)}`)}`,
    `ORGANIZER;CN=${icsParam(facts.clinic)}:mailto:${facts.practiceEmail}`,
    `ATTENDEE;CN=${icsParam(facts.ownerName)};ROLE=REQ-PARTICIPANT;PARTSTAT=${cancel ? 'DECLINED' : 'ACCEPTED'}:mailto:${facts.ownerEmail}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  const filename = cancel ? 'cancellation.ics' : 'appointment.ics';
  return { filename, contentType: `text/calendar; charset=utf-8; method=${method}`, content: `${calendar.map(fold).join('\r\n')}\r\n` };
}
