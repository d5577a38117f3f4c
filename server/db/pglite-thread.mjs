// The worker thread that owns the embedded database (server/db/pglite-worker.ts starts it): PGlite runs
// here, off the server's main thread, so a long or looping statement stops this thread only and the
// server can end it and open the data folder again (docs/decisions/092-pglite-in-a-worker-thread.md).
// Plain JavaScript, so the same file runs from the source, in the tests and beside the compiled server.
// A thread starts as a spare: it does all of PGlite's start-up that does not touch the database (its
// code, its file bundle, the extensions), says 'loaded' and waits; told 'open', it starts PostgreSQL on
// the data folder (docs/decisions/130-a-timeout-reopens-the-database-in-a-spare-thread.md). After that,
// statements run one at a time, in the order they arrive; each answer carries the statement's id.
import { parentPort, workerData } from 'node:worker_threads';
import { MemoryFS, PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** @type {{ dataDir?: string, image?: Blob, settings: string[], wasmModule?: WebAssembly.Module, fsBundle?: Blob }} */
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

/** Resolved by the 'open' message: until then PostgreSQL does not start, so a spare never reads the data folder. */
let letOpen;
const opening = new Promise((resolve) => (letOpen = resolve));

/**
 * The file system PGlite would use (the data folder, or memory), held at its first step that concerns the
 * database: PGlite calls initialSyncFs after its code, bundle and extensions are loaded and before
 * PostgreSQL reads a file of the data folder. Mounting the folder before that only looks up its path.
 */
function gated(Base) {
  return class extends Base {
    async initialSyncFs() {
      port.postMessage({ type: 'loaded' });
      await opening;
      return super.initialSyncFs();
    }
  };
}

const created = PGlite.create({
  dataDir: options.dataDir,
  fs: options.dataDir ? new (gated(NodeFS))(options.dataDir) : new (gated(MemoryFS))(),
  loadDataDir: options.image,
  // NOTE: PGlite loads contrib code only when listed here; the migrations then CREATE EXTENSION as on PostgreSQL.
  extensions: { cube, pg_trgm },
  postgresqlconf: options.settings,
  // Compiled once by the main thread and shared by every thread it starts: a new thread neither compiles
  // PGlite again nor reads its file bundle from disk, and reuses the code the earlier threads compiled.
  pgliteWasmModule: options.wasmModule,
  fsBundle: options.fsBundle,
});

const keepText = (value) => value;

async function run(db, message) {
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

let db;
created.then(
  (opened) => {
    db = opened;
    port.postMessage({ type: 'ready' });
  },
  (error) => {
    port.postMessage({ type: 'failed', error: describe(error) });
    port.close();
  },
);
let turn = Promise.resolve();
port.on('message', (message) => {
  if (message.op === 'open') return letOpen();
  turn = turn.then(async () => {
    try {
      port.postMessage({ id: message.id, ok: true, result: await run(db, message) });
    } catch (error) {
      port.postMessage({ id: message.id, ok: false, error: describe(error) });
    }
  });
});
