// Vitest global setup for API tests: on TEST_DATABASE_URL's server, makes the run's migrated template
// database that each test file's database copies (server/test/helper.ts), and on teardown drops every
// database of this run that is left.
import pg from 'pg';
import { openDatabase } from '../db/client';

/** The name of the migrated database made once per run on TEST_DATABASE_URL's server. */
export function templateDatabaseName(run: string): string {
  return `ad_test_${run}_template`;
}

export default async function setup(): Promise<() => Promise<void>> {
  // Workers inherit this; only the databases of this run are dropped at the end.
  const run = `${process.pid.toString(36)}${Date.now().toString(36)}`;
  process.env.AD_TEST_RUN = run;
  const templateUrl = process.env.TEST_DATABASE_URL;
  if (templateUrl) {
    const admin = new pg.Client({ connectionString: templateUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${templateDatabaseName(run)}`);
    } finally {
      await admin.end();
    }
    const url = new URL(templateUrl);
    url.pathname = `/${templateDatabaseName(run)}`;
    // Migrated once here; the pool is closed, as copying a template needs it to have no connections.
    await (await openDatabase({ databaseUrl: url.toString(), poolSize: 1 })).close();
  }
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
