// 'Download my data' (docs/product.md 22.4 and 22.7): one JSON document of what the account wrote or
// owns. The tables come from the catalog (user-references.ts) and each carries only the columns its
// written list names (export-columns.ts): rows about the account that others wrote carry what the public
// or the account already sees. Rows that name the account by e-mail address only (newsletter, messages
// it sent) are the address's until the account has proven it, so an unverified account gets none of them.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { domainError } from '../../../lib/domain-error';
import { identifier, tablesReferencingUsers, withoutSecrets } from './user-references';
import { ACCOUNT_COLUMNS, AUDIT_ABOUT_COLUMNS, BY_ADDRESS_COLUMNS, EXPORT_COLUMNS, type ExportList } from './export-columns';
import { rowsOf } from '../../../lib/sql-rows';

import { normalizeEmail } from '../../../../shared/lib/email-address';
export const EXPORT_FORMAT = 'animal-doctor-account-export/1';

export interface AccountExport {
  format: string;
  exported_at: string;
  account: Record<string, unknown>;
  /** Rows of each table that names the account by its id, by table name, with the columns its list allows. */
  records: Record<string, Record<string, unknown>[]>;
  /** Rows that name the account by its e-mail address only: empty until the address is verified. */
  by_email_address: { newsletter_subscription: Record<string, unknown>[]; contact_messages_sent: Record<string, unknown>[] };
  /** Entries of the audit log about the account or made by it. */
  audit_entries: Record<string, unknown>[];
}

type Row = Record<string, unknown>;

/** Plain JSON values: bigints as text (the driver may answer bigint columns so). */
const plain = (rows: Row[]) =>
  rows.map((row) => withoutSecrets(JSON.parse(JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))) as Row));

/** The listed columns of a row, in the list's order. */
const project = (row: Row, list: ExportList): Row => Object.fromEntries(list.exported.map((column) => [column, row[column]]));

async function select(db: DbOrTx, table: string, column: string, list: ExportList, userId: number): Promise<Row[]> {
  const columns = [...list.exported.map(identifier), ...(list.extra ? [list.extra] : [])].join(', ');
  const where = `${identifier(column)} = ${Number(userId)}${list.where ? ` AND (${list.where})` : ''}`;
  const result = rowsOf<Row>(await db.execute(sql.raw(`SELECT ${columns} FROM ${identifier(table)} WHERE ${where}`)));
  return plain(result.map((row) => (list.present ? list.present(row) : row)));
}

export async function exportAccount(db: DbOrTx, userId: number, now: Date): Promise<AccountExport> {
  const rows = async (query: ReturnType<typeof sql>) => rowsOf<Row>(await db.execute(query));
  const [user] = await rows(sql`SELECT * FROM users WHERE id = ${userId}`);
  if (!user) throw domainError(404, 'NOT_FOUND', 'There is no account with this id.');
  const email = normalizeEmail(String(user.email));
  const verified = user.verify === true;

  const records: AccountExport['records'] = {};
  for (const reference of await tablesReferencingUsers(db)) {
    // A table or column without a written list is not exported (the test of the lists fails until it has one).
    const lists = EXPORT_COLUMNS[reference.table] ?? {};
    for (const column of reference.columns) {
      const list = lists[column];
      if (!list || list.exported.length === 0) continue;
      (records[reference.table] ??= []).push(...(await select(db, reference.table, column, list, userId)));
    }
  }

  // An address is the account's only once proven (docs/product.md 22.7): before, these rows belong to whoever holds it.
  const [subscription, messagesSent] = verified
    ? await Promise.all([
        rows(sql`SELECT * FROM newsletter_subscribers WHERE lower(email) = ${email} ORDER BY id`),
        rows(sql`SELECT * FROM contact_messages WHERE lower(email) = ${email} ORDER BY id`),
      ])
    : [[], []];
  const audit = await rows(
    sql`SELECT * FROM audit_log WHERE actor_id = ${userId} OR (target_type IN ('user', 'profile') AND target_id = ${String(userId)}) ORDER BY id`,
  );
  const ownAudit = EXPORT_COLUMNS.audit_log!.actor_id!;
  return {
    format: EXPORT_FORMAT,
    exported_at: now.toISOString(),
    account: plain([project(user, ACCOUNT_COLUMNS)])[0]!,
    records,
    by_email_address: {
      newsletter_subscription: plain(subscription.map((row) => project(row, BY_ADDRESS_COLUMNS.newsletter_subscribers))),
      contact_messages_sent: plain(messagesSent.map((row) => project(row, BY_ADDRESS_COLUMNS.contact_messages))),
    },
    // Entries others made about the account say what was done and when, not who did it or from where.
    audit_entries: plain(audit.map((row) => project(row, Number(row.actor_id) === userId ? ownAudit : AUDIT_ABOUT_COLUMNS))),
  };
}
