// Short-lived cache of search answers (docs/decisions/037-search-cache.md; docs/product.md, 2.2a). An entry lives
// SEARCH_CACHE_SECONDS at most (30 by default), and every write that can change what a search shows calls
// `bumpSearchVersion()`, which makes every cached answer of this process stale at once; with
// REDIS_URL set the bump is also published so every app server drops its entries.
//
// Who must call bumpSearchVersion(): anything that changes a vet's listing — approval, rejection
// or suspension of an account (users), a profile edit (profiles), a plan bought, changed or ended
// (payments), a practice photo added, changed or removed (it shows on the public page).
// `updateUser`, `saveProfile`, the photo functions and the commands in
// server/payments/subscriptions.ts do. Profile pages (get-by-id) are cached the same way.
// The public article answers (server/routes/api/articles/article-routes.ts) are kept in the same
// kind of cache under the same version, so an article edited, published, withdrawn or deleted
// (article-editor.ts) bumps it too: one version, one Redis channel, for every public answer cached.
import { cachedAnswer, type CachedAnswer } from '../../../lib/http-cache';

const MAX_ENTRIES = 5_000;
/** About 16 MB of answers a cache (JavaScript keeps most answer text at one byte a character). */
const MAX_CHARS = 16_000_000;

let version = 0;
const bumpListeners = new Set<() => void>();

/** Makes every cached search answer stale (here, and on other servers through Redis when set up). */
export function bumpSearchVersion(): void {
  version += 1;
  for (const listener of bumpListeners) listener();
}

/** Bumps only this process's version: for a bump announced by another server. */
export function bumpLocalSearchVersion(): void {
  version += 1;
}

export function currentSearchVersion(): number {
  return version;
}

/** Called on every local bump (the Redis publisher). Returns the function that removes it. */
export function onSearchVersionBump(listener: () => void): () => void {
  bumpListeners.add(listener);
  return () => bumpListeners.delete(listener);
}

/**
 * A bounded map of answers; entries older than the TTL or than the last bump are misses. Bounded
 * by count and by the characters of the answers kept: a client asking for many different large
 * answers (article lists of 100 articles with every search word it can think of) only pushes the
 * oldest ones out, and cannot make the server hold more than MAX_CHARS for it.
 */
export class SearchCache {
  private readonly entries = new Map<string, { value: CachedAnswer; version: number; until: number }>();
  private chars = 0;

  /** `ttlMs` 0 turns the cache off. */
  constructor(
    private readonly ttlMs: number,
    private readonly maxChars = MAX_CHARS,
  ) {}

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version || entry.until <= Date.now()) {
      this.drop(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: CachedAnswer, versionAtStart: number): void {
    // An answer computed while a bump happened may be stale already: keep it out.
    if (versionAtStart !== version || this.ttlMs <= 0 || value.json.length > this.maxChars) return;
    this.drop(key);
    while (this.entries.size >= MAX_ENTRIES || this.chars + value.json.length > this.maxChars) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.drop(oldest.value);
    }
    this.entries.set(key, { value, version, until: Date.now() + this.ttlMs });
    this.chars += value.json.length;
  }

  /** Characters of the answers kept (for tests). */
  get size(): { entries: number; chars: number } {
    return { entries: this.entries.size, chars: this.chars };
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.chars -= entry.value.json.length;
  }

  /**
   * The answer kept for `key`, or the one `read` makes now, kept unless the version moved while it
   * read; undefined (and nothing kept) when `read` finds nothing. `made` sees each new answer with
   * the body it was made from.
   */
  async answer<T>(key: string, read: () => Promise<T | undefined>, made?: (answer: CachedAnswer, body: T) => void): Promise<CachedAnswer | undefined> {
    const kept = this.get(key);
    if (kept) return kept;
    const versionAtStart = version;
    const body = await read();
    if (body === undefined) return undefined;
    const fresh = cachedAnswer(body);
    made?.(fresh, body);
    this.set(key, fresh, versionAtStart);
    return fresh;
  }

  clear(): void {
    this.entries.clear();
    this.chars = 0;
  }
}
