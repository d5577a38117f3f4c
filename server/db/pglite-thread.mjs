// The worker thread that owns the embedded database (server/db/pglite-worker.ts starts it): PGlite runs
// here, off the server's main thread, so a long or looping statement stops this thread only and the
// server can end it and open the data folder again (docs/decisions/092-pglite-in-a-worker-thread.md).
// Plain JavaScript, so the same file runs from the source, in the tests and beside the compiled server.
// Statements run one at a time, in the order they arrive; each answer carries the statement's id.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** @type {{ dataDir?: string, image?: Blob, settings: string[] }} */
const options = workerData;
const port = parentPort;
if (!port) throw new Error('pglite-thread.mjs runs only as a worker thread');

/** An error as plain data: its message and PostgreSQL's fields (code, detail, constraint, ...). */
function describe(error) {
  const plain = { name: 'Error', message: String(error) };
  if (error instanceof Error) {
    plain.name = error.name;
    plain.message = error.message;
    for (const [key, value] of Object.entries(error)) {
      if (key !== 'query' && key !== 'params' && key !== 'queryOptions' && (typeof value === 'string' || typeof value === 'number')) plain[key] = value;
    }
  }
  return plain;
}

const keepText = (value) => value;
let db;
try {
  db = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.image,
    // NOTE: PGlite loads contrib code only when listed here; the migrations then CREATE EXTENSION as on PostgreSQL.
    extensions: { cube, pg_trgm },
    postgresqlconf: options.settings,
  });
} catch (error) {
  port.postMessage({ type: 'failed', error: describe(error) });
  port.close();
}

async function run(message) {
  switch (message.op) {
    case 'query': {
      // The caller's value parsers are functions and cannot cross threads: the types it parses itself arrive as text.
      const parsers = Object.fromEntries(message.textTypes.map((type) => [type, keepText]));
      return await db.query(message.sql, message.params, { rowMode: message.rowMode, parsers });
    }
    case 'exec':
      return await db.exec(message.sql);
    case 'dump':
      return await db.dumpDataDir(message.compression);
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

if (db) {
  let turn = Promise.resolve();
  port.on('message', (message) => {
    turn = turn.then(async () => {
      try {
        port.postMessage({ id: message.id, ok: true, result: await run(message) });
      } catch (error) {
        port.postMessage({ id: message.id, ok: false, error: describe(error) });
      }
    });
  });
  port.postMessage({ type: 'ready' });
}
