// Where the database names an account (docs/product.md section 22): every column with a foreign key to
// users(id), read from the catalog (PostgreSQL and PGlite alike), so a table another area adds later is
// exported and checked without a change here. Also the secret columns an export never carries.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';

export interface ReferencingTable {
  table: string;
  /** Its columns that hold a users.id. */
  columns: string[];
}

/** Secrets and binary payloads no export carries, wherever a table keeps them (the column name decides). */
export const NEVER_EXPORTED = new Set([
  'password_hash',
  'token_version',
  'code_hash',
  'reset_token_hash',
  'unsubscribe_token',
  'token_hash',
  'secret',
  'bytes',
  // Derived search data: a copy of the profile in the search table's own encoding.
  'earth',
]);

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** A table or column name from the catalog, checked before it is written into a statement. */
export function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Unexpected identifier in the catalog: ${name}`);
  return `"${name}"`;
}

/** Every table of the public schema with its columns that reference users(id), by table name. */
export async function tablesReferencingUsers(db: DbOrTx): Promise<ReferencingTable[]> {
  const result = (await db.execute(sql`
    SELECT cl.relname AS table_name, a.attname AS column_name
    FROM pg_constraint c
    JOIN pg_class cl ON cl.oid = c.conrelid
    JOIN pg_namespace n ON n.oid = cl.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
    WHERE c.contype = 'f' AND c.confrelid = 'public.users'::regclass AND n.nspname = 'public'
    ORDER BY cl.relname, a.attname`)) as unknown as { rows: { table_name: string; column_name: string }[] };
  const byTable = new Map<string, string[]>();
  for (const row of result.rows) byTable.set(row.table_name, [...(byTable.get(row.table_name) ?? []), row.column_name]);
  return [...byTable].map(([table, columns]) => ({ table, columns }));
}

/** The rows of one table that name the account in any of its user columns. */
export async function rowsNaming(db: DbOrTx, reference: ReferencingTable, userId: number): Promise<Record<string, unknown>[]> {
  const where = reference.columns.map((column) => `${identifier(column)} = ${Number(userId)}`).join(' OR ');
  const result = (await db.execute(sql.raw(`SELECT * FROM ${identifier(reference.table)} WHERE ${where}`))) as unknown as {
    rows: Record<string, unknown>[];
  };
  return result.rows;
}

/** A row without the columns no export carries. */
export function withoutSecrets(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([column]) => !NEVER_EXPORTED.has(column)));
}
