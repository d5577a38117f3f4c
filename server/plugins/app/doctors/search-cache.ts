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
import type { CachedAnswer } from '../../../lib/http-cache';

const MAX_ENTRIES = 5_000;

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

/** A bounded map of answers; entries older than the TTL or than the last bump are misses. */
export class SearchCache {
  private readonly entries = new Map<string, { value: CachedAnswer; version: number; until: number }>();

  /** `ttlMs` 0 turns the cache off. */
  constructor(private readonly ttlMs: number) {}

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version || entry.until <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: CachedAnswer, versionAtStart: number): void {
    // An answer computed while a bump happened may be stale already: keep it out.
    if (versionAtStart !== version || this.ttlMs <= 0) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, version, until: Date.now() + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }
}
