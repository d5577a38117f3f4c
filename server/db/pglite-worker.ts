// The embedded database in a worker thread (docs/decisions/092-pglite-in-a-worker-thread.md): the
// thread (./pglite-thread.mjs) owns PGlite; this side is the client drizzle's PGlite driver uses
// (query, exec, transaction). A statement that runs over the time limit fails with 503, and the
// thread is ended and the database opened again in a new thread (from the second restart on, a spare that has
// PGlite loaded already), so a stuck statement never stops the server
// (docs/decisions/130-a-timeout-reopens-the-database-in-a-spare-thread.md, 254-no-idle-spare-thread.md).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { DomainError, domainError } from '../lib/domain-error';
import { projectRoot } from '../lib/project-root';

/** The worker thread's program: a plain .mjs file under server/, found the same way from the source and the compiled server. */
const THREAD = path.join(projectRoot, 'server/db/pglite-thread.mjs');

export interface PgliteWorkerOptions {
  /** The PGlite data folder (pgdata); absent means in memory. */
  dataDir?: string | undefined;
  /** An in-memory database starts as a copy of this dump, and starts from it again after a restart. */
  image?: Blob | undefined;
  settings: string[];
  /**
   * After the first restart, keep a spare thread with PGlite loaded, so that opening the database again after
   * another timeout costs only PostgreSQL's start (the server; a spare holds about 50 MB, so none is kept before
   * a restart needs one). Without it every restart starts a thread from nothing.
   */
  spare?: boolean | undefined;
  /** Told when a statement ran over the limit (the SQL text, never its parameters) and when the restart ends. */
  log?: (line: string) => void;
}

/** What a request gets when the database did not answer in time or is being opened again. */
export function databaseUnavailable(): DomainError {
  return domainError(503, 'DATABASE_UNAVAILABLE', 'The database is not answering right now. Please try again in a minute.');
}

interface Statement {
  op: 'query' | 'exec' | 'dump' | 'close';
  sql?: string;
  params?: unknown[];
  rowMode?: 'array' | 'object';
  textTypes?: number[];
  compression?: string;
}

interface Sent {
  id: number;
  sql: string;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface Answer {
  id?: number;
  type?: 'loaded' | 'ready' | 'failed';
  ok?: boolean;
  result?: unknown;
  error?: Record<string, unknown> & { message: string; name: string };
}

interface TransactionClient {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** A PostgreSQL error from the thread, rebuilt with its fields (code, detail, constraint, ...) and this side's stack. */
function rebuildError(plain: Answer['error']): Error {
  const error = new Error(plain?.message ?? 'database error');
  Object.assign(error, plain);
  return error;
}

/** Parsers the caller gave, applied here to the columns the thread sent as text. */
function applyParsers<T>(result: Results<T>, options: QueryOptions | undefined): Results<T> {
  const parsers = options?.parsers;
  if (!parsers) return result;
  const columns = result.fields
    .map((field, index) => ({ index, name: field.name, type: field.dataTypeID, parse: parsers[field.dataTypeID] }))
    .filter((c) => c.parse);
  if (columns.length === 0) return result;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const column of columns) {
      const key = options?.rowMode === 'array' ? column.index : column.name;
      const value = row[key];
      if (typeof value === 'string') row[key] = column.parse!(value);
    }
  }
  return result;
}

interface Artifacts {
  wasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

let artifacts: Promise<Artifacts> | undefined;
/**
 * PGlite's compiled WebAssembly and its file bundle, read and compiled once per process and handed to
 * every thread: a new thread skips compiling 9 MB of code and reading 6 MB from disk, and a module shared
 * between threads keeps the code V8 compiled lazily for the earlier ones, so its first statements are not slow.
 */
function pgliteArtifacts(): Promise<Artifacts> {
  artifacts ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [wasm, bundle] = await Promise.all([fs.promises.readFile(path.join(dist, 'pglite.wasm')), fs.promises.readFile(path.join(dist, 'pglite.data'))]);
    return { wasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([bundle]) };
  })();
  artifacts.catch(() => (artifacts = undefined));
  return artifacts;
}

