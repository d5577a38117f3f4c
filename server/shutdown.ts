// The process's clean stop on SIGTERM/SIGINT: requests in flight finish, then the database closes, and
// whatever is left after the grace period does not keep the process (docs/decisions/130-a-timeout-reopens-the-database-in-a-spare-thread.md).
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client';

export function closeOnSignals(fastify: Pick<FastifyInstance, 'close' | 'server' | 'log'>, database: Database, graceMs: number): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    fastify.log.info(`${signal} received, closing`);
    // Requests in flight finish (new connections are refused, new requests on open connections get
    // 503), but one that never finishes must not keep the process from stopping. The default grace
    // (SHUTDOWN_GRACE_MS, 25 s) fits inside the usual 30 s between an orchestrator's SIGTERM and SIGKILL.
    // NOTE: process.exit ends the database's worker thread too, even inside WebAssembly, as long as nothing
    // has paused that thread (nothing does since an inspector session that could was removed).
    setTimeout(() => {
      console.error('Animal Doctor: shutdown took too long, exiting');
      process.exit(1);
    }, graceMs).unref();
    // A keep-alive connection whose request was in flight turns idle only after the close began, and
    // Node closes idle connections once, at close: without this it would hold the process open until
    // the keep-alive timeout (72 s) ran out. Idle connections are closed as they appear; requests still
    // running are not touched.
    setInterval(() => fastify.server.closeIdleConnections(), 100).unref();
    try {
      await fastify.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
