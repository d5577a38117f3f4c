import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig, type ConfigVariable } from './config';

const fails = (env: Record<string, string>) => () => loadConfig(env);

describe('loadConfig', () => {
  it('gives working defaults for npm start on the embedded database', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, publicUrl: 'http://localhost:3000', databaseUrl: undefined, redisUrl: undefined, demoData: true });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('names the variable that is malformed', () => {
    expect(fails({ PORT: 'abc' })).toThrow(new ConfigError('PORT must be a whole number, got "abc"'));
    expect(fails({ PORT: '70000' })).toThrow('PORT must be between 0 and 65535');
    expect(fails({ DATABASE_URL: 'mysql://x' })).toThrow('DATABASE_URL must start with postgres:// or postgresql://');
    expect(fails({ DATABASE_URL: 'not a url' })).toThrow('DATABASE_URL is not a valid URL');
    expect(fails({ REDIS_URL: 'http://x' })).toThrow('REDIS_URL must start with redis:// or rediss://');
    expect(fails({ JWT_SECRET: 'short' })).toThrow('JWT_SECRET must be at least 32 characters long');
    expect(fails({ DEMO_DATA: 'maybe' })).toThrow('DEMO_DATA must be on or off, got "maybe"');
    expect(fails({ NODE_ENV: 'staging' })).toThrow('NODE_ENV must be development, production or test');
  });

  it('requires JWT_SECRET in production on a PostgreSQL server', () => {
    expect(fails({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x' })).toThrow('JWT_SECRET is required in production when DATABASE_URL is set');
  });

  it('refuses to start a production server on PostgreSQL without Stripe unless PAYMENTS=sandbox says so (issue 23, row 2)', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x', JWT_SECRET: 'j'.repeat(32) };
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(fails(production)).toThrow(
      new ConfigError(
        'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required in production when DATABASE_URL is set; PAYMENTS=sandbox runs the test checkout instead, which charges no card',
      ),
    );
    expect(loadConfig({ ...production, PAYMENTS: 'sandbox' }).payments).toBe('sandbox');
    expect(loadConfig({ ...production, ...stripe }).payments).toBe('stripe');
    expect(loadConfig({ ...production, ...stripe, PAYMENTS: 'stripe' }).payments).toBe('stripe');
    // The embedded database (a first run, a trial) keeps the sandbox by default, in production too.
    expect(loadConfig({}).payments).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'production' }).payments).toBe('sandbox');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).payments).toBe('sandbox');
    expect(fails({ PAYMENTS: 'free' })).toThrow('PAYMENTS must be stripe or sandbox, got "free"');
    expect(fails({ PAYMENTS: 'stripe' })).toThrow('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required when PAYMENTS=stripe');
    expect(fails({ ...stripe, PAYMENTS: 'sandbox' })).toThrow(
      'PAYMENTS=sandbox takes no real payments: unset STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS',
    );
  });

  it('requires grouped variables together', () => {
    expect(fails({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow('STRIPE_WEBHOOK_SECRET must be set together with STRIPE_SECRET_KEY');
    expect(fails({ AI_BASE_URL: 'http://localhost:1', AI_MODEL: 'm' })).toThrow('AI_API_KEY must be set together with AI_BASE_URL, AI_MODEL');
    expect(fails({ AI_BASE_URL: 'http://localhost:1/v1', AI_API_KEY: 'k', AI_MODEL: 'm', AI_TIMEOUT_MS: 'soon' })).toThrow(
      'AI_TIMEOUT_MS must be a whole number, got "soon"',
    );
    expect(loadConfig({ AI_BASE_URL: 'http://localhost:1/v1/', AI_API_KEY: 'k', AI_MODEL: 'm' }).ai).toEqual({
      baseUrl: 'http://localhost:1/v1',
      apiKey: 'k',
      model: 'm',
      timeoutMs: 60_000,
    });
  });
});

// Decision 141: the README's table and .env.example name every variable config.ts reads, and no other.
describe('the documented variables', () => {
  const root = path.resolve(import.meta.dirname, '..');
  const listed = [...CONFIG_VARIABLES].sort();

  it('CONFIG_VARIABLES is exactly what loadConfig reads when every variable is set', () => {
    const everything: Record<ConfigVariable, string> = {
      NODE_ENV: 'production',
      PORT: '3100',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://vets.example',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      BODY_LIMIT_BYTES: '2048',
      SHUTDOWN_GRACE_MS: '1000',
      REQUEST_TIMEOUT_MS: '1000',
      HEADERS_TIMEOUT_MS: '1000',
      CONNECTION_TIMEOUT_MS: '1000',
      DATA_DIR: './data',
      DEMO_DATA: 'on',
      DEMO_IMPORT: 'off',
      DATABASE_URL: 'postgres://db/x',
      PGLITE_WORKER: 'on',
      PGLITE_STATEMENT_TIMEOUT_MS: '1000',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: 'test:',
      JWT_SECRET: 'j'.repeat(32),
      JWT_SECRET_PREVIOUS: 'p'.repeat(32),
      BACKUP_EVERY_HOURS: '12',
      BACKUP_KEEP: '3',
      METRICS_TOKEN: 'm'.repeat(32),
      RATE_LIMIT_PER_MINUTE: '10',
      PAGE_RATE_LIMIT_PER_MINUTE: '10',
      SEARCH_CACHE_SECONDS: '0',
      SEARCH_SNAPSHOT: 'off',
      BUSY_FEED_ALLOW_PRIVATE: 'off',
      STATS_FLUSH_MS: '1000',
      LOGIN_FAILURES_PER_ACCOUNT: '3',
      LOGIN_WINDOW_MINUTES: '5',
      LOGIN_MAX_DELAY_SECONDS: '5',
      LOGIN_ATTEMPTS_PER_ADDRESS: '5',
      CODES_PER_HOUR: '5',
      MAIL_PER_ADDRESS_PER_DAY: '5',
      MAIL_PER_CLIENT_PER_HOUR: '5',
      MAIL_FROM: 'office@vets.example',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_RETRY_BASE_MS: '100',
      MAIL_POLL_MS: '100',
      EMAIL_SERVICE_PUBLIC_KEY: 'public',
      EMAIL_SERVICE_ID: 'service',
      EMAIL_TEMPLATE_ID: 'template',
      EMAIL_SERVICE_PRIVATE_KEY: 'private',
      EMAIL_SERVICE_URL: 'http://127.0.0.1:1',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      PAYMENTS: 'stripe',
      STRIPE_API_BASE: 'http://127.0.0.1:2',
      AI_BASE_URL: 'http://127.0.0.1:3/v1',
      AI_API_KEY: 'key',
      AI_MODEL: 'model',
      AI_TIMEOUT_MS: '1000',
    };
    const read = new Set<string>();
    const env = new Proxy(everything as Record<string, string | undefined>, {
      get: (target, name) => {
        if (typeof name === 'string') read.add(name);
        return target[name as string];
      },
    });
    const config = loadConfig(env);
    // Every branch ran: the groups and the variables that only matter with them are all read.
    expect(config).toMatchObject({ payments: 'stripe', demoImport: false, mail: { emailService: { privateKey: 'private' } }, ai: { timeoutMs: 1000 } });
    expect([...read].sort()).toEqual(listed);
  });

  it("the README's configuration table names every variable, and no other", () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'));
    const table = section.slice(0, section.indexOf('\n## ', 1));
    // The first cell of each row: one or more `NAME`s.
    const named = table
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!));
    expect([...new Set(named)].sort()).toEqual(listed);
  });

  it('.env.example has a line for every variable, and no other', () => {
    const example = fs.readFileSync(path.join(root, '.env.example'), 'utf8');
    // `NAME=value` or, for one left unset, `# NAME=example`.
    const named = [...example.matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!);
    expect([...new Set(named)].sort()).toEqual(listed);
  });
});
