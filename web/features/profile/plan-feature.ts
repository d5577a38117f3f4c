// What the vet's plan in force includes, for showing or hiding a panel (docs/product.md, plans). The server
// checks again on every call; this only keeps a page from offering (and calling) what the plan lacks.
import { planIncludes, type PlanFeature } from '../../../shared/constants/plans';
import type { User } from '../../../shared/types/user';

/**
 * Whether the plan in force includes a feature. Whether the paid period has ended is the server's to say, by the
 * app's one clock: a lapsed plan comes as plan 0 with the status 'expired' (docs/product.md, Plans and payment).
 */
export function hasFeature(user: User, feature: PlanFeature): boolean {
  const payment = user.payment;
  if (!payment || (payment.status !== 'active' && payment.status !== 'canceling')) return false;
  return planIncludes(payment.plan, feature);
}
