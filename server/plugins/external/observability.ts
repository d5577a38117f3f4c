// What an operator sees of a running server (docs/product.md 23.2, docs/decisions/119-readiness-and-metrics.md):
// one JSON log line per request, with its id and no secrets, and the Prometheus metrics GET /metrics
// answers (server/routes/metrics): requests and their latency per route pattern, the e-mail outbox, the
// search index, the answer caches' hit rates, the event loop's delay, the database's connections, backups.
// Each app has its own registry, so several apps in one process (tests) never share counters.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { migrationsFolder } from '../../db/client';
import { PgliteWorkerClient } from '../../db/pglite-worker';
import { rowsOf } from '../../lib/sql-rows';

/** What GET /api/ready checks (docs/product.md 23.2). */
export interface Readiness {
  ready: boolean;
  checks: { database: boolean; migrations: boolean; search_index: boolean };
}

export interface Metrics {
  registry: Registry;
  /** The look-up counter of one answer cache (AnswerCache's onLookup): hits and misses per cache name. */
  cacheLookups(cache: string): (hit: boolean) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
    /** Whether this server can take traffic: the database answers, every migration is applied, the search index is loaded. */
    readiness(): Promise<Readiness>;
  }
}

/** The migrations this version ships (drizzle's journal); the database must hold at least as many. */
const shippedMigrations = (JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

/** Seconds; from a cached answer (about a millisecond) to a request near the 30 s time limit. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The route pattern Fastify matched (`/api/doctors/:id`), never the address asked for: one label per route, whatever clients send. */
function routeOf(request: { routeOptions: { url?: string } }): string {
  return request.routeOptions.url ?? 'no route';
}

async function outboxFacts(fastify: FastifyInstance): Promise<{ pending: number; failed: number; oldest: number }> {
  const result = await fastify.database.db.execute(
    sql`SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE status = 'failed')::int AS failed,
      coalesce(${fastify.clock.now().getTime() / 1000}::float8 - extract(epoch FROM min(created_at) FILTER (WHERE status = 'pending'))::float8, 0) AS oldest
      FROM email_outbox WHERE status <> 'sent'`,
  );
  return rowsOf<{ pending: number; failed: number; oldest: number }>(result)[0]!;
}

export default fp(
  async (fastify) => {
    const registry = new Registry();
    // Process figures: CPU, memory, heap, and the event loop's delay (nodejs_eventloop_lag_*), measured by Node's monitor.
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

    const requests = new Counter({
      name: 'animal_doctor_http_requests_total',
      help: 'Requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    const latency = new Histogram({
      name: 'animal_doctor_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by method and route pattern.',
      labelNames: ['method', 'route'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    const cache = new Counter({
      name: 'animal_doctor_cache_lookups_total',
      help: 'Look-ups in the answer caches, by cache and result (hit or miss).',
      labelNames: ['cache', 'result'] as const,
      registers: [registry],
    });

    // Figures read when Prometheus asks, not kept up to date on every change.
    // One statement per scrape for the three outbox figures: the registry reads every family at once, so
    // the first to ask starts the statement and the others wait for the same answer.
    let outboxRead: ReturnType<typeof outboxFacts> | undefined;
    const outbox = () =>
      (outboxRead ??= outboxFacts(fastify).finally(() => {
        outboxRead = undefined;
      }));
    new Gauge({
      name: 'animal_doctor_outbox_pending',
      help: 'E-mails waiting in the outbox.',
      registers: [registry],
      async collect() {
        this.set((await outbox()).pending);
      },
    });
    new Gauge({
      name: 'animal_doctor_outbox_failed',
      help: 'E-mails the outbox gave up on.',
      registers: [registry],
      async collect() {
        this.set((await outbox()).failed);
      },
    });
    new Gauge({
      name: 'animal_doctor_outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest e-mail still waiting in the outbox (0 when none waits).',
      registers: [registry],
      async collect() {
        this.set(Math.max(0, (await outbox()).oldest));
      },
    });
    new Gauge({
      name: 'animal_doctor_search_index_vets',
      help: 'Listed vets held by the in-memory search index.',
      registers: [registry],
      collect() {
        this.set(fastify.listing.index.size);
      },
    });
    new Gauge({
      name: 'animal_doctor_search_index_loads',
      help: 'Whole loads of the search index since this server started: the first, then one after an hour without searches or after a batch of more than 10,000 changed vets.',
      registers: [registry],
      collect() {
        this.set(fastify.listing.index.loads);
      },
    });
    new Gauge({
      name: 'animal_doctor_search_index_lag_seconds',
      help: 'How long the newest listing change has waited unread by the search index (0 when it has read every change; -1 before the first load). The index reads the change log before a search that comes a second or more after its last look, so a high value with no searches is harmless.',
      registers: [registry],
      async collect() {
        const { index } = fastify.listing;
        if (!index.loaded) return this.set(-1);
        const result = await fastify.database.db.execute(sql`SELECT coalesce(extract(epoch FROM max(at)) * 1000, 0)::float8 AS newest FROM doctor_search_log`);
        const newest = rowsOf<{ newest: number }>(result)[0]!.newest;
        this.set(newest > index.lastLookAt ? Math.max(0, (fastify.clock.now().getTime() - newest) / 1000) : 0);
      },
    });
    new Gauge({
      name: 'animal_doctor_db_clients',
      help: 'Database connections by state: on PostgreSQL the pool (total, idle, waiting requests); on the embedded database its one thread (total 1, idle 1 or 0, waiting statements).',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const { pool, db } = fastify.database;
        if (pool) {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
          return;
        }
        const client = (db as unknown as { $client: unknown }).$client;
        const load = client instanceof PgliteWorkerClient ? client.load : { running: 0, waiting: 0, inTransaction: false };
        this.set({ state: 'total' }, 1);
        this.set({ state: 'idle' }, load.running === 0 && !load.inTransaction ? 1 : 0);
        this.set({ state: 'waiting' }, load.waiting);
      },
    });
    // Embedded database only: on PostgreSQL backups are the database server's (no series, so no alert).
    if (fastify.database.engine === 'pglite') {
      new Gauge({
        name: 'animal_doctor_backup_last_success_timestamp_seconds',
        help: 'When the newest backup in DATA_DIR/backups was taken (0 when there is none).',
        registers: [registry],
        collect() {
          this.set((fastify.backups?.lastSuccessAt() ?? 0) / 1000);
        },
      });
    }
    new Gauge({
      name: 'animal_doctor_ready',
      help: '1 when GET /api/ready would answer 200.',
      registers: [registry],
      async collect() {
        this.set((await fastify.readiness()).ready ? 1 : 0);
      },
    });

    fastify.decorate('readiness', async (): Promise<Readiness> => {
      let database = false;
      let migrations = false;
      try {
        const result = await fastify.database.db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
        database = true;
        migrations = rowsOf<{ n: number }>(result)[0]!.n >= shippedMigrations;
      } catch {
        // The database does not answer (or is being opened again): not ready.
      }
      const searchIndex = fastify.listing.index.loaded;
      return { ready: database && migrations && searchIndex, checks: { database, migrations, search_index: searchIndex } };
    });

    fastify.decorate('metrics', {
      registry,
      cacheLookups: (name: string) => {
        const hit = cache.labels({ cache: name, result: 'hit' });
        const miss = cache.labels({ cache: name, result: 'miss' });
        return (found: boolean) => (found ? hit : miss).inc();
      },
    } satisfies Metrics);

    // One line per request (Fastify's own two are off, server/fastify-options.ts): its id (pino's reqId), the
    // route pattern and the path without its query string, which may carry a token; headers are never logged.
    fastify.addHook('onResponse', async (request, reply) => {
      const route = routeOf(request);
      const seconds = reply.elapsedTime / 1000;
      requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      latency.observe({ method: request.method, route }, seconds);
      request.log.info(
        { method: request.method, route, path: request.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
        'request',
      );
    });
  },
  { name: 'observability', dependencies: ['database'] },
);
