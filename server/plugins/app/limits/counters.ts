// Fixed-window counters for per-account and per-address limits, each checked and increased in one
// atomic step (INCR in Redis; no await between read and write in memory): in Redis when REDIS_URL is set (so
// several app servers share them, docs/product.md, Beyond one machine), otherwise in this process's memory.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

export interface Counters {
  /** Current count of a key in its window. */
  get(key: string): Promise<number>;
  /** Adds one and returns the new count; the window starts at the first hit. */
  hit(key: string, windowMs: number): Promise<number>;
  /** Milliseconds until the key's window ends (0 when no window is open). */
  ttl(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  /** Takes one back (a reserved attempt that was refused after all). */
  decrement(key: string): Promise<void>;
  /** Sets the key for ttlMs unless it is set; true when this call set it (one atomic step). */
  claim(key: string, ttlMs: number): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    counters: Counters;
  }
}

/** Keys kept in memory before the expired ones are swept. */
const SWEEP_AT = 50_000;

/**
 * Counters in this process's memory. With maxEntries, the oldest keys are forgotten beyond that many (for sets
 * where forgetting is harmless, such as views already counted); without it only expired keys go.
 */
function memoryCounters(maxEntries?: number): Counters {
  const entries = new Map<string, { count: number; until: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.until <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  // NOTE: the next sweep waits until the map has doubled, so many live keys do not make every call a full scan.
  let sweepAt = SWEEP_AT;
  const sweep = () => {
    if (entries.size > sweepAt) {
      for (const k of entries.keys()) live(k);
      sweepAt = Math.max(SWEEP_AT, entries.size * 2);
    }
    if (maxEntries === undefined) return;
    for (const k of entries.keys()) {
      if (entries.size <= maxEntries) break;
      entries.delete(k);
    }
  };
  return {
    async get(key) {
      return live(key)?.count ?? 0;
    },
    async hit(key, windowMs) {
      const entry = live(key) ?? { count: 0, until: Date.now() + windowMs };
      entry.count += 1;
      entries.set(key, entry);
      sweep();
      return entry.count;
    },
    async ttl(key) {
      const entry = live(key);
      return entry ? entry.until - Date.now() : 0;
    },
    async reset(key) {
      entries.delete(key);
    },
    async decrement(key) {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async claim(key, ttlMs) {
      if (live(key)) return false;
      entries.set(key, { count: 1, until: Date.now() + ttlMs });
      sweep();
      return true;
    },
  };
}

function redisCounters(redis: Redis, keyPrefix: string): Counters {
  const prefix = `${keyPrefix}limit:`;
  return {
    async get(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async hit(key, windowMs) {
      const [[, count]] = (await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .exec()) as [[unknown, number]];
      return count;
    },
    async ttl(key) {
      return Math.max(0, await redis.pttl(prefix + key));
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async decrement(key) {
      // Only while the window is open: DECR on a missing key would create one without expiry.
      await redis.eval("if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end return 0", 1, prefix + key);
    },
    async claim(key, ttlMs) {
      return (await redis.set(prefix + key, '1', 'PX', ttlMs, 'NX')) === 'OK';
    },
  };
}

/**
 * Counters of their own in Redis when REDIS_URL is set (shared by every app server), else in memory; there at most
 * maxEntriesInMemory keys, the oldest forgotten first. For a set where forgetting a key is harmless (views already
 * counted) and that must not crowd out the limits in `fastify.counters`.
 */
export function boundedCounters(fastify: FastifyInstance, maxEntriesInMemory: number): Counters {
  return fastify.redis ? redisCounters(fastify.redis, fastify.config.redisKeyPrefix) : memoryCounters(maxEntriesInMemory);
}

export default fp(
  async (fastify) => {
    fastify.decorate('counters', fastify.redis ? redisCounters(fastify.redis, fastify.config.redisKeyPrefix) : memoryCounters());
  },
  { name: 'counters', dependencies: ['security'] },
);
