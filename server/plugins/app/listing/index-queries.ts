// How the search index talks to the database: statements run through the pool on PostgreSQL (the hot
// ones as named prepared statements, planned once per connection) or through drizzle on PGlite, and
// the bounded maps it remembers answers in.
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { rowsOf } from '../../../lib/sql-rows';

const LOOKUP_CACHE_ENTRIES = 50_000;
const dialect = new PgDialect();

/** Runs a statement; on PostgreSQL the hot one as a named prepared statement (planned once per connection). */
export async function indexQuery<T>(database: Database, statement: SQL, prepared = false): Promise<T[]> {
  const { pool, db } = database;
  if (pool) {
    const query = dialect.sqlToQuery(statement);
    const name = prepared ? statementName(query.sql) : undefined;
    return (await pool.query({ ...(name ? { name } : {}), text: query.sql, values: query.params as unknown[] })).rows as T[];
  }
  return rowsOf<T>(await db.execute(statement));
}

const statementNames = new Map<string, string>();
/** A named prepared statement per distinct text (values are parameters): planned once per connection. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `search_index_${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

/** Puts an answer in a bounded map (the oldest goes when it is full) and returns it. */
export function remember<K, T>(map: Map<K, T>, key: K, value: T, limit = LOOKUP_CACHE_ENTRIES): T {
  if (map.size >= limit) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}

/** A list of ids as one int[] parameter. */
export const intArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
