// Every row of every table of a database, as one md5 per row, sorted by table: two databases with equal answers
// hold the same rows (the backup and pg_dump restore tests, docs/product.md section 23).
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

export async function everyRow(database: Database): Promise<Record<string, string[]>> {
  const tables = (await database.db.execute(
    sql`SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname IN ('public', 'drizzle') ORDER BY 1`,
  )) as unknown as { rows: { name: string }[] };
  const out: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    const rows = (await database.db.execute(sql.raw(`SELECT md5(t::text) AS h FROM ${name} t ORDER BY 1`))) as unknown as { rows: { h: string }[] };
    out[name] = rows.rows.map((r) => r.h);
  }
  return out;
}
