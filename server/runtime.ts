// How the production server process is started (docs/decisions/083-server-memory-settings.md).
// `npm start` (package.json's start script) and the compiled server of the benchmarks and tests
// (server/reliability/processes.ts) use these; server/runtime.test.ts keeps package.json in step.
// They must be given before node starts: glibc reads its malloc settings once, at start-up.

/**
 * glibc's malloc: two arenas instead of eight per core, so what V8's and libuv's helper threads
 * free (compiling PGlite's WebAssembly, collecting garbage) is reused instead of kept in an arena
 * per thread; free memory over 1 MB at the top of the heap goes back to the system, and blocks of
 * 1 MB or more are mapped apart and returned when freed. About 80-100 MB less at 100k vets.
 */
export const MALLOC_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_TRIM_THRESHOLD_: '1048576',
  MALLOC_MMAP_THRESHOLD_: '1048576',
};

/**
 * V8: a young generation of 2 × 4 MB instead of its default 2 × 16 MB (12 MB less idle on the demo data than
 * 2 × 8 MB; the CPU a search costs stays within the noise: docs/decisions/268-a-young-generation-of-four-megabytes.md),
 * one helper thread for its background work (collecting, compiling) instead of one per core:
 * each kept a malloc arena and a stack, about 20 MB on 2 cores (docs/decisions/254-no-idle-spare-thread.md),
 * and `gc()` for one full collection after the search index loads (server/lib/collect-garbage.ts).
 */
export const NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4', '--v8-pool-size=1', '--expose-gc'];
