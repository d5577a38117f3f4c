// 'Download my data' (docs/product.md section 22): one JSON document of everything the account holds. The
// rows come from every table that references the account (user-references.ts, read from the catalog), plus
// what names it by its e-mail address (newsletter, messages it sent) and the audit entries about it.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { domainError } from '../../../lib/domain-error';
import { rowsNaming, tablesReferencingUsers, withoutSecrets } from './user-references';
import { rowsOf } from '../../../lib/sql-rows';

export const EXPORT_FORMAT = 'animal-doctor-account-export/1';

export interface AccountExport {
  format: string;
  exported_at: string;
  account: Record<string, unknown>;
  /** Rows of each table that references the account, by table name (empty lists included). */
  records: Record<string, Record<string, unknown>[]>;
  /** Rows that name the account by its e-mail address only. */
  by_email_address: { newsletter_subscription: Record<string, unknown>[]; contact_messages_sent: Record<string, unknown>[] };
  /** Entries of the audit log about the account or made by it. */
  audit_entries: Record<string, unknown>[];
}

/** Plain JSON values: bigints as text (the driver may answer bigint columns so). */
const plain = (rows: Record<string, unknown>[]) =>
  rows.map((row) =>
    withoutSecrets(
      JSON.parse(JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))) as Record<string, unknown>,
    ),
  );

export async function exportAccount(db: DbOrTx, userId: number, now: Date): Promise<AccountExport> {
  const [user] = rowsOf<Record<string, unknown>>(await db.execute(sql`SELECT * FROM users WHERE id = ${userId}`));
  if (!user) throw domainError(404, 'NOT_FOUND', 'There is no account with this id.');
  const email = String(user.email);
  const rows = async (query: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(await db.execute(query));
  const records: AccountExport['records'] = {};
  for (const reference of await tablesReferencingUsers(db)) records[reference.table] = plain(await rowsNaming(db, reference, userId));
  const [subscription, messagesSent, audit] = await Promise.all([
    rows(sql`SELECT * FROM newsletter_subscribers WHERE email = ${email}`),
    rows(sql`SELECT * FROM contact_messages WHERE lower(email) = ${email}`),
    rows(sql`SELECT * FROM audit_log WHERE actor_id = ${userId} OR (target_type IN ('user', 'profile') AND target_id = ${String(userId)}) ORDER BY id`),
  ]);
  return {
    format: EXPORT_FORMAT,
    exported_at: now.toISOString(),
    account: plain([user])[0]!,
    records,
    by_email_address: {
      newsletter_subscription: plain(subscription),
      contact_messages_sent: plain(messagesSent),
    },
    audit_entries: plain(audit),
  };
}
