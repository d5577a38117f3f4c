import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
