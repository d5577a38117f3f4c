// `npm run build && DATABASE_URL=postgres://... npm run bench:restart -- [--rounds 3]`
// (or `-- --data-dir DIR`: a copy of a PGlite folder filled by `npm run seed`): how soon a restarted server
// serves. Each round starts the production server on a database that is already filled and measures, from
// the spawn: /api/health answering (liveness), the first search answering (sent as soon as health does),
// and /api/ready answering 200 (docs/product.md 23.2). Prints one row a round and the median.
// Figures: docs/performance.md, "Restart".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { machine, startBenchServer } from './support';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' }, 'data-dir': { type: 'string' } } });
const databaseUrl = process.env.DATABASE_URL ?? '';
if (!databaseUrl && !values['data-dir']) {
  console.error('Name the filled database: DATABASE_URL=postgres://... or --data-dir DIR.');
  process.exit(2);
}
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-restart-'));
const rows: { health: number; search: number; ready: number; size: number }[] = [];

for (let round = 0; round < Number(values.rounds); round++) {
  let env: Record<string, string>;
  if (databaseUrl) env = { DATABASE_URL: databaseUrl, DATA_DIR: work, DEMO_DATA: 'off' };
  else {
    const copy = path.join(work, `data-${round}`);
    fs.cpSync(values['data-dir']!, copy, { recursive: true });
    env = { DATA_DIR: copy, DEMO_DATA: 'off' };
  }
  const spawned = performance.now();
  const server = await startBenchServer(env);
  const health = performance.now() - spawned;
  const readyAt = (async () => {
    for (;;) {
      // Each probe has its own short time limit: one stuck behind a busy moment of the server is asked again.
      const status = await fetch(`${server.url}/api/ready`, { signal: AbortSignal.timeout(500) }).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) return performance.now() - spawned;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const answer = await fetch(`${server.url}/api/doctors/search?searchZipCode=10001&radius=25`);
  const search = performance.now() - spawned;
  const body = (await answer.json()) as { totalCount?: number };
  if (answer.status !== 200) throw new Error(`The first search answered ${answer.status}.`);
  const ready = await readyAt;
  rows.push({ health, search, ready, size: body.totalCount ?? 0 });
  await server.stop();
}
fs.rmSync(work, { recursive: true, force: true });

const ms = (n: number) => `${Math.round(n).toLocaleString('en-US')}`;
console.log(`\nRestart to first search — ${new Date().toISOString()} — ${databaseUrl ? 'PostgreSQL' : `PGlite copy of ${values['data-dir']}`} — ${machine()}`);
console.log('| round | /api/health ms | first search ms (zip 10001) | /api/ready 200 ms | results |');
console.log('| --- | --- | --- | --- | --- |');
rows.forEach((r, i) => console.log(`| ${i + 1} | ${ms(r.health)} | ${ms(r.search)} | ${ms(r.ready)} | ${r.size} |`));
const median = (pick: (r: (typeof rows)[number]) => number) => rows.map(pick).sort((a, b) => a - b)[Math.floor(rows.length / 2)]!;
console.log(`| median | ${ms(median((r) => r.health))} | ${ms(median((r) => r.search))} | ${ms(median((r) => r.ready))} | |`);
