// The one shape of a user in any answer (docs/product.md, The API): only these fields leave the server.
import type { User } from '../../../../shared/types/user';
import type { payments, profiles, users } from '../../../db/schema';
import { hasPaidPlan } from '../auth/policies';

type UserRow = typeof users.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type ProfileRow = typeof profiles.$inferSelect;

/**
 * The plan as it stands now: a plan whose paid period has ended shows as plan 0, status 'expired',
 * even before the periodic sweep marks it (docs/product.md, Plans and payment).
 */
function presentPayment(payment: PaymentRow | null | undefined): User['payment'] {
  if (!payment) return null;
  const inForce = hasPaidPlan(payment);
  const lapsed = !inForce && payment.plan > 0 && (payment.status === 'active' || payment.status === 'canceling');
  return {
    plan: inForce ? payment.plan : 0,
    status: lapsed ? 'expired' : payment.status,
    current_period_end: payment.currentPeriodEnd?.toISOString() ?? null,
  };
}

export function presentUser(user: UserRow, payment?: PaymentRow | null, profile?: ProfileRow | null): User {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    verify: user.verify,
    manage_role: user.manageRole,
    submit_at: user.submitAt?.toISOString() ?? null,
    payment: presentPayment(payment),
    review_state: user.reviewState,
    contact_info: profile
      ? { clinic_name: profile.clinicName, contact_phone: profile.contactPhone, contact_email: profile.contactEmail, street: profile.street, city: profile.city, state: profile.state, zip: profile.zip }
      : null,
    working_time: profile?.workingTime ?? null,
    avatar: profile?.avatarUrl ?? null,
    website: profile ? { title: profile.websiteTitle, url: profile.websiteUrl } : null,
    summary: profile?.summary ?? null,
    education: profile?.education ?? [],
  };
}
