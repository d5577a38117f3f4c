// `node --expose-gc --import tsx bench/index-load.ts DATA_DIR [ROWS_A_PAGE]` (or with DATABASE_URL set and `-` for
// DATA_DIR): loads the search index from a PGlite data folder (use a copy: the folder is opened and locked) or
// PostgreSQL in this process alone and
// prints the load's wall and CPU time and process.memoryUsage() before, after and after a full GC.
// Figures: docs/performance.md, Server memory.
import { openDatabase } from '../server/db/client';
import { SearchIndex } from '../server/plugins/app/listing/search-index';
import { systemClock } from '../server/lib/clock';
const mb = (n: number) => Math.round(n / 2 ** 20);
const show = (label: string) => {
  const u = process.memoryUsage();
  console.log(label, `rss ${mb(u.rss)} heapUsed ${mb(u.heapUsed)} heapTotal ${mb(u.heapTotal)} external ${mb(u.external)} ab ${mb(u.arrayBuffers)}`);
};
const database = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: process.argv[2]! });
await database.db.execute('select 1' as never).catch(() => undefined);
(globalThis as { gc?: () => void }).gc?.();
show('opened, after gc');
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const index = new SearchIndex(database, systemClock, ...(process.argv[3] ? [Number(process.argv[3])] : []));
await index.load();
const cpu = process.cpuUsage(cpu0);
console.log(`load ${Math.round(performance.now() - t0)} ms wall, ${Math.round((cpu.user + cpu.system) / 1000)} ms CPU, ${index.size} vets`);
show('loaded');
(globalThis as { gc?: () => void }).gc?.();
show('loaded, after gc');
await database.close();
