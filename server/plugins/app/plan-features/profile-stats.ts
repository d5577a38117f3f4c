// Profile statistics counting (docs/product.md section 5, docs/product.md, Plans and payment): public
// pages only add to an in-memory tally; a timer writes the tally every few seconds (and on close)
// in one INSERT ... ON CONFLICT DO UPDATE that adds to the per-vet, per-UTC-day row. Bots and the
// vet's own visits are not counted, and a view only once per client address, profile and UTC day (docs/product.md
// 5.8). A crash loses at most the last few seconds of counts. The day is the app clock's (fastify.clock).
// The same write adds the day's searches and profile views of the whole site to site_daily_stats, one row a
// day, for the administrators' dashboard (docs/product.md section 24, migration 0021).
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { OWN_PROFILE_COOKIE } from '../../../../shared/constants/messages';
import { boundedCounters } from '../limits/counters';
import type { DbOrTx } from '../../../db/client';

export type StatKind = 'views' | 'appearances' | 'clicks_phone' | 'clicks_website' | 'clicks_directions' | 'messages';
/** A tally this large is written at once rather than waiting for the timer. */
const MAX_PENDING_ROWS = 5_000;
/** Views already counted today that one server remembers without Redis (about 15 MB); beyond, the oldest may count again. */
const VIEWS_REMEMBERED_IN_MEMORY = 100_000;

// Crawlers, link previews, monitors and scripts. An empty user agent is not a person's browser either.
const BOT_UA =
  /bot|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|monitor|uptime|lighthouse|pingdom|curl|wget|httpie|python-|go-http-client|java\/|okhttp|axios|node-fetch|undici|libwww|scrapy|phantomjs/i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT_UA.test(userAgent);
}

export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export interface ProfileStats {
  /** Adds to a vet's count for today (UTC). */
  record(userId: number, kind: StatKind, count?: number): void;
  /**
   * Records a public event unless the request comes from a bot, is a browser's prefetch, or comes from the vet
   * themself (their Bearer token on API calls; on a page the server sends, the web app's OWN_PROFILE_COOKIE).
   * A view counts only the first time today (UTC) that its client address opens that profile.
   */
  recordFromRequest(request: FastifyRequest, userIds: readonly number[], kind: StatKind): Promise<void>;
  /** Counts one search of the doctor search for the whole site's figure of the day (not a bot's, not a prefetch). */
  recordSearch(request: FastifyRequest): void;
  /** Writes the tally now; resolves when it is stored. */
  flush(): Promise<void>;
  /** Rows waiting in memory (for tests and health). */
  pending(): number;
}

interface SiteCounts {
  searches: number;
  profileViews: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    profileStats: ProfileStats;
  }
}

