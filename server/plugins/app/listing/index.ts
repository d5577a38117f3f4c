// The listing module (docs/decisions/093-one-listing-module.md): who is listed (listing-rule.ts),
// the in-memory search index (search-index.ts), the caches of search answers and public pages, and
// the announcements of what writes changed (`fastify.changes`, changes.ts), carried to the other
// app servers over Redis when REDIS_URL is set. Decorates `fastify.changes` and `fastify.listing`.
import fp from 'fastify-plugin';
import { randomUUID } from 'node:crypto';
import type { DoctorPage } from '../../../../shared/schemas/doctor';
import { AnswerCache } from '../../../lib/answer-cache';
import type { CachedAnswer } from '../../../lib/http-cache';
import { ChangeBus, parseChange } from './changes';
import { SPONSOR_ROTATION_MS, type NormalizedSearch } from './doctor-search';
import { listedCards } from './card-rows';
import { SearchIndex } from './search-index';
import type { DoctorSummary } from '../../../../shared/schemas/doctor';
import { isListed } from './listing-rule';
import { withRelaxations } from './search-relaxations';
import { findZipPlace, type ZipPlace } from './zip-place';

export { default as listingRoutes } from './routes/index';

export interface Listing {
  /** A search's answer, from the cache or the index, with the ids of the vets it shows. */
  search(search: NormalizedSearch, now: Date): Promise<{ answer: CachedAnswer; shown: number[] }>;
  /** A listed vet's public page, from the cache or `read` (undefined when the vet is not listed). */
  page(id: number, now: Date, read: () => Promise<DoctorPage | undefined>): Promise<CachedAnswer | undefined>;
  /** Search cards (open now, no distance) of those of `ids` listed at `now`, in the order given. */
  cards(ids: number[], now: Date): Promise<DoctorSummary[]>;
  /** Whether the vet `id` is listed at `now` (listing-rule.ts). */
  isListed(id: number, now: Date): Promise<boolean>;
  /** A zip code's city, state and time zone (zip-place.ts; docs/product.md 28.5), undefined when unknown. */
  zipPlace(zip: string): Promise<ZipPlace | undefined>;
  readonly index: SearchIndex;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Announcements of what writes changed (changes.ts). */
    changes: ChangeBus;
    listing: Listing;
  }
}

export default fp(
  async (fastify) => {
    const changes = new ChangeBus((error, change) => fastify.log.error({ err: error, change }, 'a listener of a change announcement failed'));
    fastify.decorate('changes', changes);

    const ttlMs = fastify.config.searchCacheSeconds * 1000;
    const searches = new AnswerCache(ttlMs, fastify.clock, undefined, fastify.metrics.cacheLookups('doctor searches'));
    const pages = new AnswerCache(ttlMs, fastify.clock, undefined, fastify.metrics.cacheLookups('doctor pages'));
    // Loaded when the server starts; searches that come earlier wait for it (docs/decisions/073-search-index-in-memory.md).
    // With a snapshot file, a restart reads the index from it and the change log (docs/product.md 23.5).
    const index = new SearchIndex(fastify.database, fastify.clock, undefined, undefined, fastify.config.searchSnapshotFile);
    fastify.addHook('onReady', async () => {
      index.load().catch((error: unknown) => fastify.log.error({ err: error }, 'search index: load failed; the next search tries again'));
    });
    fastify.addHook('onClose', async () => {
      await index.saveSnapshot().catch((error: unknown) => fastify.log.warn({ err: error }, 'search index: the snapshot was not written'));
    });
    // Any search may show the vet whose listing changed; a page shows only its own vet. Article
    // changes leave both alone.
    changes.on('listing changed', ({ doctorId }) => {
      index.watch();
      searches.clear();
      pages.dropPrefix(`${doctorId}|`);
    });

    // With Redis, what one app server announces reaches every other one (docs/decisions/037-search-cache.md).
    if (fastify.redis) {
      const publisher = fastify.redis;
      // Under the key prefix: deployments (and test runs) sharing one Redis do not hear each other.
      const channel = `${fastify.config.redisKeyPrefix}changes`;
      // Redis sends a server its own messages too: they carry who sent them, and those are skipped.
      const me = randomUUID();
      const subscriber = publisher.duplicate();
      subscriber.on('error', (error) => fastify.log.warn({ err: error }, 'redis subscriber error'));
      subscriber.on('message', (_channel: string, message: string) => {
        let parsed: { from?: unknown; change?: unknown };
        try {
          parsed = JSON.parse(message) as typeof parsed;
        } catch {
          return;
        }
        const change = parseChange(parsed?.change);
        if (change && parsed.from !== me) changes.deliver(change);
      });
      await subscriber.subscribe(channel).catch((error) => fastify.log.warn({ err: error }, 'change announcements: no Redis subscription'));
      const off = changes.relay((change) => void publisher.publish(channel, JSON.stringify({ from: me, change })).catch(() => undefined));
      fastify.addHook('onClose', async () => {
        off();
        await subscriber.quit().catch(() => subscriber.disconnect());
      });
    }

    /** The vets each cached answer shows, for counting appearances (docs/product.md, Plans and payment). */
    const shownIds = new WeakMap<CachedAnswer, number[]>();
    fastify.decorate('listing', {
      index,
      cards: (ids, now) => listedCards(fastify.database, ids, now),
      isListed: (id, now) => isListed(fastify.database.db, id, now),
      zipPlace: (zip) => findZipPlace(fastify.database.db, zip),
      async search(search, now) {
        // An empty answer also says what would find vets (search-relaxations.ts).
        const read = async () => withRelaxations(await index.search(search, now), search, (other) => index.search(other, now));
        const made = (answer: CachedAnswer, found: { data: { id: number }[] }) => shownIds.set(answer, [...new Set(found.data.map((doctor) => doctor.id))]);
        // A map box is never kept: its edges come from a pan or a zoom and are almost never asked twice, and its up to
        // 1,000 markers (63 KB) would push out a dozen other answers (docs/decisions/269-map-box-answers-sent-from-lent-buffers.md).
        // The key holds what changes an answer over time: the Sponsored rotation window, and the minute for 'open now'.
        const answer = search.bounds
          ? (await searches.once(read, made))!
          : (await searches.answer(
              JSON.stringify([search, Math.floor(now.getTime() / SPONSOR_ROTATION_MS), search.openNow ? Math.floor(now.getTime() / 60_000) : 0]),
              read,
              made,
            ))!;
        return { answer, shown: shownIds.get(answer) ?? [] };
      },
      // A page moves with the minute ('open now'); a listing change drops every page of its vet.
      page: (id, now, read) => pages.answer(`${id}|${Math.floor(now.getTime() / 60_000)}`, read),
    } satisfies Listing);
  },
  { name: 'listing', dependencies: ['database', 'observability'] },
);