/** One worker thread: loading PGlite, a spare that has loaded it, opening the database, or open. */
class Thread {
  readonly worker: Worker;
  /** Settles once PGlite is loaded (the thread is a spare from then on). */
  readonly loaded: Promise<void>;
  /** Whether the thread stopped (or failed) before it was opened. */
  dead = false;
  /** Told every statement's answer once the database is open. */
  onAnswer: (answer: Answer) => void = () => undefined;
  /** Told when the thread fails or stops after the database opened. */
  onLost: (reason: string) => void = () => undefined;
  #phase: 'loading' | 'spare' | 'opening' | 'open' = 'loading';
  #opening: { resolve(): void; reject(error: Error): void } | undefined;

  constructor(options: PgliteWorkerOptions, shared: Artifacts) {
    const { dataDir, image, settings } = options;
    // execArgv: the thread runs plain JavaScript and needs none of the main thread's loaders (tsx, vitest).
    this.worker = new Worker(THREAD, { workerData: { dataDir, image, settings, ...shared }, execArgv: [] });
    // A spare never keeps the process alive; the open thread does until close().
    this.worker.unref();
    let loaded: { resolve(): void; reject(error: Error): void };
    this.loaded = new Promise<void>((resolve, reject) => (loaded = { resolve, reject }));
    this.loaded.catch(() => undefined);
    const lost = (reason: string, error: Error) => {
      if (this.#phase === 'open') return this.onLost(reason);
      this.dead = true;
      if (this.#phase === 'loading') loaded.reject(error);
      if (this.#phase === 'opening') this.#opening?.reject(error);
    };
    this.worker.on('message', (answer: Answer) => {
      if (answer.type === 'loaded') {
        this.#phase = 'spare';
        loaded.resolve();
      } else if (answer.type === 'ready') {
        this.#phase = 'open';
        this.#opening?.resolve();
      } else if (answer.type === 'failed') {
        this.dead = true;
        if (this.#phase === 'loading') loaded.reject(rebuildError(answer.error));
        else this.#opening?.reject(rebuildError(answer.error));
      } else this.onAnswer(answer);
    });
    this.worker.on('error', (error) => lost(`failed: ${error.message}`, error));
    this.worker.on('exit', (code) =>
      lost(`stopped (exit code ${code})`, new Error(`the database thread stopped (exit code ${code}) before the database opened`)),
    );
  }

  /** Opens the database in this thread (a spare): PostgreSQL starts on the data folder, or in memory from the image. */
  async open(): Promise<void> {
    await this.loaded;
    if (this.dead) throw new Error('the database thread stopped before the database opened');
    this.#phase = 'opening';
    const opened = new Promise<void>((resolve, reject) => (this.#opening = { resolve, reject }));
    this.worker.postMessage({ op: 'open' });
    await opened;
    this.worker.ref();
  }
}

export class PgliteWorkerClient {
  readonly #options: PgliteWorkerOptions;
  #thread: Thread | undefined;
  /** A thread with PGlite loaded, waiting to open the database when the open one is ended. */
  #spare: Thread | undefined;
  /** PGlite's compiled code and file bundle, shared by every thread (set by the first). */
  #shared: Artifacts | undefined;
  /** Bumped by every restart: a transaction begun in an earlier thread cannot go on in the new one. */
  #generation = 0;
  #nextId = 1;
  /** Statements sent to the thread, in order; the thread runs them one at a time, so the first one is running. */
  #sent: Sent[] = [];
  /** When the first statement of #sent started running. */
  #runningSince = 0;
  /** Work waiting for the thread: while a transaction is open, only its own statements go to the thread. */
  #waiting: (() => void)[] = [];
  #inTransaction = false;
  #restarting: Promise<void> | undefined;
  #closed = false;
  #statementTimeoutMs = Infinity;
  #watch: NodeJS.Timeout | undefined;

  private constructor(options: PgliteWorkerOptions) {
    this.#options = options;
  }

  static async open(options: PgliteWorkerOptions): Promise<PgliteWorkerClient> {
    const client = new PgliteWorkerClient(options);
    client.#thread = await client.#startThread();
    return client;
  }

  /** The thread's load for /metrics: statements sent and not answered, work waiting its turn, a transaction holding it. */
  get load(): { running: number; waiting: number; inTransaction: boolean } {
    return { running: this.#sent.length, waiting: this.#waiting.length, inTransaction: this.#inTransaction };
  }

  /** From now on a statement that runs longer than `ms` fails with 503 and the database is opened again in a new thread. */
  limitStatements(ms: number): void {
    this.#statementTimeoutMs = ms;
    clearInterval(this.#watch);
    this.#watch = setInterval(() => this.#checkTime(), Math.max(10, Math.min(1000, ms / 4)));
    this.#watch.unref();
  }

  async query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    await this.#turn();
    return applyParsers(await this.#send<Results<T>>(this.#queryStatement(sql, params, options), this.#generation), options);
  }

  async exec(sql: string): Promise<Results[]> {
    await this.#turn();
    return this.#send<Results[]>({ op: 'exec', sql }, this.#generation);
  }

  /** A copy of the whole database (PGlite's dumpDataDir): the tests keep a migrated one as the image of each file's database. */
  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'none'): Promise<Blob> {
    await this.#turn();
    return this.#send<Blob>({ op: 'dump', compression }, this.#generation);
  }

  /**
   * A consistent copy of the whole database for a backup (docs/decisions/118-backups-copy-the-data-folder.md):
   * holds the thread the way a transaction does, so the copy falls between transactions and holds all or
   * none of each; a CHECKPOINT first writes every page, so the copy opens without replaying the log.
   */
  async backupDump(): Promise<Blob> {
    await this.#turn(true);
    const generation = this.#generation;
    try {
      await this.#send({ op: 'exec', sql: 'CHECKPOINT' }, generation);
      return await this.#send<Blob>({ op: 'dump', compression: 'none' }, generation);
    } finally {
      this.#inTransaction = false;
      this.#next();
    }
  }

  /**
   * Runs `callback` in one transaction: BEGIN, its statements in order, COMMIT (ROLLBACK when it throws).
   * Statements from outside wait until it ends, as they do in PGlite itself.
   */
  async transaction<T>(callback: (tx: TransactionClient) => Promise<T>): Promise<T> {
    await this.#turn(true);
    const generation = this.#generation;
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: TransactionClient = {
      query: async <R>(sql: string, params: unknown[] = [], options?: QueryOptions) => {
        open();
        return applyParsers(await this.#send<Results<R>>(this.#queryStatement(sql, params, options), generation), options);
      },
      exec: async (sql: string) => {
        open();
        return this.#send<Results[]>({ op: 'exec', sql }, generation);
      },
      rollback: async () => {
        open();
        await this.#send({ op: 'exec', sql: 'ROLLBACK' }, generation);
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    try {
      await this.#send({ op: 'exec', sql: 'BEGIN' }, generation);
      const result = await callback(tx);
      if (!closed) {
        closed = true;
        await this.#send({ op: 'exec', sql: 'COMMIT' }, generation);
      }
      return result;
    } catch (error) {
      // After a restart the transaction went with the old thread: nothing to roll back.
      if (!closed && generation === this.#generation) {
        closed = true;
        await this.#send({ op: 'exec', sql: 'ROLLBACK' }, generation).catch(() => undefined);
      }
      throw error;
    } finally {
      this.#inTransaction = false;
      this.#next();
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#turn();
    this.#closed = true;
    const spare = this.#spare;
    this.#spare = undefined;
    await spare?.worker.terminate();
    const thread = this.#thread;
    // NOTE: the time limit keeps watching until the thread is gone: a statement still running would hold
    // the 'close' behind it for good, and the process with it (the shutdown waits for this close).
    if (thread) {
      await this.#send({ op: 'close' }, this.#generation).catch(() => undefined);
      await thread.worker.terminate();
    }
    clearInterval(this.#watch);
  }

  #queryStatement(sql: string, params: unknown[], options: QueryOptions | undefined): Statement {
    return { op: 'query', sql, params, rowMode: options?.rowMode ?? 'object', textTypes: Object.keys(options?.parsers ?? {}).map(Number) };
  }

  /** Waits until the thread may take this work; with `transaction`, holds it for a transaction until #next. */
  #turn(transaction = false): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('The database is closed.'));
    // The last restart failed: this statement tries again.
    if (!this.#thread && !this.#restarting) this.#restart('the database is not open, so it is being opened again');
    const free = () => !this.#inTransaction && !this.#restarting && this.#waiting.length === 0;
    if (free()) {
      if (transaction) this.#inTransaction = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.#waiting.push(() => {
        if (transaction) this.#inTransaction = true;
        resolve();
      });
    });
  }

  /** Lets waiting work go, in order, until a transaction takes the thread. */
  #next(): void {
    while (!this.#inTransaction && !this.#restarting && this.#waiting.length > 0) this.#waiting.shift()!();
  }

  #send<T>(statement: Statement, generation: number): Promise<T> {
    const worker = this.#thread?.worker;
    if (generation !== this.#generation || !worker) return Promise.reject(databaseUnavailable());
    return new Promise<T>((resolve, reject) => {
      const id = this.#nextId++;
      if (this.#sent.length === 0) this.#runningSince = performance.now();
      this.#sent.push({ id, sql: statement.sql ?? statement.op, resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, ...statement });
    });
  }

  #answer(answer: Answer): void {
    const index = this.#sent.findIndex((s) => s.id === answer.id);
    if (index < 0) return;
    const [sent] = this.#sent.splice(index, 1);
    this.#runningSince = performance.now();
    if (answer.ok) sent!.resolve(answer.result);
    else sent!.reject(rebuildError(answer.error));
  }

  #checkTime(): void {
    if (this.#sent.length === 0 || this.#restarting) return;
    const ms = performance.now() - this.#runningSince;
    if (ms <= this.#statementTimeoutMs) return;
    this.#restart(`a database statement ran for more than ${this.#statementTimeoutMs} ms, so the database is being opened again: ${this.#sent[0]!.sql}`);
  }

  /** Ends the thread, fails what it held with 503, and opens the database again in the spare thread; other work waits meanwhile. */
  #restart(reason: string): void {
    const log = this.#options.log ?? ((line: string) => console.error(`Animal Doctor: ${line}`));
    log(reason);
    this.#generation++;
    const lost = this.#sent;
    this.#sent = [];
    for (const sent of lost) sent.reject(databaseUnavailable());
    const old = this.#thread;
    this.#thread = undefined;
    const started = performance.now();
    this.#restarting = (async () => {
      // NOTE: terminate() returns once the thread has stopped, even inside WebAssembly; only then may a new
      // thread open the same data folder. This process keeps the DATA_DIR lock the whole time. Nothing may
      // pause the thread first (an inspector session once did, to log its stack, and could leave it paused
      // for good: terminate() then never returned and the process could not exit).
      await old?.worker.terminate();
      if (this.#closed) return;
      this.#thread = await this.#startThread();
      log(`the database was opened again in ${Math.round(performance.now() - started)} ms`);
    })()
      .catch((error: unknown) => {
        log(`the database could not be opened again: ${(error as Error).message}`);
        // Whatever waited fails now; the next statement tries again.
        for (const start of this.#waiting.splice(0)) start();
      })
      .finally(() => {
        this.#restarting = undefined;
        if (!this.#thread && !this.#closed) this.#generation++;
        this.#next();
      });
  }

  /** Opens the database in the spare thread (or a new one), then loads the next spare in the background. */
  async #startThread(): Promise<Thread> {
    const shared = (this.#shared ??= await pgliteArtifacts());
    const spare = this.#spare;
    this.#spare = undefined;
    const thread = spare && !spare.dead ? spare : new Thread(this.#options, shared);
    if (spare && spare !== thread) void spare.worker.terminate();
    try {
      await thread.open();
    } catch (error) {
      await thread.worker.terminate();
      throw error;
    }
    thread.onAnswer = (answer) => this.#answer(answer);
    thread.onLost = (reason) => {
      if (thread === this.#thread && !this.#closed) this.#restart(`the database thread ${reason}, so the database is being opened again`);
    };
    // A spare is kept from the first restart on (timeouts come in runs), not from the start: an idle spare holds
    // about 50 MB, a sixth of the server (docs/decisions/254-no-idle-spare-thread.md).
    if (this.#options.spare && this.#generation > 0 && !this.#closed) this.#spare = new Thread(this.#options, shared);
    return thread;
  }
}
