// Account settings (docs/product.md section 25) under /api/user/settings. Every call but the link's
// confirmation needs the session's token, checked before the body is validated (a visitor gets 401).
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  AccountSettingsSchema,
  ConfirmEmailBody,
  EmailSettingsBody,
  NameSettingsBody,
  NotificationSettings,
  PasswordSettingsAnswer,
  PasswordSettingsBody,
  SettingsAnswer,
} from '../../../../../shared/schemas/account-settings';
import { EmptyBody } from '../../../../../shared/schemas/user';
import { errorResponses } from '../../../../../shared/schemas/common';
import { noStore } from '../../../../lib/http-cache';

const tags = ['user'];

export default async function accountSettingsRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();
  const { accounts } = fastify;
  fastify.addHook('onRequest', noStore);
  const guarded = { preValidation: fastify.requireUser } satisfies RouteShorthandOptions;
  const security = [{ bearer: [] }];

  const read = {
    ...guarded,
    schema: {
      tags,
      summary: 'The settings: name, e-mail address (and one waiting for its link), e-mail preferences',
      security,
      response: { 200: AccountSettingsSchema, ...errorResponses(401) },
    },
  };
  fastify.get('/settings', read, async (request) => accounts.readSettings(request.user.id));
  fastify.post('/settings', { ...read, schema: { ...read.schema, body: EmptyBody } }, async (request) => accounts.readSettings(request.user.id));

  fastify.post('/settings/name', {
    ...guarded,
    schema: { tags, summary: 'Change the name', security, body: NameSettingsBody, response: { 200: SettingsAnswer, ...errorResponses(400, 401) } },
    handler: async (request) => ({ message: 'Your name was saved.', settings: await accounts.changeName(request.user, request.body) }),
  });

  fastify.post('/settings/email', {
    ...guarded,
    schema: {
      tags,
      summary: 'Ask to change the e-mail address (password needed): a link goes to the new address, the old one is told',
      security,
      body: EmailSettingsBody,
      response: { 200: SettingsAnswer, ...errorResponses(400, 401, 409, 429) },
    },
    handler: async (request) => {
      const settings = await accounts.requestEmailChange(request.user, request.body, request.ip);
      return {
        message: `We sent a link to ${settings.pending_email}. Your e-mail address changes when you follow it; until then you sign in with ${settings.email}.`,
        settings,
      };
    },
  });

  fastify.post('/settings/email/confirm', {
    schema: {
      tags,
      summary: 'Follow the link sent to the new address: the address changes if it is still free (single use, 24 hours)',
      body: ConfirmEmailBody,
      response: { 200: Type.Object({ message: Type.String(), email: Type.String() }), ...errorResponses(400, 409) },
    },
    handler: async (request) => {
      const { email } = await accounts.confirmEmailChange(request.body.token);
      return { message: `Your e-mail address is now ${email}. Use it to sign in.`, email };
    },
  });

  fastify.post('/settings/password', {
    ...guarded,
    schema: {
      tags,
      summary: 'Change the password (current one needed); every other session ends and this one gets a fresh token',
      security,
      body: PasswordSettingsBody,
      response: { 200: PasswordSettingsAnswer, ...errorResponses(400, 401, 429) },
    },
    handler: async (request) => {
      const { user, token } = await accounts.changeOwnPassword(request.user, request.body, request.ip);
      return {
        message: 'Your password was changed. Your other devices were signed out.',
        token,
        user,
        settings: await accounts.readSettings(request.user.id),
      };
    },
  });

  fastify.post('/settings/notifications', {
    ...guarded,
    schema: {
      tags,
      summary: 'Set the e-mail preferences (security e-mails are always sent)',
      security,
      body: NotificationSettings,
      response: { 200: SettingsAnswer, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => ({ message: 'Your e-mail preferences were saved.', settings: await accounts.changeNotifications(request.user, request.body) }),
  });
}
