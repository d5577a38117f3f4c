// Every row of every table of a database, as one md5 per row, sorted by table: two databases with equal answers
// hold the same rows (the backup and pg_dump restore tests, docs/product.md section 23).
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../lib/sql-rows';

export async function everyRow(database: Database): Promise<Record<string, string[]>> {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(sql`SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname IN ('public', 'drizzle') ORDER BY 1`),
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    out[name] = rowsOf<{ h: string }>(await database.db.execute(sql.raw(`SELECT md5(t::text) AS h FROM ${name} t ORDER BY 1`))).map((r) => r.h);
  }
  return out;
}
