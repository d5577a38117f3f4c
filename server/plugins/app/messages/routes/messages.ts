// Conversations, both sides' calls (docs/product.md section 32): send (JSON, or
// multipart/form-data with a photo), the threads, one thread's page, block, report, the unread total, and
// the photo a short-lived link opens. Refusals are `{ message, code, field? }` with a plain sentence.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import {
  BlockAnswer,
  BlockBody,
  ReportAnswer,
  ReportBody,
  SendAnswer,
  ThreadAnswer,
  ThreadBody,
  ThreadsAnswer,
  ThreadsBody,
  UnreadAnswer,
} from '../../../../../shared/schemas/messages';
import { errorResponses, MAX_ID } from '../../../../../shared/schemas/common';
import { MESSAGE_LIMITS } from '../../../../../shared/lib/message-rules';
import { domainError } from '../../../../lib/domain-error';
import { noStore } from '../../../../lib/http-cache';
import { sendStored } from '../../uploads/index';
import { MESSAGE_TEXTS } from '../message-deps';
import type { SendInput } from '../message-commands';

const tags = ['messages'];
const security = [{ bearer: [] }];
const errors = errorResponses(400, 401, 403, 404, 409, 413, 429, 503);
const SEND_FIELDS = new Set(['doctor_id', 'thread_id', 'text']);
/** The message whose photo a request's ticket opens. */
const photoOf = new WeakMap<FastifyRequest, number>();

/** An id as JSON (a number) or a form field (digits). */
function idField(name: string, value: unknown): number {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_ID)
    throw domainError(400, 'VALIDATION_ERROR', `'${name}' must be a whole number from 1.`, { field: name });
  return n;
}

/** The send call's fields, from JSON or a form: exactly one of doctor_id and thread_id, and the text. */
function sendFields(fields: Record<string, unknown>): Omit<SendInput, 'photo'> {
  for (const name of Object.keys(fields)) if (!SEND_FIELDS.has(name)) throw domainError(400, 'VALIDATION_ERROR', `Unknown field '${name}'.`, { field: name });
  const hasDoctor = fields.doctor_id !== undefined;
  const hasThread = fields.thread_id !== undefined;
  if (hasDoctor === hasThread) throw domainError(400, 'VALIDATION_ERROR', MESSAGE_TEXTS.target, { field: 'doctor_id' });
  if (typeof fields.text !== 'string') throw domainError(400, 'VALIDATION_ERROR', MESSAGE_TEXTS.empty, { field: 'text' });
  return {
    ...(hasDoctor ? { doctorId: idField('doctor_id', fields.doctor_id) } : { threadId: idField('thread_id', fields.thread_id) }),
    text: fields.text,
  };
}

async function sendInput(fastify: FastifyInstance, request: FastifyRequest): Promise<SendInput> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw domainError(400, 'VALIDATION_ERROR', MESSAGE_TEXTS.target, { field: 'text' });
    return sendFields(body as Record<string, unknown>);
  }
  const fields: Record<string, string> = {};
  const photo = await fastify.uploads.readOneFile(request, {
    field: 'photo',
    noun: 'photo',
    maxBytes: MESSAGE_LIMITS.photoMaxBytes,
    tooLarge: MESSAGE_TEXTS.photoTooLarge,
    optional: true,
    fieldSize: MESSAGE_LIMITS.textMax * 4,
    onField: (name, value) => {
      fields[name] = value;
    },
  });
  return { ...sendFields(fields), photo };
}

export default async function messageCalls(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();
  const { messages } = fastify;
  fastify.addHook('onRequest', noStore);
  // Only /send reads multipart bodies (a photo), through fastify.uploads.readOneFile.
  await fastify.register(multipart);

  fastify.post('/send', {
    preHandler: fastify.requireVerified,
    schema: {
      tags,
      security,
      summary:
        'Send a message: `{ doctor_id | thread_id, text }` as JSON, or as multipart/form-data with a `photo` (JPEG, PNG or WebP up to 10 MB). An owner writes to a listed practice whose plan includes the contact form; either side answers in its thread',
      consumes: ['application/json', 'multipart/form-data'],
      response: { 200: SendAnswer, ...errors },
    },
    handler: async (request) => messages.send(request.user, await sendInput(fastify, request)),
  });

  fastify.post('/threads', {
    preHandler: fastify.requireUser,
    schema: {
      tags,
      security,
      summary: "This side's conversations, most recent first, with the unread counts",
      body: ThreadsBody,
      response: { 200: ThreadsAnswer, ...errors },
    },
    handler: async (request) => messages.threads(request.user, request.body),
  });

  fastify.post('/thread', {
    preHandler: fastify.requireUser,
    schema: {
      tags,
      security,
      summary: "A conversation's newest 50 messages (or 50 before `before`); the first page marks the other side's messages read",
      body: ThreadBody,
      response: { 200: ThreadAnswer, ...errors },
    },
    handler: async (request) => messages.thread(request.user, request.body),
  });

  fastify.post('/unread', {
    preHandler: fastify.requireUser,
    schema: { tags, security, summary: 'The unread total the menu shows', response: { 200: UnreadAnswer, ...errors } },
    handler: async (request) => messages.unread(request.user),
  });

  fastify.post('/block', {
    preHandler: fastify.requireVerified,
    schema: {
      tags,
      security,
      summary: "Block the other side of a conversation (its sends answer 403 BLOCKED); `blocked: false` lifts one's own block",
      body: BlockBody,
      response: { 200: BlockAnswer, ...errors },
    },
    handler: async (request) => messages.block(request.user, request.body.thread_id, request.body.blocked ?? true),
  });

  fastify.post('/report', {
    preHandler: fastify.requireVerified,
    schema: {
      tags,
      security,
      summary: `Report the other side's message; ${MESSAGE_LIMITS.reportsToHold} reports from distinct accounts hold it for the administrators`,
      body: ReportBody,
      response: { 200: ReportAnswer, ...errors },
    },
    handler: async (request) => messages.report(request.user, request.body.message_id, request.body.reason),
  });

  app.get('/photo', {
    // The link's ticket stands in for the session (decision 211), checked before anything else is read.
    onRequest: async (request) => {
      const held = await messages.ticketHolder((request.query as { ticket?: unknown }).ticket, 'message_photo');
      if (!held) throw domainError(401, 'UNAUTHENTICATED', MESSAGE_TEXTS.badLink);
      request.user = held.user;
      photoOf.set(request, Number(held.file));
    },
    schema: {
      tags,
      summary: "A message's photo (WebP), opened by the link in the message for its two sides, for a few minutes",
      querystring: Type.Object({ ticket: Type.String({ maxLength: 2000 }) }, { additionalProperties: false }),
      produces: ['image/webp'],
      response: errorResponses(401, 404),
    },
    handler: async (request, reply) => {
      const key = await messages.photoFor(request.user, photoOf.get(request) ?? 0);
      const object = await fastify.storage.get(key);
      if (!object) throw domainError(404, 'NOT_FOUND', MESSAGE_TEXTS.messageNotFound);
      return sendStored(reply, object, 'private, max-age=600');
    },
  });
}
