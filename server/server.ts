// The process: read config, open the database, build the app, listen, shut down cleanly.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { prepareDatabase } from './db/prepare';
import { copyPreparedData, makePreparedData, renewDemoPasswords } from './db/prepared-data';
import { DataDirLockedError } from './db/data-dir-lock';
import app from './app';
import { fastifyOptions, loggerOptions } from './fastify-options';
import { closeOnSignals } from './shutdown';

const PREPARE_ONLY = '--prepare-only';
/** `npm install`'s build step: the data folders a first start copies (./db/prepared-data.ts). */
const PREPARE_DATA = '--prepare-data';

async function main(): Promise<void> {
  if (process.argv.includes(PREPARE_DATA)) return makePreparedData((line) => console.log(line));
  const config = loadConfig();
  const prepareOnly = process.argv.includes(PREPARE_ONLY);
  let copied = false;
  if (!prepareOnly && !config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION')) && process.argv[1]) {
    // A new data folder with demo data: a copy of what `npm install` prepared, when it fits this version.
    const started = Date.now();
    copied = config.demoData && copyPreparedData(config.dataDir, config.demoImport ? 'demo-import' : 'demo', started);
    if (copied) console.log(`Copied the prepared zip codes and demo data into ${config.dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    // Else create it, load the zip codes and the demo data in a child process (this
    // same program), because PGlite's WASM heap keeps what that one-off work touched (about 150 MB)
    // for the life of the process that did it (docs/decisions/046-server-memory.md).
    const child = copied
      ? undefined
      : spawnSync(process.execPath, [...process.execArgv, process.argv[1], PREPARE_ONLY], { stdio: 'inherit', env: process.env });
    if (child && child.status !== 0) process.exit(1);
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    owner: 'server',
    worker: config.pglite.worker,
    statementTimeoutMs: config.pglite.statementTimeoutMs,
    spareThread: true,
  });
  await prepareDatabase(database, config, (line) => console.log(line));
  if (copied) await renewDemoPasswords(database, (line) => console.log(line));
  if (prepareOnly) {
    await database.close();
    return;
  }
  const fastify = Fastify(fastifyOptions(config, loggerOptions(config)));
  await fastify.register(app, { config, database });

  closeOnSignals(fastify, database, config.shutdownGraceMs);

  await fastify.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = fastify.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Animal Doctor is running at http://${shown}:${port} (database: ${database.engine})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`Animal Doctor cannot start: ${error.message}`);
  } else {
    console.error('Animal Doctor cannot start:', error);
  }
  process.exit(1);
});
