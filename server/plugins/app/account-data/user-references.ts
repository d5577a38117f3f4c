// Where the database names an account (docs/product.md section 22): every column with a foreign key to
// users(id), read from the catalog (PostgreSQL and PGlite alike), so a table another area adds later is
// exported and checked without a change here. Also the secret columns an export never carries.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { rowsOf } from '../../../lib/sql-rows';

export interface ReferencingTable {
  table: string;
  /** Its columns that hold a users.id. */
  columns: string[];
  /**
   * Columns whose foreign key neither cascades nor sets null ('no action' or 'restrict'): the deletion clears
   * them itself, or deleting the account would fail. With whether the column may be null.
   */
  blocking: { column: string; nullable: boolean }[];
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
  const result = await db.execute(sql`
    SELECT cl.relname AS table_name, a.attname AS column_name, c.confdeltype::text AS on_delete, NOT a.attnotnull AS nullable
    FROM pg_constraint c
    JOIN pg_class cl ON cl.oid = c.conrelid
    JOIN pg_namespace n ON n.oid = cl.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
    WHERE c.contype = 'f' AND c.confrelid = 'public.users'::regclass AND n.nspname = 'public'
    ORDER BY cl.relname, a.attname`);
  const byTable = new Map<string, ReferencingTable>();
  for (const row of rowsOf<{ table_name: string; column_name: string; on_delete: string; nullable: boolean }>(result)) {
    const entry = byTable.get(row.table_name) ?? { table: row.table_name, columns: [], blocking: [] };
    entry.columns.push(row.column_name);
    // pg_constraint.confdeltype: a = no action, r = restrict, c = cascade, n = set null, d = set default.
    if (row.on_delete === 'a' || row.on_delete === 'r') entry.blocking.push({ column: row.column_name, nullable: row.nullable === true });
    byTable.set(row.table_name, entry);
  }
  return [...byTable.values()];
}

/** The rows of one table that name the account in any of its user columns. */
export async function rowsNaming(db: DbOrTx, reference: ReferencingTable, userId: number): Promise<Record<string, unknown>[]> {
  const where = reference.columns.map((column) => `${identifier(column)} = ${Number(userId)}`).join(' OR ');
  return rowsOf<Record<string, unknown>>(await db.execute(sql.raw(`SELECT * FROM ${identifier(reference.table)} WHERE ${where}`)));
}

/** A row without the columns no export carries. */
export function withoutSecrets(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([column]) => !NEVER_EXPORTED.has(column)));
}

/**
 * Clears what would stop the account's row from being deleted: a column whose foreign key neither cascades
 * nor sets null is set to null where it may be, and its rows are deleted where it may not (docs/product.md 22.5).
 */
export async function clearBlockingReferences(db: DbOrTx, userId: number): Promise<void> {
  for (const reference of await tablesReferencingUsers(db)) {
    for (const { column, nullable } of reference.blocking) {
      const table = identifier(reference.table);
      const name = identifier(column);
      await db.execute(
        sql.raw(nullable ? `UPDATE ${table} SET ${name} = NULL WHERE ${name} = ${Number(userId)}` : `DELETE FROM ${table} WHERE ${name} = ${Number(userId)}`),
      );
    }
  }
}

/** The tables with at least one row naming the account by id (those a deletion changes). */
export async function tablesNaming(db: DbOrTx, userId: number): Promise<string[]> {
  const found: string[] = [];
  for (const reference of await tablesReferencingUsers(db)) {
    const where = reference.columns.map((column) => `${identifier(column)} = ${Number(userId)}`).join(' OR ');
    const [result] = rowsOf<{ found: boolean }>(
      await db.execute(sql.raw(`SELECT EXISTS (SELECT 1 FROM ${identifier(reference.table)} WHERE ${where}) AS found`)),
    );
    if (result?.found) found.push(reference.table);
  }
  return found;
}
