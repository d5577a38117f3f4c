// Short-lived cache of public answers (docs/decisions/037-search-cache.md; docs/product.md, 2.2a):
// doctor searches and pages (plugins/app/listing), article lists and articles. An entry lives
// SEARCH_CACHE_SECONDS at most (30 by default). Who owns a cache clears it when a change it shows
// is announced (`fastify.changes`, docs/decisions/093-one-listing-module.md): the doctor caches on
// 'listing changed', the article cache on 'article changed', here and on every other app server.
import type { Clock } from './clock';
import { answerOnce, cachedAnswer, type CachedAnswer } from './http-cache';

const MAX_ENTRIES = 5_000;
/** About 16 MB of answers a cache (JavaScript keeps most answer text at one byte a character). */
const MAX_CHARS = 16_000_000;

/**
 * A bounded map of answers; entries older than the TTL or than the last clear are misses. Bounded
 * by count and by the characters of the answers kept: a client asking for many different large
 * answers (article lists of 100 articles with every search word it can think of) only pushes the
 * oldest ones out, and cannot make the server hold more than MAX_CHARS for it.
 */
export class AnswerCache {
  private readonly entries = new Map<string, { value: CachedAnswer; until: number }>();
  private chars = 0;
  /** Moves on every clear or drop: an answer read across one may show the state before the change. */
  private generation = 0;

  /** `ttlMs` 0 turns the cache off; entries end by `clock` (docs/decisions/095-one-clock.md). */
  constructor(
    private readonly ttlMs: number,
    private readonly clock: Clock,
    private readonly maxChars = MAX_CHARS,
    /** Told of every look-up, found or not: the hit rate on /metrics (docs/product.md 23.2). */
    private readonly onLookup?: (hit: boolean) => void,
  ) {}

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) {
      this.onLookup?.(false);
      return undefined;
    }
    if (entry.until <= this.clock.now().getTime()) {
      this.drop(key);
      this.onLookup?.(false);
      return undefined;
    }
    this.onLookup?.(true);
    return entry.value;
  }

  /** Keeps an answer, unless the cache was cleared since `generationAtStart` (see `answer`). */
  set(key: string, value: CachedAnswer, generationAtStart = this.generation): void {
    if (generationAtStart !== this.generation || this.ttlMs <= 0 || value.json.length > this.maxChars) return;
    this.drop(key);
    while (this.entries.size >= MAX_ENTRIES || this.chars + value.json.length > this.maxChars) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.drop(oldest.value);
    }
    this.entries.set(key, { value, until: this.clock.now().getTime() + this.ttlMs });
    this.chars += value.json.length;
  }

  /** Characters of the answers kept (for tests). */
  get size(): { entries: number; chars: number } {
    return { entries: this.entries.size, chars: this.chars };
  }

  /**
   * The answer kept for `key`, or the one `read` makes now, kept unless the cache was cleared while
   * it read; undefined (and nothing kept) when `read` finds nothing. `made` sees each new answer
   * with the body it was made from.
   */
  async answer<T>(key: string, read: () => Promise<T | undefined>, made?: (answer: CachedAnswer, body: T) => void): Promise<CachedAnswer | undefined> {
    // With the cache off nothing is kept: the answer is sent once, from lent bytes when it has any.
    if (this.ttlMs <= 0) return this.once(read, made);
    const kept = this.get(key);
    if (kept) return kept;
    const generationAtStart = this.generation;
    const body = await read();
    if (body === undefined) return undefined;
    const fresh = cachedAnswer(body);
    made?.(fresh, body);
    this.set(key, fresh, generationAtStart);
    return fresh;
  }

  /**
   * An answer `read` makes now, never kept nor looked up: sent once (answerOnce(), from lent bytes when it has a map
   * box's markers). For answers nobody asks twice: a map box's edges come from a pan or a zoom.
   */
  async once<T>(read: () => Promise<T | undefined>, made?: (answer: CachedAnswer, body: T) => void): Promise<CachedAnswer | undefined> {
    const body = await read();
    if (body === undefined) return undefined;
    const fresh = answerOnce(body);
    made?.(fresh, body);
    return fresh;
  }

  /** Forgets every answer (and keeps none read while this happened). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.chars = 0;
  }

  /** Forgets the answers whose keys start with `prefix` (and keeps none read while this happened). */
  dropPrefix(prefix: string): void {
    this.generation += 1;
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.drop(key);
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.chars -= entry.value.json.length;
  }
}
