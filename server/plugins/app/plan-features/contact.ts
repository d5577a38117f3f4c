// The contact form on a public profile (docs/product.md, 5.7): checks, spam traps, limits, then
// the message is stored and both e-mails are written to the outbox in one transaction.
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { contactMessages, profiles, users } from '../../../db/schema';
import { contactConfirmationEmail, contactMessageEmail } from '../mail/templates';
import { CONTACT_LIMITS } from '../../../../shared/constants/services';
import { planIncludes } from '../../../../shared/constants/plans';
import { isPersonName } from '../../../../shared/lib/text-rules';
import type { ContactBody, ContactMessage } from '../../../../shared/schemas/plan-features';
import { DomainError, domainError } from '../../../lib/domain-error';
import { findPublicDoctor } from '../listing/doctor-search';
import { planInForce } from './plan-access';
import { messageRecipient } from '../profiles/contact-address';
import { normalizeEmail } from '../../../../shared/lib/email-address';
import { pageUrl } from '../../../../shared/routes';
import { formatNumber } from '../../../../shared/lib/formats';

export const CONTACT_SENT = 'Thank you. Your message was sent to the practice, and we e-mailed you a confirmation.';
const HOUR = 3_600_000;
// A tag (<b>, </p>, <!-- -->, <?xml) or an HTML entity: the form takes plain text only.
const HTML = /<\s*[a-z!/?][^>]*>|&(#\d+|#x[0-9a-f]+|[a-z]+);/i;
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const ONE_LINE = /[\r\n]/;
// eslint-disable-next-line no-control-regex -- removing control and direction characters is the point
const NOT_IN_ONE_LINE = /[\u0000-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]+/g;
/** A stored name as one plain line (older names may hold line breaks). */
const oneLine = (value: string) => value.replace(NOT_IN_ONE_LINE, ' ').replace(/\s+/g, ' ').trim();

const invalid = (field: string, message: string) => domainError(400, 'VALIDATION_ERROR', message, { field });

function cleanInput(body: ContactBody) {
  const name = body.name.trim();
  const phone = (body.phone ?? '').trim();
  const species = (body.species ?? '').trim();
  const message = body.message.replace(/\r\n/g, '\n').trim();
  if (!name) throw invalid('name', 'Enter your name.');
  if (name.length > CONTACT_LIMITS.nameMax || !isPersonName(name))
    throw invalid('name', `Enter your name on one line, up to ${CONTACT_LIMITS.nameMax} characters.`);
  if (phone.length > CONTACT_LIMITS.phoneMax || !/^[0-9+().\-\s]*$/.test(phone))
    throw invalid('phone', 'Enter a phone number with digits, spaces and + ( ) - only, or leave it empty.');
  if (species.length > CONTACT_LIMITS.speciesMax || ONE_LINE.test(species) || CONTROL.test(species))
    throw invalid('species', `Enter your pet's species in up to ${CONTACT_LIMITS.speciesMax} characters.`);
  if (!message) throw invalid('message', 'Write a message to the practice.');
  if (message.length > CONTACT_LIMITS.messageMax) throw invalid('message', `Keep the message under ${formatNumber(CONTACT_LIMITS.messageMax)} characters.`);
  if (CONTROL.test(message)) throw invalid('message', 'The message contains characters that cannot be sent. Please retype it.');
  for (const [field, value] of [
    ['name', name],
    ['species', species],
    ['message', message],
  ] as const) {
    if (HTML.test(value)) throw invalid(field, 'Please write plain text: HTML tags and codes are not accepted.');
  }
  return { name, email: normalizeEmail(body.email), phone, species, message };
}

/**
 * Sends a contact message. A filled honeypot gets the same answer and sends nothing. Limits: one
 * client CONTACT_LIMITS.perClientPerHour, one vet perVetPerHour, each an atomic counter step.
 */
export async function sendContactMessage(fastify: FastifyInstance, doctorId: number, body: ContactBody, clientKey: string): Promise<void> {
  if (body.website && body.website.trim() !== '') {
    fastify.log.info({ doctorId }, 'contact form honeypot filled; message dropped');
    return;
  }
  const input = cleanInput(body);
  const { db } = fastify.database;
  const doctor = await findPublicDoctor(db, doctorId, fastify.clock.now());
  if (!doctor) throw domainError(404, 'NOT_FOUND', 'This practice is not listed on Animal Doctor.');
  // A plan without the feature: 403 with a plain message (docs/product.md, Plans and payment).
  if (!planIncludes(await planInForce(db, doctorId, fastify.clock.now()), 'contact_form')) {
    throw domainError(403, 'PLAN_REQUIRED', 'This practice does not take messages through the site. Please call or e-mail them instead.');
  }
  const tooMany = () => domainError(429, 'RATE_LIMITED', 'Too many messages were sent in the last hour. Please try again later or call the practice.');
  const client = `contact:client:${clientKey}`;
  if ((await fastify.counters.hit(client, HOUR)) > CONTACT_LIMITS.perClientPerHour) throw tooMany();
  if ((await fastify.counters.hit(`contact:vet:${doctorId}`, HOUR)) > CONTACT_LIMITS.perVetPerHour) {
    // This client's attempt did not reach the vet; it does not count against them.
    await fastify.counters.decrement(client);
    throw tooMany();
  }

  // The sender's copy spends the send budgets like every other e-mail (docs/security.md, second
  // review, row 1): many clients cannot fill one inbox with confirmations. Refused: nothing reached the vet.
  try {
    await fastify.accounts.sendLimits.take('contact_confirmation', input.email, clientKey);
  } catch (error) {
    await fastify.counters.decrement(`contact:vet:${doctorId}`);
    if (!(error instanceof DomainError) || error.code !== 'RATE_LIMITED') throw error;
    throw domainError(429, 'RATE_LIMITED', tooMany().message, { retryAfter: error.retryAfter });
  }

  const [account] = await db
    .select({ email: users.email, verify: users.verify, contactEmail: profiles.contactEmail, verifiedContactEmail: profiles.verifiedContactEmail })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, doctorId));
  // Only a confirmed address receives messages (docs/product.md, 5.7); the message is kept either way.
  const to = account && messageRecipient(account, account);
  // The practice's name as its card shows it (docs/product.md section 20.15).
  const clinic = oneLine(doctor.name);
  const base = fastify.config.publicUrl;
  await db.transaction(async (tx) => {
    await tx.insert(contactMessages).values({ doctorId, ...input });
    if (to)
      await fastify.mailer.enqueue(
        tx,
        { address: to, kind: 'contact_message', replyTo: input.email },
        contactMessageEmail({ clinic, ...input, messagesLink: pageUrl(base, 'viewProfile', { hash: 'messages' }) }),
      );
    await fastify.mailer.enqueue(
      tx,
      { address: input.email, kind: 'contact_confirmation' },
      contactConfirmationEmail(clinic, pageUrl(base, 'doctorProfile', { params: { id: doctorId } })),
    );
  });
  fastify.profileStats.record(doctorId, 'messages');
}

export async function listMessages(
  fastify: FastifyInstance,
  doctorId: number,
  page: number,
  pageSize: number,
): Promise<{ data: ContactMessage[]; totalCount: number }> {
  const { db } = fastify.database;
  const where = and(eq(contactMessages.doctorId, doctorId));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(contactMessages).where(where),
  ]);
  return {
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      species: row.species,
      message: row.message,
      created_at: row.createdAt.toISOString(),
    })),
    totalCount: Number(total?.n ?? 0),
  };
}
