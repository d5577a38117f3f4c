// Record-level permission rules: "may this user touch that record". Routes call these after a
// require* preHandler; they answer yes or no and never touch the database themselves.
import type { payments } from '../../../db/schema';
import type { UserRow } from '../users/user-repository';

type PaymentRow = typeof payments.$inferSelect;

/** A plan above 0 whose paid period has not ended (docs/product.md, Plans and payment). */
export function hasPaidPlan(payment: PaymentRow | undefined | null, now = new Date()): boolean {
  if (!payment || payment.plan <= 0) return false;
  if (payment.status !== 'active' && payment.status !== 'canceling') return false;
  return !payment.currentPeriodEnd || payment.currentPeriodEnd > now;
}

/** The plan that is in force now (0 when none). */
export function activePlan(payment: PaymentRow | undefined | null, now = new Date()): number {
  return hasPaidPlan(payment, now) ? payment!.plan : 0;
}

export function isAdmin(user: UserRow): boolean {
  return user.manageRole === 'admin' && user.status === 'active';
}

/** A user may change only their own profile; an administrator may act on anyone's. */
export function mayEditProfile(actor: UserRow, ownerId: number): boolean {
  return actor.id === ownerId || isAdmin(actor);
}
