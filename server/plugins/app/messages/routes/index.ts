// Conversations: both sides' calls under /api/messages and the administrators' under /api/admin/messages.
// Each file registers with its URL prefix here; server/app.ts registers this plugin (docs/architecture.md, Areas).
import type { FastifyInstance } from 'fastify';
import messageCalls from './messages';
import liveMessages from './events';
import messageModeration from './moderation';

export default async function messageRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(messageCalls, { prefix: '/api/messages' });
  await fastify.register(liveMessages, { prefix: '/api/messages' });
  await fastify.register(messageModeration, { prefix: '/api/admin/messages' });
}
