// The one shape of a user in any answer (docs/product.md, The API): only these fields leave the server.
// The profile pieces sit under `profile` with the avatar as a URL (docs/product.md, Profile and review).
import type { ProfileView } from '../../../../shared/schemas/profile';
import type { ReviewedUser, UserIdentity } from '../../../../shared/schemas/user';
import type { User } from '../../../../shared/types/user';
import type { payments, profiles, users } from '../../../db/schema';
import { AVATAR_SIZES, variantUrls } from '../uploads/images';
import { hasPaidPlan } from '../listing/listing-rule';
import { isConfirmedContact } from './contact-rule';

type UserRow = typeof users.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type ProfileRow = typeof profiles.$inferSelect;

/** Where the administrator's approval of a profile stands (docs/product.md, Profile and review). */
function approvalOf(user: UserRow): Pick<ProfileView, 'review_state' | 'review_reason' | 'reviewed_at'> {
  return { review_state: user.reviewState, review_reason: user.reviewReason, reviewed_at: user.reviewedAt?.toISOString() ?? null };
}

export function presentProfile(profile: ProfileRow, user: UserRow): ProfileView {
  return {
    clinic_name: profile.clinicName,
    contact_phone: profile.contactPhone,
    contact_email: profile.contactEmail,
    contact_email_confirmed: isConfirmedContact(profile.contactEmail, profile, user),
    street: profile.street,
    city: profile.city,
    state: profile.state,
    zip: profile.zip,
    latitude: profile.latitude,
    longitude: profile.longitude,
    website_title: profile.websiteTitle,
    website_url: profile.websiteUrl,
    working_time: profile.workingTime ?? [],
    time_zone: profile.timeZone,
    // As stored; the forms leave out days that have passed (docs/product.md section 22).
    special_hours: profile.specialHours,
    avatar: profile.avatarUrl,
    avatar_sizes: variantUrls(profile.avatarUrl, AVATAR_SIZES),
    summary: profile.summary,
    education: profile.education,
    services: profile.services,
    species: profile.species,
    emergency: profile.emergency,
    accepting_new_patients: profile.acceptingNewPatients,
    license_number: profile.licenseNumber,
    license_state: profile.licenseState,
    step1_done: profile.step1DoneAt !== null,
    step2_done: profile.step2DoneAt !== null,
    ...approvalOf(user),
  };
}

/**
 * The plan as it stands now: a plan whose paid period has ended shows as plan 0, status 'expired',
 * even before the periodic sweep marks it (docs/product.md, Plans and payment).
 */
function presentPayment(payment: PaymentRow | null | undefined, now: Date): User['payment'] {
  if (!payment) return null;
  const inForce = hasPaidPlan(payment, now);
  const lapsed = !inForce && payment.plan > 0 && (payment.status === 'active' || payment.status === 'canceling');
  return {
    plan: inForce ? payment.plan : 0,
    status: lapsed ? 'expired' : payment.status,
    current_period_end: payment.currentPeriodEnd?.toISOString() ?? null,
  };
}

/** Who the user is: the first fields of the user object and of Manage Users' rows. */
export function presentIdentity(user: UserRow): UserIdentity {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    verify: user.verify,
    manage_role: user.manageRole,
    account_type: user.accountType,
  };
}

export function presentUser(user: UserRow, now: Date, payment?: PaymentRow | null, profile?: ProfileRow | null): User {
  return {
    ...presentIdentity(user),
    submit_at: user.submitAt?.toISOString() ?? null,
    payment: presentPayment(payment, now),
    profile: profile ? presentProfile(profile, user) : null,
  };
}

/**
 * The user as an administrator's answers show it: the user object with the review also at the top, so that a
 * user without a profile yet shows as a draft (the queue, the review decision, Manage Users' detail).
 */
export function presentReviewedUser(user: UserRow, now: Date, payment?: PaymentRow | null, profile?: ProfileRow | null): ReviewedUser {
  return { ...presentUser(user, now, payment, profile), ...approvalOf(user) };
}
