// The audit log (docs/product.md section 10): one entry per administrator action and article change,
// written in the transaction of the change, with the actor, the target, the client address and
// what changed; and the reads behind the Activity tab and its CSV export.
import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../../db/client';
import { auditLog, users } from '../../../db/schema';
import type { AuditEntry, AuditLogBody } from '../../../../shared/schemas/admin';
import { containsPattern } from '../../../lib/sql-rows';

/** Who acted, and from which address. */
export interface Actor {
  id: number;
  ip: string | null;
}

export function actorOf(request: FastifyRequest): Actor {
  return { id: request.user.id, ip: request.ip ?? null };
}

export type AuditTarget = 'user' | 'profile' | 'article' | 'subscriber' | 'review' | 'backup' | 'import' | 'claim' | 'message';

export interface AuditInput {
  action: string;
  targetType: AuditTarget;
  targetId: string | number | null;
  /** What changed (`{ field: { from, to } }`) and the context (reason, title …). */
  details?: Record<string, unknown>;
}

export async function writeAudit(tx: DbOrTx, actor: Actor | null, entry: AuditInput): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor?.id ?? null,
    ip: actor?.ip ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId === null ? null : String(entry.targetId),
    details: entry.details ?? {},
  });
}

type AuditRow = typeof auditLog.$inferSelect;

/** Entries with the names of actors and user targets, looked up in one query. */
export async function presentAuditRows(db: DbOrTx, rows: AuditRow[]): Promise<AuditEntry[]> {
  const ids = new Set<number>();
  for (const row of rows) {
    if (row.actorId) ids.add(row.actorId);
    if ((row.targetType === 'user' || row.targetType === 'profile') && row.targetId && /^\d+$/.test(row.targetId)) ids.add(Number(row.targetId));
  }
  const people = ids.size
    ? await db
        .select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.id, [...ids]))
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  return rows.map((row) => {
    const actor = row.actorId ? byId.get(row.actorId) : undefined;
    const details = (row.details ?? {}) as Record<string, unknown>;
    let targetLabel: string | null = null;
    if (row.targetType === 'user' || row.targetType === 'profile') {
      const target = row.targetId ? byId.get(Number(row.targetId)) : undefined;
      // A deleted account's entries keep no address (docs/product.md section 22): they read as a deleted account.
      targetLabel = target
        ? `${target.first} ${target.last} <${target.email}>`
        : typeof details.email === 'string' && details.email !== '[removed]'
          ? `${details.email} (deleted)`
          : row.action === 'user.delete' || details.email === '[removed]'
            ? `Deleted account #${row.targetId}`
            : null;
    } else if (typeof details.title === 'string') targetLabel = details.title;
    else if (typeof details.email === 'string') targetLabel = details.email;
    return {
      id: row.id,
      at: row.createdAt.toISOString(),
      actor_id: row.actorId,
      action: row.action,
      target_id: row.targetId,
      ip: row.ip,
      changes: details,
      target_type: row.targetType,
      actor_name: actor ? `${actor.first} ${actor.last}` : null,
      actor_email: actor?.email ?? null,
      target_label: targetLabel,
    };
  });
}

/**
 * The accounts a name or an e-mail address typed into the Activity tab's filters finds (docs/product.md 29.7):
 * part of the address, or of "first last", in any case. The same three trigram-indexed lookups as Manage Users.
 */
function peopleMatching(text: string): SQL {
  const pattern = containsPattern(text.trim().toLowerCase());
  return sql`select id from ${users} where email like ${pattern} union select id from ${users} where lower(first_name || ' ' || last_name) like ${pattern}`;
}

export function auditConditions(filter: {
  action?: string | undefined;
  actor_id?: number | undefined;
  target_id?: string | number | undefined;
  /** Who acted, by name or e-mail address. */
  actor?: string | undefined;
  /** The account acted on, by name or e-mail address (a deleted account by the address its entries kept). */
  target?: string | undefined;
}): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.action?.trim()) conditions.push(eq(auditLog.action, filter.action.trim()));
  if (filter.actor_id) conditions.push(eq(auditLog.actorId, filter.actor_id));
  if (filter.actor?.trim()) conditions.push(sql`${auditLog.actorId} in (${peopleMatching(filter.actor)})`);
  if (filter.target?.trim())
    conditions.push(
      sql`((${auditLog.targetType} in ('user', 'profile') and ${auditLog.targetId} in (select id::text from (${peopleMatching(filter.target)}) found))
        or lower(${auditLog.details}->>'email') like ${containsPattern(filter.target.trim().toLowerCase())})`,
    );
  if (filter.target_id !== undefined && String(filter.target_id).trim() !== '') conditions.push(eq(auditLog.targetId, String(filter.target_id).trim()));
  return conditions.length ? and(...conditions) : undefined;
}

export async function listAuditLog(db: DbOrTx, input: AuditLogBody): Promise<{ data: AuditEntry[]; totalCount: number }> {
  const where = auditConditions(input);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { data: await presentAuditRows(db, rows), totalCount: Number(total?.n ?? 0) };
}

/** The entries about one account (as target or actor), newest first. */
export async function auditAbout(db: DbOrTx, userId: number, options: { reviewOnly?: boolean; limit: number }): Promise<AuditEntry[]> {
  const id = String(userId);
  const where = options.reviewOnly
    ? and(
        eq(auditLog.targetType, 'profile'),
        eq(auditLog.targetId, id),
        inArray(auditLog.action, ['profile.submitted', 'profile.approved', 'profile.rejected']),
      )
    : or(and(inArray(auditLog.targetType, ['user', 'profile']), eq(auditLog.targetId, id)), eq(auditLog.actorId, userId));
  const rows = await db.select().from(auditLog).where(where).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(options.limit);
  return presentAuditRows(db, rows);
}

/** Up to `limit` entries for the CSV export, newest first. */
export async function exportAuditLog(db: DbOrTx, filter: Parameters<typeof auditConditions>[0], limit = 100_000): Promise<AuditEntry[]> {
  const rows = await db.select().from(auditLog).where(auditConditions(filter)).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit);
  return presentAuditRows(db, rows);
}
