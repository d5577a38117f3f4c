// A process for server/db/pglite-timeouts.test.ts: the embedded database on a data folder in its worker
// thread with a 250 ms statement limit, the server's own SIGTERM handling (server/shutdown.ts), and a loop
// of statements that each run over the limit. It prints a line per phase, so the test can send SIGTERM
// while a statement is stuck or while the database is being opened again.
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client';
import { closeOnSignals } from '../shutdown';

const [dataDir, graceMs] = [process.argv[2]!, Number(process.argv[3])];
const database = await openDatabase({
  dataDir,
  owner: 'timeouts fixture',
  statementTimeoutMs: 250,
  spareThread: true,
  log: (line) => console.log(line.startsWith('a database statement ran') ? 'restarting' : line.startsWith('the database was opened again') ? 'opened' : line),
});
closeOnSignals(Fastify(), database, graceMs);
console.log('ready');
for (let i = 0; ; i++) {
  console.log(`running ${i}`);
  const error = await database.db.execute(sql`select count(*) from generate_series(1, 2000000000)`).then(
    () => undefined,
    (failed: unknown) => failed as Error & { cause?: Error },
  );
  // Closed by the shutdown: stop asking (a refusal that never waits would keep the loop from yielding).
  if (!error || /closed/.test(`${error.message} ${error.cause?.message}`)) break;
}
