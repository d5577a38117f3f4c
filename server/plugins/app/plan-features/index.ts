// The plan features area as one plugin (decision record 098): `fastify.planFeatures` with the
// database, the storage, the change announcer and the clock bound: which plan may call which
// feature (plan-access.ts), practice photos (photos.ts), the contact form and its messages
// (contact.ts) and reading the profile statistics (statistics.ts). It also registers the counting
// of those statistics (profile-stats.ts, `fastify.profileStats`). Routes import from this area only
// this file.
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { ContactBody, ContactMessage, Photo, StatisticsDay } from '../../../../shared/schemas/plan-features';
import { FEATURE_MESSAGES, planInForce, requireFeature } from './plan-access';
import { addPhoto, deletePhoto, listPhotos, updatePhoto } from './photos';
import { listMessages, sendContactMessage } from './contact';
import { readStatistics } from './statistics';
import profileStatsPlugin from './profile-stats';

export { CONTACT_SENT } from './contact';

function planFeaturesOf(fastify: FastifyInstance) {
  const { db } = fastify.database;
  const { storage, changes, clock } = fastify;
  return {
    /** A preHandler: signed in, verified, and a plan in force that includes `feature` (403 with a sentence otherwise). */
    requireFeature: (feature: keyof typeof FEATURE_MESSAGES): preHandlerAsyncHookHandler => requireFeature(fastify, feature),
    /** The plan in force for a user now (0 when none, expired or lapsed). */
    planInForce: (userId: number): Promise<number> => planInForce(db, userId, clock.now()),
    photos: {
      list: (userId: number): Promise<Photo[]> => listPhotos(db, userId),
      /** Checks, re-encodes and stores one photo at the end of the gallery. */
      add: (userId: number, bytes: Buffer): Promise<Photo> => addPhoto(db, changes, storage, userId, bytes),
      update: (userId: number, id: number, edits: { caption?: string; position?: number }) => updatePhoto(db, changes, userId, id, edits),
      remove: (userId: number, id: number) => deletePhoto(db, changes, storage, userId, id),
    },
    /** Sends a message through a listed practice's contact form, within the limits (docs/product.md, 5.7). */
    sendContactMessage: (doctorId: number, body: ContactBody, clientKey: string) => sendContactMessage(fastify, doctorId, body, clientKey),
    messages: (doctorId: number, page: number, pageSize: number): Promise<{ data: ContactMessage[]; totalCount: number }> =>
      listMessages(fastify, doctorId, page, pageSize),
    /** A vet's statistics per UTC day for the last `days` days, this server's latest counts included. */
    statistics: async (userId: number, days: number): Promise<StatisticsDay[]> => {
      await fastify.profileStats.flush();
      return readStatistics(db, userId, days, clock.now());
    },
  };
}

export type PlanFeatures = ReturnType<typeof planFeaturesOf>;

declare module 'fastify' {
  interface FastifyInstance {
    planFeatures: PlanFeatures;
  }
}

export default fp(
  async (fastify) => {
    await fastify.register(profileStatsPlugin);
    fastify.decorate('planFeatures', planFeaturesOf(fastify));
  },
  { name: 'plan-features', dependencies: ['database', 'listing', 'uploads', 'accounts', 'mailer', 'counters', 'authorize'] },
);

export { default as planFeatureRoutes } from './routes/index';
