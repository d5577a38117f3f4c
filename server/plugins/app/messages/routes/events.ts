// Live messages (docs/product.md section 32; decision 212): server-sent events at GET /api/messages/events.
// EventSource cannot send the session's header, so the page first asks POST /api/messages/events/link for a
// one-minute ticket and opens the stream with it; a client that can send headers may use the session instead.
// The stream says `unread` at once, then `message`, `unread` and `read` as they happen, and beats every 25 s.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { EventsLinkAnswer } from '../../../../../shared/schemas/messages';
import { errorResponses } from '../../../../../shared/schemas/common';
import { domainError } from '../../../../lib/domain-error';
import { noStore } from '../../../../lib/http-cache';
import { MESSAGE_TEXTS } from '../message-deps';

export default async function liveMessages(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();
  const { messages } = fastify;
  fastify.addHook('onRequest', noStore);

  fastify.post('/events/link', {
    preHandler: fastify.requireUser,
    schema: {
      tags: ['messages'],
      security: [{ bearer: [] }],
      summary: 'A link that opens the live stream of messages, valid for one minute (EventSource cannot send the Authorization header)',
      response: { 200: EventsLinkAnswer, ...errorResponses(401, 403) },
    },
    handler: async (request) => messages.eventsLink(request.user),
  });

  app.get('/events', {
    onRequest: async (request) => {
      const ticket = (request.query as { ticket?: unknown }).ticket;
      if (ticket === undefined && request.headers.authorization) {
        request.user = await fastify.authenticate(request, { allowUnverified: true });
        return;
      }
      const held = await messages.ticketHolder(ticket, 'message_events');
      if (!held) throw domainError(401, 'UNAUTHENTICATED', MESSAGE_TEXTS.badTicket);
      request.user = held.user;
    },
    schema: {
      tags: ['messages'],
      summary: 'The live stream of new messages, unread totals and reads (text/event-stream), opened with the ticket of /events/link',
      querystring: Type.Object({ ticket: Type.Optional(Type.String({ maxLength: 2000 })) }, { additionalProperties: false }),
      produces: ['text/event-stream'],
      response: errorResponses(401, 429),
    },
    handler: async (request, reply) => {
      const user = request.user;
      const { hub } = messages;
      const place = await hub.reserve(user.id);
      if (!place) throw domainError(429, 'TOO_MANY_STREAMS', MESSAGE_TEXTS.tooManyStreams);
      let first;
      try {
        first = await messages.unread(user);
      } catch (error) {
        hub.release(user.id, place);
        throw error;
      }
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      raw.write(`retry: 3000\n\nevent: unread\ndata: ${JSON.stringify(first)}\n\n`);
      hub.attach(user.id, place, raw);
      request.raw.socket.setTimeout(0);
      request.raw.on('close', () => hub.release(user.id, place));
      // A browser that left while the first total was read: its place is given back now.
      if (request.raw.socket.destroyed) hub.release(user.id, place);
    },
  });
}