export default fp(
  async (fastify) => {
    const { db } = fastify.database;
    let tally = new Map<string, Record<StatKind, number>>();
    /** The whole site's counts per UTC day, written with the tally. */
    let siteTally = new Map<string, SiteCounts>();
    let writing: Promise<void> = Promise.resolve();

    const writeSite = async (tx: DbOrTx, site: Map<string, SiteCounts>) => {
      if (site.size === 0) return;
      const values = [...site].map(([day, c]) => sql`(${day}::date, ${c.searches}::int, ${c.profileViews}::int)`);
      await tx.execute(sql`
        INSERT INTO site_daily_stats AS s (day, searches, profile_views) VALUES ${sql.join(values, sql`, `)}
        ON CONFLICT (day) DO UPDATE SET searches = s.searches + excluded.searches, profile_views = s.profile_views + excluded.profile_views`);
    };

    const writeVets = async (tx: DbOrTx, rows: Map<string, Record<StatKind, number>>) => {
      if (rows.size === 0) return;
      const values = [...rows].map(([key, c]) => {
        const [userId, day] = key.split('|') as [string, string];
        return sql`(${Number(userId)}::int, ${day}::date, ${c.views}::int, ${c.appearances}::int, ${c.clicks_phone}::int, ${c.clicks_website}::int, ${c.clicks_directions}::int, ${c.messages}::int)`;
      });
      // NOTE: joined with users so that a vet deleted since the event does not fail the whole batch.
      await tx.execute(sql`
        INSERT INTO profile_daily_stats AS s (user_id, day, views, appearances, clicks_phone, clicks_website, clicks_directions, messages)
        SELECT v.* FROM (VALUES ${sql.join(values, sql`, `)}) AS v(user_id, day, views, appearances, clicks_phone, clicks_website, clicks_directions, messages)
        JOIN users u ON u.id = v.user_id
        ON CONFLICT (user_id, day) DO UPDATE SET
          views = s.views + excluded.views, appearances = s.appearances + excluded.appearances,
          clicks_phone = s.clicks_phone + excluded.clicks_phone, clicks_website = s.clicks_website + excluded.clicks_website,
          clicks_directions = s.clicks_directions + excluded.clicks_directions, messages = s.messages + excluded.messages`);
    };
    /** Both tallies in one transaction: the site's views a day never run ahead of the vets' rows. */
    const write = async (rows: Map<string, Record<StatKind, number>>, site: Map<string, SiteCounts>) => {
      if (rows.size === 0 && site.size === 0) return;
      await db.transaction(async (tx) => {
        await writeSite(tx, site);
        await writeVets(tx, rows);
      });
    };

    const flush = (): Promise<void> => {
      const rows = tally;
      const site = siteTally;
      tally = new Map();
      siteTally = new Map();
      writing = writing.then(() => write(rows, site)).catch((error: unknown) => fastify.log.error({ err: error }, 'profile statistics not written'));
      return writing;
    };

    const recordSite = (day: string, kind: keyof SiteCounts, count: number) => {
      let row = siteTally.get(day);
      if (!row) {
        row = { searches: 0, profileViews: 0 };
        siteTally.set(day, row);
      }
      row[kind] += count;
    };

    const record = (userId: number, kind: StatKind, count = 1) => {
      const day = utcDay(fastify.clock.now());
      if (kind === 'views') recordSite(day, 'profileViews', count);
      const key = `${userId}|${day}`;
      let row = tally.get(key);
      if (!row) {
        row = { views: 0, appearances: 0, clicks_phone: 0, clicks_website: 0, clicks_directions: 0, messages: 0 };
        tally.set(key, row);
      }
      row[kind] += count;
      if (tally.size >= MAX_PENDING_ROWS) void flush();
    };

    /** The signed-in account behind a request's optional session token, or the id a page load's cookie names. */
    const viewerId = async (request: FastifyRequest): Promise<number | undefined> => {
      const header = request.headers.authorization;
      if (header?.startsWith('Bearer ')) return (await fastify.userFromSessionToken(header.slice(7)).catch(() => undefined))?.id;
      // NOTE: the cookie is not proof of identity; forging it only leaves one's own visits uncounted, as a bot's are.
      const own = new RegExp(`(?:^|;\\s*)${OWN_PROFILE_COOKIE.name}=(\\d{1,9})(?:;|$)`).exec(request.headers.cookie ?? '')?.[1];
      return own ? Number(own) : undefined;
    };
    // In Redis when REDIS_URL is set, so a second view through another app server is not counted either.
    const viewsSeen = boundedCounters(fastify, VIEWS_REMEMBERED_IN_MEMORY);
    /** True the first time today (UTC) this client address views this profile; one atomic step (SET NX in Redis). */
    const firstViewToday = async (request: FastifyRequest, userId: number): Promise<boolean> => {
      const now = fastify.clock.now();
      const day = utcDay(now);
      // A hash: client addresses are not kept as they are.
      const key = `view:${createHash('sha256').update(`${request.ip}|${userId}|${day}`).digest('base64url').slice(0, 22)}`;
      const untilTomorrow = Date.parse(`${day}T00:00:00Z`) + 86_400_000 - now.getTime();
      return viewsSeen.claim(key, untilTomorrow + 60_000).catch((error: unknown) => {
        fastify.log.warn({ err: error }, 'profile statistics: view not counted (the set of counted views could not be reached)');
        return false;
      });
    };
    /** A page or call the browser fetched ahead in case it is opened: not a visit. */
    const isPrefetch = (request: FastifyRequest) => /prefetch|prerender/i.test(`${request.headers['sec-purpose'] ?? ''} ${request.headers.purpose ?? ''}`);

    fastify.decorate('profileStats', {
      record,
      async recordFromRequest(request, userIds, kind) {
        if (userIds.length === 0 || isBot(request.headers['user-agent']) || isPrefetch(request)) return;
        const viewer = await viewerId(request);
        for (const id of userIds) if (id !== viewer && (kind !== 'views' || (await firstViewToday(request, id)))) record(id, kind);
      },
      recordSearch(request) {
        if (isBot(request.headers['user-agent']) || isPrefetch(request)) return;
        recordSite(utcDay(fastify.clock.now()), 'searches', 1);
      },
      flush,
      pending: () => tally.size + siteTally.size,
    } satisfies ProfileStats);

    const timer = setInterval(() => void flush(), fastify.config.statsFlushMs);
    timer.unref();
    fastify.addHook('onClose', async () => {
      clearInterval(timer);
      await flush();
    });
  },
  { name: 'profile-stats', dependencies: ['database', 'security', 'authenticate'] },
);
