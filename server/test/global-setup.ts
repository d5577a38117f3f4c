// Vitest global setup for API tests: on teardown, drops the per-worker databases that
// server/test/helper.ts created on TEST_DATABASE_URL's server.
import pg from 'pg';

export default function setup(): () => Promise<void> {
  return async () => {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) return;
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'ad\\_test\\_%'");
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
}
