// Unsubscribing from the newsletter (docs/product.md, Newsletter). Mail scanners open links, so a
// GET never unsubscribes: the e-mail's link leads to a page of the web app that asks first and then
// POSTs here; mail providers use the same POST for RFC 8058 one-click unsubscribe
// (List-Unsubscribe-Post: List-Unsubscribe=One-Click, sent as a form body).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, MessageSchema } from '../../../../../shared/schemas/common';
import { noStore } from '../../../../lib/http-cache';
import { domainError } from '../../../../lib/domain-error';

const tags = ['newsletter'];
const UnsubscribeToken = Type.String({ pattern: '^[A-Za-z0-9_-]{10,100}$' });

export default async function newsletterRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', noStore);
  // RFC 8058 one-click POSTs are form-encoded: "List-Unsubscribe=One-Click".
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get('/unsubscribe', {
    schema: { tags, summary: 'Old e-mail links: lead to the page that asks before unsubscribing', querystring: Type.Object({ token: UnsubscribeToken }) },
    handler: async (request, reply) => reply.redirect(`/unsubscribe?token=${encodeURIComponent(request.query.token)}`, 303),
  });

  app.post('/unsubscribe', {
    schema: {
      tags,
      summary: 'Unsubscribe: JSON {token} from the confirmation page, or RFC 8058 one-click (?token= and a form body)',
      querystring: Type.Object({ token: Type.Optional(UnsubscribeToken) }, { additionalProperties: false }),
      body: Type.Optional(
        Type.Object({ token: Type.Optional(UnsubscribeToken), 'List-Unsubscribe': Type.Optional(Type.Literal('One-Click')) }, { additionalProperties: false }),
      ),
      response: { 200: MessageSchema, ...errorResponses(400, 404) },
    },
    handler: async (request) => {
      const token = request.body?.token ?? request.query.token;
      if (!token) throw domainError(400, 'VALIDATION_ERROR', 'The unsubscribe link is incomplete. Please open the link from the e-mail again.');
      await fastify.accounts.unsubscribe(token);
      return { message: 'You will not receive the Animal Doctor newsletter any more. You can subscribe again at any time from the footer of our site.' };
    },
  });
}
