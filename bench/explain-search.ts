// `DATABASE_URL=... tsx bench/explain-search.ts '{"searchZipCode":"10001"}'`: EXPLAIN ANALYZE of one search's SQL.
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { normalizeSearch, searchStatement } from '../server/plugins/app/doctors/doctor-search';

const body = JSON.parse(process.argv[2] ?? '{"searchZipCode":"10001"}');
const query = new PgDialect().sqlToQuery(
  searchStatement(normalizeSearch({ searchZipCode: '', searchCity: '', searchState: '', searchCount: 10, searchStart: 0, ...body }), new Date()),
);
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
if (body.searchZipCode) await client.query('SET enable_bitmapscan = off');
else if (body.searchCity) await client.query('SET enable_seqscan = off');
const result = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`, query.params);
console.log(result.rows.map((r) => r['QUERY PLAN']).join('\n'));
await client.end();
