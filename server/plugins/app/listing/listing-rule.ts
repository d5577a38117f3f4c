// The rule "this vet is listed" (docs/product.md, Profile and review; Plans and payment), in one
// place. A vet is listed while the account is approved and active, the profile has a place on the
// map, and a paid plan is in force: plan above 0, 'active' or 'canceling' (a cancelled plan counts
// until its paid period ends), and the paid period not over.
//
// The table doctor_search is the source: its triggers (migrations 0004 and 0009, the view
// doctor_search_source) keep a row for every vet that passes all of it except the end of the paid
// period, which moves with time and is checked on reading (`listedSql`). Search, public pages,
// page heads, sitemaps and the administrators' account view all read it from here.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { rowsOf } from '../../../lib/sql-rows';
import type { payments } from '../../../db/schema';

type PaymentRow = typeof payments.$inferSelect;

/** A plan above 0 whose paid period has not ended: what unlocks a vet's own plan features. */
export function hasPaidPlan(payment: PaymentRow | undefined | null, now: Date): boolean {
  if (!payment || payment.plan <= 0) return false;
  if (payment.status !== 'active' && payment.status !== 'canceling') return false;
  return !payment.currentPeriodEnd || payment.currentPeriodEnd > now;
}

/** The plan that is in force now (0 when none). */
export function activePlan(payment: PaymentRow | undefined | null, now: Date): number {
  return hasPaidPlan(payment, now) ? payment!.plan : 0;
}

/** `hasPaidPlan` as SQL about the user `userId` (a column or value); with `plan`, that plan only. */
export function planInForceSql(userId: AnyColumn | SQL, plan?: number): SQL {
  return sql`exists (select 1 from payments p where p.user_id = ${userId} and p.plan > 0 ${plan ? sql`and p.plan = ${plan}` : sql``}
    and p.status in ('active', 'canceling') and (p.current_period_end is null or p.current_period_end > now()))`;
}

/** Whether the doctor_search row `ds` is listed at `at` (now by default): its paid period has not ended. */
export function listedSql(at?: Date): SQL {
  return sql`(ds.paid_until is null or ds.paid_until > ${at ?? sql`now()`})`;
}

/** The ids of the vets listed at `at`, as a subquery: `users.id in ${listedIds()}`. */
export function listedIds(at?: Date): SQL {
  return sql`(select ds.user_id from doctor_search ds where ${listedSql(at)})`;
}

/** Whether the vet `id` is listed at `at`. */
export async function isListed(db: DbOrTx, id: number, at?: Date): Promise<boolean> {
  const result = await db.execute(sql`select exists (select 1 from doctor_search ds where ds.user_id = ${id} and ${listedSql(at)}) as listed`);
  return rowsOf<{ listed: boolean }>(result)[0]?.listed === true;
}
