// Newsletter subscription by e-mailed code (docs/product.md, Newsletter). The calls sit under
// /api/user as the spec's table lists them; the work is in plugins/app/accounts/newsletter.ts.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MESSAGES } from '../../../../../shared/constants/messages';
import { CheckCodeBody, EmailBody, MessageSchema, TextSchema } from '../../../../../shared/schemas/user';
import { errorResponses } from '../../../../../shared/schemas/common';
import { noStore } from '../../../../lib/http-cache';
import { CODE_CHECK_ANSWERS } from './account-answers';

const tags = ['newsletter'];

export default async function newsletterCodeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', noStore);

  app.post('/send-subscribe-verify-code', {
    schema: {
      tags,
      summary: 'E-mail a code that confirms a newsletter subscription',
      body: EmailBody,
      response: { 200: MessageSchema, 409: TextSchema, ...errorResponses(429) },
    },
    handler: async (request) => {
      await fastify.accounts.requestSubscription(request.body.email, request.ip);
      return { message: MESSAGES.codeSent };
    },
  });

  app.post('/check-subscribe-verify-code', {
    schema: {
      tags,
      summary: 'Confirm a newsletter subscription with the e-mailed code',
      body: CheckCodeBody,
      response: CODE_CHECK_ANSWERS,
    },
    handler: async (request) => {
      await fastify.accounts.confirmSubscription(request.body.email, request.body.verifyCode);
      return { message: MESSAGES.subscribed };
    },
  });
}
