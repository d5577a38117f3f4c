// The account's own data (docs/product.md section 22): 'Download my data' answers one JSON file of
// everything the account holds; 'Delete my account' takes the password and deletes at once.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { DeleteAccountBody } from '../../../../../shared/schemas/account-data';
import { EmptyBody, MessageSchema } from '../../../../../shared/schemas/user';
import { errorResponses } from '../../../../../shared/schemas/common';
import { DELETION_MESSAGES } from '../account-deletion';

const tags = ['user'];

export default async function accountDataRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();
  const { accountData } = fastify;

  fastify.post('/export', {
    preHandler: fastify.requireUser,
    schema: {
      tags,
      summary: 'Download my data: one JSON file of everything the account holds (never password hashes or token secrets)',
      security: [{ bearer: [] }],
      body: EmptyBody,
      response: { 200: Type.Unsafe({ type: 'object', additionalProperties: true }), ...errorResponses(401) },
    },
    handler: async (request, reply) => {
      const data = await accountData.export(request.user.id);
      const day = data.exported_at.slice(0, 10);
      return reply
        .header('Content-Disposition', `attachment; filename="animal-doctor-data-${day}.json"`)
        .header('Cache-Control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(data, null, 2));
    },
  });

  fastify.post('/delete-account', {
    preHandler: fastify.requireUser,
    schema: {
      tags,
      summary: 'Delete my account and its data at once after the password (its reviews go; a paid plan is cancelled; a confirmation is e-mailed)',
      security: [{ bearer: [] }],
      body: DeleteAccountBody,
      response: { 200: MessageSchema, ...errorResponses(400, 401, 404, 409, 429, 502) },
    },
    handler: async (request) => {
      const { email } = request.user;
      const { confirmationSent } = await accountData.deleteOwn(request.user, request.body.password, request.ip);
      return { message: confirmationSent ? DELETION_MESSAGES.deleted : DELETION_MESSAGES.deletedUnverified, email };
    },
  });
}
