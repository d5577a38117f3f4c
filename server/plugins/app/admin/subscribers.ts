// Newsletter subscribers for administrators (docs/product.md section 9): the paged list by state, and
// the confirmed addresses for the CSV export.
import { asc, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { newsletterSubscribers } from '../../../db/schema';
import type { Subscriber, SubscribersAnswer, SubscribersBody } from '../../../../shared/schemas/admin';

type Row = typeof newsletterSubscribers.$inferSelect;

function present(row: Row): Subscriber {
  return {
    id: row.id,
    email: row.email,
    state: row.status,
    created_at: row.createdAt.toISOString(),
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    unsubscribed_at: row.unsubscribedAt?.toISOString() ?? null,
  };
}

export async function listSubscribers(db: DbOrTx, input: SubscribersBody): Promise<SubscribersAnswer> {
  const where = input.state ? eq(newsletterSubscribers.status, input.state) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(newsletterSubscribers)
      .where(where)
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(newsletterSubscribers).where(where),
  ]);
  return { data: rows.map(present), totalCount: Number(total?.n ?? 0) };
}

export async function confirmedSubscribers(db: DbOrTx): Promise<Subscriber[]> {
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, 'confirmed'))
    .orderBy(asc(newsletterSubscribers.confirmedAt), asc(newsletterSubscribers.id));
  return rows.map(present);
}
