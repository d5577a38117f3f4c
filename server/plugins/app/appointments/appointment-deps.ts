// What the appointment commands need, bound by the appointments plugin (index.ts), and every refusal
// they say, in one place (routes and tests quote them).
import type { Clock } from '../../../lib/clock';
import type { Db } from '../../../db/client';
import type { Mailer } from '../mail/mailer';
import type { Announcer } from '../listing/changes';
import { APPOINTMENT_LIMITS } from '../../../../shared/lib/appointment-rules';

export interface AppointmentDeps {
  db: Db;
  mailer: Mailer;
  /** A practice's response time shows on its profile and cards: a change is a 'listing changed'. */
  changes: Announcer;
  clock: Clock;
  /** Lights 'Verified visit' (docs/product.md section 13) after a completed appointment. */
  visitCompleted(ownerId: number, doctorId: number): Promise<void>;
  links: { owner: string; practice: string; review(doctorId: number): string };
}

export const APPOINTMENT_MESSAGES = {
  notListed: 'There is no listed practice with this id.',
  ownPractice: 'You cannot request an appointment at your own practice.',
  planRequired: 'This practice does not take appointment requests through the site. Please call or e-mail them instead.',
  noHours: 'This practice has not published its opening hours and time zone yet, so it cannot take requests. Please call them instead.',
  sameTimes: 'Choose different times: the same time is listed twice.',
  openLimit: `You already have ${APPOINTMENT_LIMITS.openPerAccount} requests waiting for an answer. Wait for an answer or cancel one before asking again.`,
  dailyLimit: `You have sent ${APPOINTMENT_LIMITS.perAccountPerDay} requests today, the most for one day. Please try again tomorrow.`,
  practiceLimit: 'This practice has received as many requests as it can answer today. Please try again tomorrow or call them.',
  notYours: 'There is no appointment of yours with this id.',
  notYourPractice: 'There is no appointment request to your practice with this id.',
  startRequired: 'Choose the time for the appointment.',
  notPreferred: "Confirm one of the owner's preferred times, or propose another time.",
  alreadyStarted: 'This appointment has already started; it can no longer be cancelled.',
  notStarted: 'You can mark the visit as completed or missed once its time has come.',
} as const;

/** The 409 sentence for a move the appointment's state does not allow now. */
export function stateRefusal(state: string, move: string): string {
  const names: Record<string, string> = {
    requested: 'waiting for an answer',
    proposed: 'waiting for the pet owner to accept the proposed time',
    confirmed: 'already confirmed',
    declined: 'declined',
    cancelled: 'cancelled',
    completed: 'completed',
    no_show: 'marked as missed',
  };
  const verbs: Record<string, string> = {
    confirm: 'confirmed',
    decline: 'declined',
    propose: 'given another time',
    accept: 'accepted',
    cancel: 'cancelled',
    complete: 'marked as completed',
    no_show: 'marked as missed',
  };
  return `This appointment is ${names[state] ?? state}; it cannot be ${verbs[move] ?? 'changed'} now.`;
}
