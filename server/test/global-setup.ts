// Vitest global setup for API tests: on teardown, drops the per-worker databases that
// server/test/helper.ts created on TEST_DATABASE_URL's server.
import pg from 'pg';

export default function setup(): () => Promise<void> {
  // Workers inherit this; only the databases of this run are dropped at the end.
  const run = `${process.pid.toString(36)}${Date.now().toString(36)}`;
  process.env.AD_TEST_RUN = run;
  return async () => {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) return;
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [`ad_test_${run}_`]);
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
}
