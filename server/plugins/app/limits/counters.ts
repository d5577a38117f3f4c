// Fixed-window counters for per-account and per-address limits, each checked and increased in one
// atomic step (a Lua script in Redis; no await between read and write in memory): in Redis when REDIS_URL is set (so
// several app servers share them, docs/product.md, Beyond one machine), otherwise in this process's memory.
// A window ends by the app's clock (docs/decisions/095-one-clock.md), in Redis too: each key holds its
// count and the moment its window ends, and Redis's own expiry only clears keys nobody reads.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Clock } from '../../../lib/clock';

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
function memoryCounters(clock: Clock, maxEntries?: number): Counters {
  const entries = new Map<string, { count: number; until: number }>();
  const now = () => clock.now().getTime();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.until <= now()) {
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
      const entry = live(key) ?? { count: 0, until: now() + windowMs };
      entry.count += 1;
      entries.set(key, entry);
      sweep();
      return entry.count;
    },
    async ttl(key) {
      const entry = live(key);
      return entry ? entry.until - now() : 0;
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
      entries.set(key, { count: 1, until: now() + ttlMs });
      sweep();
      return true;
    },
  };
}

// Each key is a hash { c: count, u: end of the window in ms by the app's clock }; ARGV[1] is that clock's now.
const LIVE = "local u = tonumber(redis.call('HGET', KEYS[1], 'u') or '0') local live = u > tonumber(ARGV[1])";
const SCRIPTS = {
  get: `${LIVE} if not live then return 0 end return tonumber(redis.call('HGET', KEYS[1], 'c') or '0')`,
  hit: `${LIVE}
    if live then return redis.call('HINCRBY', KEYS[1], 'c', 1) end
    redis.call('HSET', KEYS[1], 'c', 1, 'u', tonumber(ARGV[1]) + tonumber(ARGV[2]))
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    return 1`,
  ttl: `${LIVE} if not live then return 0 end return u - tonumber(ARGV[1])`,
  decrement: `${LIVE} if live and tonumber(redis.call('HGET', KEYS[1], 'c') or '0') > 0 then redis.call('HINCRBY', KEYS[1], 'c', -1) end return 0`,
  claim: `${LIVE}
    if live then return 0 end
    redis.call('HSET', KEYS[1], 'c', 1, 'u', tonumber(ARGV[1]) + tonumber(ARGV[2]))
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    return 1`,
};

function redisCounters(redis: Redis, keyPrefix: string, clock: Clock): Counters {
  // NOTE: 'window:' and not the former 'limit:' (plain INCR strings): a server of the old build
  // sharing the Redis cannot meet a hash where it expects a number.
  const prefix = `${keyPrefix}window:`;
  const run = async (script: keyof typeof SCRIPTS, key: string, ms = 0) =>
    Number(await redis.eval(SCRIPTS[script], 1, prefix + key, clock.now().getTime(), ms));
  return {
    get: (key) => run('get', key),
    hit: (key, windowMs) => run('hit', key, windowMs),
    ttl: (key) => run('ttl', key),
    async reset(key) {
      await redis.del(prefix + key);
    },
    async decrement(key) {
      await run('decrement', key);
    },
    claim: async (key, ttlMs) => (await run('claim', key, ttlMs)) === 1,
  };
}

/**
 * Counters of their own in Redis when REDIS_URL is set (shared by every app server), else in memory; there at most
 * maxEntriesInMemory keys, the oldest forgotten first. For a set where forgetting a key is harmless (views already
 * counted) and that must not crowd out the limits in `fastify.counters`.
 */
export function boundedCounters(fastify: FastifyInstance, maxEntriesInMemory: number): Counters {
  return fastify.redis ? redisCounters(fastify.redis, fastify.config.redisKeyPrefix, fastify.clock) : memoryCounters(fastify.clock, maxEntriesInMemory);
}

export default fp(
  async (fastify) => {
    fastify.decorate('counters', fastify.redis ? redisCounters(fastify.redis, fastify.config.redisKeyPrefix, fastify.clock) : memoryCounters(fastify.clock));
  },
  { name: 'counters', dependencies: ['security'] },
);
