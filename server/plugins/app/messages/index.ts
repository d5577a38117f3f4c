// The messages area as one plugin (docs/product.md section 32): `fastify.messages.<command>(...)` with the
// database, the mailer, the clock, the limits' counters, the uploads' image pipeline, the tokens and the live
// hub bound. Routes under /api/messages (both sides) and /api/admin/messages (the administrators). A deleted
// account's messages go in the deletion's transaction and its threads keep a line saying it was closed.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { areaDeps } from '../../../lib/area-deps';
import { findUserById, type UserRow } from '../users/index';
import type { Actor } from '../audit/index';
import { MESSAGE_EVENTS_TTL_SECONDS, TokenError } from '../auth/index';
import { planIncludes } from '../../../../shared/constants/plans';
import { pageUrl } from '../../../../shared/routes';
import type { ThreadInput, ThreadsInput } from '../../../../shared/schemas/messages';
import { MESSAGE_TEXTS, type MessageDeps } from './message-deps';
import { MessageHub } from './live';
import { blockThread, closeForDeletedAccount, releaseMessage, removeMessage, reportMessage, sendMessage, type SendInput } from './message-commands';
import { listThreads, photoFor, readThread, sideOf, unreadTotal } from './message-reads';
import { heldMessages } from './message-moderation';

export { MESSAGE_TEXTS };

function messagesOf(fastify: FastifyInstance, hub: MessageHub) {
  const base = fastify.config.publicUrl;
  const deps: MessageDeps = {
    ...areaDeps(fastify),
    counters: fastify.counters,
    uploads: fastify.uploads,
    tokens: fastify.tokens,
    hub,
    async practiceAccepts(doctorId) {
      if (!(await fastify.listing.isListed(doctorId, fastify.clock.now()))) return 'not listed';
      return planIncludes(await fastify.planFeatures.planInForce(doctorId), 'contact_form') ? 'yes' : 'plan';
    },
    refreshResponseTime: (doctorId) => fastify.appointments.refreshResponseTime(doctorId),
    threadLink: (threadId) => pageUrl(base, 'thread', { params: { id: threadId } }),
  };
  return {
    hub,
    send: (sender: UserRow, input: SendInput) => sendMessage(deps, sender, input),
    threads: (user: UserRow, input?: ThreadsInput) => listThreads(deps.db, user, input),
    async thread(user: UserRow, input: ThreadInput) {
      const { answer, readNow } = await readThread(deps, user, input);
      // The other side's open thread shows its messages as read at once.
      const otherId = answer.thread.other_party.id;
      if (readNow.length > 0 && otherId) hub.publish([{ userId: otherId, event: { event: 'read', data: { thread_id: input.id, ids: readNow } } }]);
      if (readNow.length > 0)
        hub.publish([{ userId: user.id, event: { event: 'unread', data: { unread_total: await unreadTotal(deps.db, user.id, sideOf(user)) } } }]);
      return answer;
    },
    unread: async (user: UserRow) => ({ unread_total: await unreadTotal(deps.db, user.id, sideOf(user)) }),
    block: (user: UserRow, threadId: number, blocked: boolean) => blockThread(deps, user, threadId, blocked),
    report: (user: UserRow, messageId: number, reason: string) => reportMessage(deps, user, messageId, reason),
    photoFor: (holder: UserRow, messageId: number) => photoFor(deps, holder, messageId),
    held: (admin: UserRow, page?: number) => heldMessages(deps, admin, page),
    /** Who a photo link or a live-stream ticket belongs to: an active account whose sessions still stand. */
    async ticketHolder(ticket: unknown, purpose: 'message_photo' | 'message_events'): Promise<{ user: UserRow; file?: string | undefined } | undefined> {
      if (typeof ticket !== 'string') return undefined;
      try {
        const claims = await fastify.tokens.verify(ticket, purpose);
        const user = await findUserById(deps.db, Number(claims.sub));
        if (!user || user.tokenVersion !== claims.ver || user.status !== 'active') return undefined;
        return { user, file: claims.file };
      } catch (error) {
        if (error instanceof TokenError) return undefined;
        throw error;
      }
    },
    /** A ticket for the live stream: EventSource cannot send the session's header (decision 212). */
    async eventsLink(user: UserRow) {
      const ticket = await fastify.tokens.sign(user.id, 'message_events', user.tokenVersion);
      return { url: `/api/messages/events?${new URLSearchParams({ ticket })}`, expires_in: MESSAGE_EVENTS_TTL_SECONDS };
    },
    release: (actor: Actor, id: number) => releaseMessage(deps, actor, id),
    remove: (actor: Actor, id: number) => removeMessage(deps, actor, id),
  };
}

export type Messages = ReturnType<typeof messagesOf>;

declare module 'fastify' {
  interface FastifyInstance {
    messages: Messages;
  }
}

export default fp(
  async (fastify) => {
    const hub = new MessageHub();
    if (fastify.redis) await hub.connect(fastify.redis, fastify.config.redisKeyPrefix, (error) => fastify.log.warn({ err: error }, 'live messages: redis'));
    fastify.decorate('messages', messagesOf(fastify, hub));
    fastify.accountData.onAccountDeleted(async (tx, account) => closeForDeletedAccount(tx, account.id, fastify.clock.now()));
    // Open streams would hold the server open: they end before it closes.
    fastify.addHook('preClose', async () => hub.close());
  },
  { name: 'messages', dependencies: ['database', 'mailer', 'listing', 'counters', 'uploads', 'plan-features', 'appointments', 'account-data', 'authenticate'] },
);

export { default as messageRoutes } from './routes/index';
