// Newsletter subscription by e-mailed code (docs/product.md, Newsletter; Messages). The calls
// sit under /api/user as the spec's table lists them.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { Type } from '@sinclair/typebox';
import { MESSAGES } from '../../../../shared/constants/messages';
import { CheckCodeBody, EmailBody, ErrorSchema, MessageSchema, TextSchema } from '../../../../shared/schemas/user';
import { newsletterSubscribers } from '../../../db/schema';
import { httpError, sendText } from '../../../lib/http-error';
import { codeEmail } from '../../../mail/templates';
import { CODE_MESSAGES, checkCode, issueCode } from '../../../plugins/app/users/codes';
import { normalizeEmail } from '../../../plugins/app/users/user-repository';

const tags = ['newsletter'];

export default async function newsletterCodeRoutes(fastify: FastifyInstance): Promise<void> {
  const { db } = fastify.database;

  fastify.post('/send-subscribe-verify-code', {
    schema: { tags, summary: 'E-mail a code that confirms a newsletter subscription', body: EmailBody, response: { 200: MessageSchema, 409: TextSchema, 429: ErrorSchema } },
    handler: async (request, reply) => {
      const email = normalizeEmail((request.body as { email: string }).email);
      const [existing] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
      if (existing?.status === 'confirmed') return sendText(reply, 409, 'This e-mail is already subscribed.');
      const hourMs = 3_600_000;
      if ((await fastify.counters.hit(`send:${email}`, hourMs)) > fastify.config.rateLimit.codesPerHour) {
        throw httpError(429, 'RATE_LIMITED', 'Too many codes were requested for this e-mail. Please try again later.');
      }
      const unsubscribeToken = existing?.unsubscribeToken ?? crypto.randomBytes(24).toString('base64url');
      await db.transaction(async (tx) => {
        if (existing) await tx.update(newsletterSubscribers).set({ status: 'pending', unsubscribedAt: null }).where(eq(newsletterSubscribers.id, existing.id));
        else await tx.insert(newsletterSubscribers).values({ email, unsubscribeToken }).onConflictDoNothing();
        const code = await issueCode(tx, email, 'newsletter');
        const unsubscribe = `${fastify.config.publicUrl}/api/newsletter/unsubscribe?token=${unsubscribeToken}`;
        await fastify.mailer.enqueue(tx, { address: email, kind: 'newsletter_code' }, codeEmail('newsletter', code, unsubscribe));
      });
      return { message: MESSAGES.codeSent };
    },
  });

  fastify.post('/check-subscribe-verify-code', {
    schema: { tags, summary: 'Confirm a newsletter subscription with the e-mailed code', body: CheckCodeBody, response: { 200: MessageSchema, 400: Type.Union([TextSchema, ErrorSchema]) } },
    handler: async (request, reply) => {
      const { email: given, verifyCode } = request.body as { email: string; verifyCode: string | number };
      const email = normalizeEmail(given);
      const result = await checkCode(db, email, 'newsletter', verifyCode);
      if (result !== 'ok') return sendText(reply, 400, CODE_MESSAGES[result]);
      await db.update(newsletterSubscribers).set({ status: 'confirmed', confirmedAt: new Date() }).where(eq(newsletterSubscribers.email, email));
      return { message: MESSAGES.subscribed };
    },
  });
}
