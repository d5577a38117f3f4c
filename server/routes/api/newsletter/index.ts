// The unsubscribe link every newsletter e-mail carries (docs/product.md, Newsletter).
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { eq } from 'drizzle-orm';
import { newsletterSubscribers } from '../../../db/schema';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title} · Animal Doctor</title></head><body style="font-family:system-ui,sans-serif;max-width:560px;margin:64px auto;padding:0 16px;color:#1f2937"><h1>${title}</h1><p>${body}</p><p><a href="/home" style="color:#0958d9">Back to Animal Doctor</a></p></body></html>`;

export default async function newsletterRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.get('/unsubscribe', {
    schema: { tags: ['newsletter'], summary: 'Unsubscribe through the link in a newsletter e-mail', querystring: Type.Object({ token: Type.String({ minLength: 10, maxLength: 100 }) }) },
    handler: async (request, reply) => {
      const { token } = request.query as { token: string };
      const rows = await fastify.database.db
        .update(newsletterSubscribers)
        .set({ status: 'unsubscribed', unsubscribedAt: new Date() })
        .where(eq(newsletterSubscribers.unsubscribeToken, token))
        .returning({ id: newsletterSubscribers.id });
      reply.type('text/html; charset=utf-8');
      if (rows.length === 0) return reply.status(404).send(page('Link not recognised', 'This unsubscribe link is not valid. If you keep receiving e-mails, write to hello@animaldoctor.app.'));
      return page('You are unsubscribed', 'You will not receive the Animal Doctor newsletter any more. You can subscribe again at any time from the footer of our site.');
    },
  });
}
