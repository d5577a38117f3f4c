// Environment configuration, read and validated once at start-up (docs/product.md, The product).
// A missing or malformed value stops the process with one line naming the variable.
import path from 'node:path';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type NodeEnv = 'development' | 'production' | 'test';

export interface Config {
  nodeEnv: NodeEnv;
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The embedded database: PGlite in a worker thread (PGLITE_WORKER, on by default) and the time limit
   *  of one statement there, after which the request fails and the database is opened again. */
  pglite: { worker: boolean; statementTimeoutMs: number };
  redisUrl: string | undefined;
  /** Prefix of every Redis key this app writes: servers that should share limits share it. */
  redisKeyPrefix: string;
  /** Undefined means "generate one and keep it in DATA_DIR" (embedded default only). */
  jwtSecret: string | undefined;
  /** The secret before the last rotation: tokens it signed are still accepted until they expire (docs/operations.md). */
  jwtSecretPrevious: string | undefined;
  /** Scheduled backups of the embedded database into DATA_DIR/backups (docs/product.md 23.1); everyHours 0 turns them off. */
  backup: { everyHours: number; keep: number };
  /** The bearer token GET /metrics asks for; undefined: /metrics answers 404 (docs/product.md 23.2). */
  metricsToken: string | undefined;
  demoData: boolean;
  /** The demo practices for import (docs/product.md section 20); only ever with DEMO_DATA. DEMO_IMPORT=off leaves them out (the browser journeys' template). */
  demoImport: boolean;
  logLevel: string;
  /** Fastify's trustProxy: false, a hop count, or the addresses (or CIDR ranges) of trusted proxies. */
  trustProxy: false | number | string[];
  bodyLimitBytes: number;
  /** How long SIGTERM waits for requests in flight before the process exits anyway. */
  shutdownGraceMs: number;
  /** How long a search answer may be reused (0 turns the search cache off, e.g. to benchmark the database). */
  searchCacheSeconds: number;
  /** Where the search index is written and read again at start (docs/product.md 23.5), or undefined (SEARCH_SNAPSHOT=off; off in tests). */
  searchSnapshotFile: string | undefined;
  /** Tests only: booking calendar feeds may be http and on this machine (decision 200); refused outside NODE_ENV=test. */
  busyFeedAllowPrivate: boolean;
  /** How often profile statistics counted in memory are written (docs/product.md, Plans and payment). */
  statsFlushMs: number;
  timeouts: {
    /** Whole request, body included, must arrive within this (slow-body defence). */
    requestMs: number;
    /** The request line and headers must arrive within this. */
    headersMs: number;
    /** An idle socket is closed after this. */
    connectionMs: number;
  };
  rateLimit: {
    /** Requests per minute per client address on the whole API. */
    globalPerMinute: number;
    /** Pages the server renders (HTML outside /api and /assets) per minute per client address. */
    pagesPerMinute: number;
    /** Failed sign-ins per account and client pair within loginWindowMinutes before that pair is
     *  locked out; also the failures per account after which every further try waits a growing delay. */
    loginFailuresPerAccount: number;
    /** The longest delay between sign-in tries on one account. */
    loginMaxDelaySeconds: number;
    loginWindowMinutes: number;
    /** Sign-in attempts per client address within loginWindowMinutes. */
    loginPerAddress: number;
    /** E-mails of one purpose (reset code, newsletter code, verification) per recipient per hour. */
    codesPerHour: number;
    /** E-mails of one purpose per recipient per day. */
    mailPerAddressPerDay: number;
    /** E-mails any call may cause from one client address per hour, all purposes together. */
    mailPerClientPerHour: number;
  };
  mail: {
    from: string;
    smtpUrl: string | undefined;
    /** First retry delay of the outbox; doubles per attempt. */
    retryBaseMs: number;
    /** How often the outbox worker looks for due messages. */
    pollMs: number;
    emailService: { publicKey: string; serviceId: string; templateId: string; baseUrl: string; privateKey: string | undefined } | undefined;
  };
  stripe: { secretKey: string; webhookSecret: string; apiBase: string } | undefined;
  /** Who takes payments: Stripe when its keys are set, else the built-in sandbox checkout, which charges no card. */
  payments: 'stripe' | 'sandbox';
  /** OpenAI-compatible chat completions for AI article drafts; timeoutMs bounds one request. */
  ai: { baseUrl: string; apiKey: string; model: string; timeoutMs: number } | undefined;
}

