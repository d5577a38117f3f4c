// The one shape of a user in any answer (docs/product.md, The API): only these fields leave the server.
import type { User } from '../../../../shared/types/user';
import type { payments, profiles, users } from '../../../db/schema';

type UserRow = typeof users.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type ProfileRow = typeof profiles.$inferSelect;

export function presentUser(user: UserRow, payment?: PaymentRow | null, profile?: ProfileRow | null): User {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    verify: user.verify,
    manage_role: user.manageRole,
    submit_at: user.submitAt?.toISOString() ?? null,
    payment: payment ? { plan: payment.plan, status: payment.status, current_period_end: payment.currentPeriodEnd?.toISOString() ?? null } : null,
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
