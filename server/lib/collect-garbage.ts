// One full garbage collection, when node runs with --expose-gc (as `npm start` does: server/runtime.ts).
// Called after a one-time load (the search index) whose garbage would otherwise keep the heap near
// its peak until memory pressure forces a full collection, which an idle server never feels:
// 295-329 MB at 100k vets without it, 269-274 MB with it (docs/decisions/083). Elsewhere a no-op.
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return;
  gc();
  // A second collection a moment later gives back the pages the first one freed (V8 keeps them
  // pooled until the next full collection).
  setTimeout(gc, 2_000).unref();
}