/**
 * Every environment variable the server reads, in one list: `read` and its helpers accept only these names,
 * so a variable cannot be read without being listed, and config.test.ts fails when the README's table or
 * `.env.example` leaves one out (decision 141).
 */
export const CONFIG_VARIABLES = [
  // the server
  'NODE_ENV',
  'PORT',
  'HOST',
  'PUBLIC_URL',
  'LOG_LEVEL',
  'TRUST_PROXY',
  'BODY_LIMIT_BYTES',
  'SHUTDOWN_GRACE_MS',
  'REQUEST_TIMEOUT_MS',
  'HEADERS_TIMEOUT_MS',
  'CONNECTION_TIMEOUT_MS',
  // data
  'DATA_DIR',
  'DEMO_DATA',
  'DEMO_IMPORT',
  'DATABASE_URL',
  'PGLITE_WORKER',
  'PGLITE_STATEMENT_TIMEOUT_MS',
  'REDIS_URL',
  'REDIS_KEY_PREFIX',
  'JWT_SECRET',
  'JWT_SECRET_PREVIOUS',
  'BACKUP_EVERY_HOURS',
  'BACKUP_KEEP',
  'METRICS_TOKEN',
  // limits and caches
  'RATE_LIMIT_PER_MINUTE',
  'PAGE_RATE_LIMIT_PER_MINUTE',
  'SEARCH_CACHE_SECONDS',
  'SEARCH_SNAPSHOT',
  'BUSY_FEED_ALLOW_PRIVATE',
  'STATS_FLUSH_MS',
  'LOGIN_FAILURES_PER_ACCOUNT',
  'LOGIN_WINDOW_MINUTES',
  'LOGIN_MAX_DELAY_SECONDS',
  'LOGIN_ATTEMPTS_PER_ADDRESS',
  'CODES_PER_HOUR',
  'MAIL_PER_ADDRESS_PER_DAY',
  'MAIL_PER_CLIENT_PER_HOUR',
  // e-mail
  'MAIL_FROM',
  'SMTP_URL',
  'MAIL_RETRY_BASE_MS',
  'MAIL_POLL_MS',
  'EMAIL_SERVICE_PUBLIC_KEY',
  'EMAIL_SERVICE_ID',
  'EMAIL_TEMPLATE_ID',
  'EMAIL_SERVICE_PRIVATE_KEY',
  'EMAIL_SERVICE_URL',
  // payments
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'PAYMENTS',
  'STRIPE_API_BASE',
  // AI article drafts
  'AI_BASE_URL',
  'AI_API_KEY',
  'AI_MODEL',
  'AI_TIMEOUT_MS',
] as const;
export type ConfigVariable = (typeof CONFIG_VARIABLES)[number];

type Env = Record<string, string | undefined>;

function read(env: Env, name: ConfigVariable): string | undefined {
  const value = env[name];
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function integer(env: Env, name: ConfigVariable, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function url(env: Env, name: ConfigVariable, protocols: string[]): string | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return raw;
}

/** Private feed addresses are a test server's only (decision 200): anywhere else the variable stops the start. */
function busyFeedAllowPrivate(env: Env, nodeEnv: NodeEnv): boolean {
  const allowed = flag(env, 'BUSY_FEED_ALLOW_PRIVATE', false);
  if (allowed && nodeEnv !== 'test') throw new ConfigError('BUSY_FEED_ALLOW_PRIVATE may only be set with NODE_ENV=test');
  return allowed;
}

function flag(env: Env, name: ConfigVariable, fallback: boolean): boolean {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'on', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'off', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be on or off, got "${raw}"`);
}

const IPV4_OR_CIDR = /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$/;
const IPV6_OR_CIDR = /^[0-9a-f:.]+(\/\d{1,3})?$/i;
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** TRUST_PROXY: off, a hop count, or a comma-separated list of proxy addresses (docs/security.md). */
function trustProxy(env: Env): false | number | string[] {
  const raw = read(env, 'TRUST_PROXY');
  if (raw === undefined || ['0', 'off', 'false', 'no'].includes(raw.toLowerCase())) return false;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY must be a hop count from 0 to 10, got ${hops}`);
    return hops;
  }
  if (['on', 'true', 'yes', '1'].includes(raw.toLowerCase())) {
    throw new ConfigError('TRUST_PROXY must be a hop count (e.g. 1) or a list of proxy addresses, not "on": "on" would believe any X-Forwarded-For');
  }
  const list = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const bad = list.find((item) => !IPV4_OR_CIDR.test(item) && !(item.includes(':') && IPV6_OR_CIDR.test(item)) && !PROXY_NAMES.includes(item));
  if (bad !== undefined) throw new ConfigError(`TRUST_PROXY must be a hop count or a list of proxy addresses, got "${bad}"`);
  return list;
}

