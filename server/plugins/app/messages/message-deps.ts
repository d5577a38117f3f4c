// What the messages area's commands are given (docs/architecture.md, Areas) and the sentences its refusals
// say (docs/product.md section 32): one place for each text a person reads.
import type { areaDeps } from '../../../lib/area-deps';
import type { FastifyInstance } from 'fastify';
import type { MessageHub } from './live';
import { formatNumber } from '../../../../shared/lib/formats';
import { MESSAGE_LIMITS } from '../../../../shared/lib/message-rules';

export interface MessageDeps extends ReturnType<typeof areaDeps> {
  counters: FastifyInstance['counters'];
  uploads: FastifyInstance['uploads'];
  tokens: FastifyInstance['tokens'];
  hub: MessageHub;
  /** The practice is listed now and its plan includes the contact form. */
  practiceAccepts(doctorId: number): Promise<'yes' | 'not listed' | 'plan'>;
  /** Works out the practice's response time again after it answered (the appointments area's). */
  refreshResponseTime(doctorId: number): Promise<void>;
  /** The page of a thread, for e-mails. */
  threadLink(threadId: number): string;
}

export const MESSAGE_TEXTS = {
  notListed: 'This practice is not listed, so it cannot receive messages.',
  planRequired: "This practice's plan does not include messages. Please call the practice or use its website.",
  ownersOnly: "Conversations are started from a pet owner's account. Sign in as a pet owner to write to a practice.",
  ownPractice: 'You cannot write to your own practice.',
  notFound: 'There is no such conversation.',
  messageNotFound: 'There is no such message.',
  blocked: 'You cannot send messages in this conversation: the other side has blocked it.',
  youBlocked: 'You blocked this conversation. Unblock it to send a message.',
  closed: 'This account was closed, so the conversation cannot go on.',
  closedLine: 'This account was closed.',
  empty: 'Write a message before sending.',
  tooLong: `Keep the message to ${formatNumber(MESSAGE_LIMITS.textMax)} characters or fewer.`,
  control: 'The message contains a control character that is not allowed.',
  target: 'Say which practice (doctor_id) or which conversation (thread_id) the message is for.',
  accountLimit: 'You have sent many messages in the last hour. Please wait a little and try again.',
  practiceLimit: 'This practice has received many messages in the last hour. Please try again later.',
  ownMessage: 'You cannot report your own message.',
  photoTooLarge: `The photo is larger than ${MESSAGE_LIMITS.photoMaxBytes / 1024 / 1024} MB. Please choose a smaller one.`,
  badLink: 'This photo link has expired. Reload the conversation to see the photo.',
  badTicket: 'This live-update link has expired or is not valid. Ask for a new one.',
  tooManyStreams: 'Too many windows are showing live messages for this account. Close one and try again.',
  heldReason: (reasons: string[]) => `${reasons.join(' ')} The account is less than a day old.`,
  reportsReason: `Reported by ${MESSAGE_LIMITS.reportsToHold} accounts.`,
  mailSubject: (name: string) => `New message from ${name}`,
} as const;