/** Both or neither of a group of variables; returns undefined when none is set. */
function group(env: Env, names: ConfigVariable[]): string[] | undefined {
  const values = names.map((n) => read(env, n));
  const missing = names.filter((_, i) => values[i] === undefined);
  if (missing.length === names.length) return undefined;
  if (missing.length > 0) throw new ConfigError(`${missing.join(', ')} must be set together with ${names.filter((n) => !missing.includes(n)).join(', ')}`);
  return values as string[];
}

/**
 * PAYMENTS: 'stripe' or 'sandbox' (docs/product.md, Plans and payment). Unset, Stripe's keys decide; but a
 * production server on PostgreSQL without them must say PAYMENTS=sandbox, or anyone could buy a plan with the
 * sandbox's 'Pay' button, which charges no card.
 */
function paymentsMode(env: Env, hasStripe: boolean, productionDatabase: boolean): Config['payments'] {
  const raw = read(env, 'PAYMENTS')?.toLowerCase();
  if (raw !== undefined && raw !== 'stripe' && raw !== 'sandbox') throw new ConfigError(`PAYMENTS must be stripe or sandbox, got "${raw}"`);
  if (raw === 'sandbox' && hasStripe)
    throw new ConfigError('PAYMENTS=sandbox takes no real payments: unset STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS');
  if (raw === 'stripe' && !hasStripe) throw new ConfigError('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required when PAYMENTS=stripe');
  if (raw === undefined && !hasStripe && productionDatabase) {
    throw new ConfigError(
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required in production when DATABASE_URL is set; PAYMENTS=sandbox runs the test checkout instead, which charges no card',
    );
  }
  return hasStripe ? 'stripe' : 'sandbox';
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnvRaw = read(env, 'NODE_ENV') ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    throw new ConfigError(`NODE_ENV must be development, production or test, got "${nodeEnvRaw}"`);
  }
  const nodeEnv = nodeEnvRaw as NodeEnv;
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const host = read(env, 'HOST') ?? '0.0.0.0';
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const redisUrl = url(env, 'REDIS_URL', ['redis:', 'rediss:']);

  const jwtSecret = read(env, 'JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters long');
  if (jwtSecret === undefined && nodeEnv === 'production' && databaseUrl !== undefined) {
    throw new ConfigError('JWT_SECRET is required in production when DATABASE_URL is set');
  }

  const jwtSecretPrevious = read(env, 'JWT_SECRET_PREVIOUS');
  if (jwtSecretPrevious !== undefined && jwtSecretPrevious.length < 32) throw new ConfigError('JWT_SECRET_PREVIOUS must be at least 32 characters long');
  if (jwtSecretPrevious !== undefined && jwtSecret === undefined) throw new ConfigError('JWT_SECRET_PREVIOUS must be set together with JWT_SECRET');
  if (jwtSecretPrevious !== undefined && jwtSecretPrevious === jwtSecret) throw new ConfigError('JWT_SECRET_PREVIOUS must differ from JWT_SECRET');
  const metricsToken = read(env, 'METRICS_TOKEN');
  if (metricsToken !== undefined && metricsToken.length < 32) throw new ConfigError('METRICS_TOKEN must be at least 32 characters long');

  const emailService = group(env, ['EMAIL_SERVICE_PUBLIC_KEY', 'EMAIL_SERVICE_ID', 'EMAIL_TEMPLATE_ID']);
  const stripe = group(env, ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
  const payments = paymentsMode(env, stripe !== undefined, nodeEnv === 'production' && databaseUrl !== undefined);
  const ai = group(env, ['AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL']);
  if (ai) url(env, 'AI_BASE_URL', ['http:', 'https:']);

  return {
    nodeEnv,
    host,
    port,
    publicUrl,
    dataDir: path.resolve(read(env, 'DATA_DIR') ?? './data'),
    databaseUrl,
    pglite: {
      worker: flag(env, 'PGLITE_WORKER', true),
      statementTimeoutMs: integer(env, 'PGLITE_STATEMENT_TIMEOUT_MS', 30_000, 100, 3_600_000),
    },
    redisUrl,
    redisKeyPrefix: read(env, 'REDIS_KEY_PREFIX') ?? 'ad:',
    jwtSecret,
    jwtSecretPrevious,
    backup: { everyHours: integer(env, 'BACKUP_EVERY_HOURS', 24, 0, 24 * 365), keep: integer(env, 'BACKUP_KEEP', 7, 1, 1000) },
    metricsToken,
    demoData: flag(env, 'DEMO_DATA', true),
    demoImport: flag(env, 'DEMO_DATA', true) && flag(env, 'DEMO_IMPORT', true),
    logLevel: read(env, 'LOG_LEVEL') ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    trustProxy: trustProxy(env),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024, 50 * 1024 * 1024),
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_MS', 25_000, 100, 600_000),
    searchCacheSeconds: integer(env, 'SEARCH_CACHE_SECONDS', 30, 0, 3600),
    searchSnapshotFile: flag(env, 'SEARCH_SNAPSHOT', nodeEnv !== 'test')
      ? path.join(path.resolve(read(env, 'DATA_DIR') ?? './data'), 'search-index.snapshot')
      : undefined,
    busyFeedAllowPrivate: busyFeedAllowPrivate(env, nodeEnv),
    statsFlushMs: integer(env, 'STATS_FLUSH_MS', 5000, 100, 3_600_000),
    timeouts: {
      requestMs: integer(env, 'REQUEST_TIMEOUT_MS', 30_000, 100, 600_000),
      headersMs: integer(env, 'HEADERS_TIMEOUT_MS', 10_000, 100, 600_000),
      connectionMs: integer(env, 'CONNECTION_TIMEOUT_MS', 60_000, 100, 3_600_000),
    },
    rateLimit: {
      globalPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 600, 1, 100_000_000),
      pagesPerMinute: integer(env, 'PAGE_RATE_LIMIT_PER_MINUTE', 300, 1, 100_000_000),
      loginFailuresPerAccount: integer(env, 'LOGIN_FAILURES_PER_ACCOUNT', 10, 1, 10_000),
      loginWindowMinutes: integer(env, 'LOGIN_WINDOW_MINUTES', 15, 1, 24 * 60),
      loginMaxDelaySeconds: integer(env, 'LOGIN_MAX_DELAY_SECONDS', 60, 1, 3600),
      loginPerAddress: integer(env, 'LOGIN_ATTEMPTS_PER_ADDRESS', 100, 1, 1_000_000),
      codesPerHour: integer(env, 'CODES_PER_HOUR', 10, 1, 10_000),
      mailPerAddressPerDay: integer(env, 'MAIL_PER_ADDRESS_PER_DAY', 20, 1, 100_000),
      mailPerClientPerHour: integer(env, 'MAIL_PER_CLIENT_PER_HOUR', 20, 1, 1_000_000),
    },
    mail: {
      from: read(env, 'MAIL_FROM') ?? 'no-reply@animaldoctor.local',
      smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
      retryBaseMs: integer(env, 'MAIL_RETRY_BASE_MS', 5000, 10, 3_600_000),
      pollMs: integer(env, 'MAIL_POLL_MS', 5000, 10, 3_600_000),
      emailService: emailService
        ? {
            publicKey: emailService[0]!,
            serviceId: emailService[1]!,
            templateId: emailService[2]!,
            baseUrl: (url(env, 'EMAIL_SERVICE_URL', ['http:', 'https:']) ?? 'https://api.emailjs.com').replace(/\/+$/, ''),
            privateKey: read(env, 'EMAIL_SERVICE_PRIVATE_KEY'),
          }
        : undefined,
    },
    stripe: stripe
      ? {
          secretKey: stripe[0]!,
          webhookSecret: stripe[1]!,
          apiBase: (url(env, 'STRIPE_API_BASE', ['http:', 'https:']) ?? 'https://api.stripe.com').replace(/\/+$/, ''),
        }
      : undefined,
    payments,
    ai: ai ? { baseUrl: ai[0]!.replace(/\/+$/, ''), apiKey: ai[1]!, model: ai[2]!, timeoutMs: integer(env, 'AI_TIMEOUT_MS', 60_000, 100, 600_000) } : undefined,
  };
}
