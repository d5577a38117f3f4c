// The vet's profile: saving each part, submitting for review, and what changed (docs/product.md,
// Profile and review). Every function takes the database or a transaction; a refusal a person can
// fix is a text refusal (201/202, docs/product.md, Profile and review; decision record 030).
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { auditLog, profiles, users, zipCodes } from '../../../db/schema';
import type { ContactInfoInput, EducationEntry, Step1Input, Step2Input, TitleWebsiteInput, WorkingTimeInput } from '../../../../shared/schemas/profile';
import {
  checkContactInfo,
  checkEducation,
  checkStep1,
  checkStep2,
  checkSummary,
  checkTitleWebsite,
  completeWebsiteUrl,
  checkWorkingTime,
  cleanChoiceList,
  normalizeUsPhone,
} from '../../../../shared/lib/profile-rules';
import { checkSpecialHours, cleanSpecialHours } from '../../../../shared/lib/special-hours';
import type { Announcer } from '../listing/changes';
import type { UserRow } from '../users/index';
import { textRefusal } from '../../../lib/domain-error';
import { DAYS } from '../../../../shared/constants/days';
import { normalizeEmail } from '../../../../shared/lib/email-address';
import { movableNow } from '../../../lib/state-moves';
import { mayMove } from '../../../../shared/lib/state-machine';
import { PROFILE_REVIEW_MOVES } from './review-states';

type ProfileRow = typeof profiles.$inferSelect;
type ProfileChanges = Partial<typeof profiles.$inferInsert>;

/**
 * A problem the vet can fix, answered as text: 202 means an input is wrong; 201 means the profile is
 * not in a state that allows the call (e.g. submitting before both steps are saved). Decision record 030.
 */
const profileProblem = (message: string, status: 201 | 202 = 202) => textRefusal(status, status === 202 ? 'PROFILE_INVALID' : 'PROFILE_INCOMPLETE', message);

function assertValid(problem: string | undefined): void {
  if (problem) throw profileProblem(problem);
}

export async function findProfile(db: DbOrTx, userId: number): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return row;
}

/** Contact fields after the zip was checked against the zip data: position, city and state filled. */
async function contactChanges(db: DbOrTx, input: ContactInfoInput): Promise<ProfileChanges> {
  assertValid(checkContactInfo(input));
  const zip = input.zip.trim();
  const [place] = await db.select().from(zipCodes).where(eq(zipCodes.zip, zip));
  if (!place) throw profileProblem(`The zip code ${zip} is not a US zip code we know. Please check it.`);
  const state = input.state?.trim().toUpperCase() || place.state;
  if (state !== place.state) throw profileProblem(`The zip code ${zip} is in ${place.state}, not ${state}. Please check the zip code or the state.`);
  return {
    clinicName: input.clinic_name.trim(),
    contactPhone: normalizeUsPhone(input.contact_phone)!,
    contactEmail: normalizeEmail(input.contact_email),
    street: input.street.trim(),
    // A typed city (a neighbourhood such as Brooklyn) is kept; an empty one comes from the zip.
    city: input.city?.trim() || place.city,
    state: place.state,
    zip,
    latitude: place.latitude,
    longitude: place.longitude,
  };
}

function titleWebsiteChanges(input: TitleWebsiteInput): ProfileChanges {
  assertValid(checkTitleWebsite(input));
  // 'example.com' is kept as https://example.com (docs/product.md 28.6).
  return { websiteTitle: input.website_title.trim() || null, websiteUrl: completeWebsiteUrl(input.website_url) || null };
}

/** The week, the zone and, when given, the special hours (docs/product.md section 22), checked at `now` in the practice's zone. */
function workingTimeChanges(input: WorkingTimeInput, now: Date): ProfileChanges {
  assertValid(checkWorkingTime(input.working_time, input.time_zone));
  if (input.special_hours) assertValid(checkSpecialHours(input.special_hours, input.time_zone, now));
  const days = [...input.working_time]
    .sort((a, b) => DAYS.indexOf(a.day) - DAYS.indexOf(b.day))
    .map((d) => (d.closed ? { day: d.day, closed: true } : { day: d.day, closed: false, open: d.open!, close: d.close! }));
  return { workingTime: days, timeZone: input.time_zone, ...(input.special_hours ? { specialHours: cleanSpecialHours(input.special_hours) } : {}) };
}

const cleanEducation = (entries: EducationEntry[]) => entries.map((e) => ({ degree: e.degree.trim(), school: e.school.trim(), year: e.year }));

export async function step1Changes(db: DbOrTx, input: Step1Input, now: Date): Promise<ProfileChanges> {
  assertValid(checkStep1(input));
  return { ...(await contactChanges(db, input)), ...titleWebsiteChanges(input), step1DoneAt: now };
}

export function step2Changes(input: Step2Input, previous: ProfileRow | undefined, now: Date): ProfileChanges {
  assertValid(checkStep2(input, now));
  return {
    ...workingTimeChanges(input, now),
    summary: input.summary.trim() || null,
    education: cleanEducation(input.education),
    services: cleanChoiceList(input.services),
    species: cleanChoiceList(input.species),
    emergency: input.emergency,
    acceptingNewPatients: input.accepting_new_patients,
    // docs/product.md, Search: owners see when 'accepting new patients' was last confirmed; saving step 2 confirms it.
    acceptingConfirmedAt: input.accepting_new_patients ? now : (previous?.acceptingConfirmedAt ?? null),
    licenseNumber: input.license_number.trim() || null,
    licenseState: input.license_state.trim().toUpperCase() || null,
    step2DoneAt: now,
  };
}

export const changeBuilders = {
  contactInfo: (db: DbOrTx, input: ContactInfoInput) => contactChanges(db, input),
  titleWebsite: async (_db: DbOrTx, input: TitleWebsiteInput) => titleWebsiteChanges(input),
  workingTime: async (_db: DbOrTx, input: WorkingTimeInput, now: Date) => workingTimeChanges(input, now),
  summary: async (_db: DbOrTx, input: { summary: string }) => {
    assertValid(checkSummary(input.summary));
    return { summary: input.summary.trim() || null } satisfies ProfileChanges;
  },
  education: async (_db: DbOrTx, input: { education: EducationEntry[] }, now: Date) => {
    assertValid(checkEducation(input.education, now));
    return { education: cleanEducation(input.education) } satisfies ProfileChanges;
  },
};

// Fields an administrator cares about when a listed profile changes; bookkeeping columns are left out.
const NOT_AUDITED = new Set<keyof ProfileRow>([
  'step1DoneAt',
  'step2DoneAt',
  'updatedAt',
  'createdAt',
  'acceptingConfirmedAt',
  'latitude',
  'longitude',
  'avatarKey',
  'viewCount',
]);

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Field-by-field differences, in the API's snake_case names. */
export function diffProfile(before: ProfileRow | undefined, changes: ProfileChanges): Record<string, { from: unknown; to: unknown }> {
  const diff: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, to] of Object.entries(changes) as [keyof ProfileRow, unknown][]) {
    if (NOT_AUDITED.has(field)) continue;
    const from = before?.[field] ?? null;
    if (!sameValue(from, to)) diff[field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = { from, to };
  }
  return diff;
}

/**
 * What the public reads as the practice and where its messages go: an approved profile whose
 * clinic name, contact e-mail or website changes goes back to review (docs/product.md, 6.3; decision 085).
 * The website also decides who may claim a listing by e-mail, so it counts only once approved (20.8).
 */
const REVIEWED_FIELDS = ['clinic_name', 'contact_email', 'website_url'];

/**
 * Saves part of the profile. A profile that was ever submitted keeps its review state (an approved
 * one stays listed, unless its name, contact e-mail or website changed) and each change is written to the
 * audit log as 'profile.changed', so the administrator sees what changed (docs/product.md, Profile
 * and review). `within` runs in the same transaction (the contact address link's e-mail).
 */
export async function saveProfile(
  db: DbOrTx,
  announcer: Announcer,
  user: UserRow,
  section: string,
  changes: ProfileChanges,
  now: Date,
  within?: (tx: DbOrTx) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await tx
      .select()
      .from(profiles)
      .where(eq(profiles.userId, user.id))
      .for('update')
      .then((rows) => rows[0]);
    if (before)
      await tx
        .update(profiles)
        .set({ ...changes, updatedAt: now })
        .where(eq(profiles.userId, user.id));
    else await tx.insert(profiles).values({ userId: user.id, ...changes });
    const [current] = await tx.select({ submitAt: users.submitAt, reviewState: users.reviewState }).from(users).where(eq(users.id, user.id));
    const diff = diffProfile(before, changes);
    const backToReview = current?.reviewState === 'approved' && REVIEWED_FIELDS.some((field) => field in diff);
    if (current?.submitAt && Object.keys(diff).length > 0) {
      await tx.insert(auditLog).values({
        actorId: user.id,
        action: 'profile.changed',
        targetType: 'profile',
        targetId: String(user.id),
        details: { section, review_state: current.reviewState, changes: diff, ...(backToReview ? { back_to_review: true } : {}) },
      });
    }
    await tx.update(users).set({ updatedAt: now }).where(eq(users.id, user.id));
    // Conditional, so an administrator's decision taken meanwhile (a rejection) is never undone.
    if (backToReview)
      await tx
        .update(users)
        .set({ reviewState: PROFILE_REVIEW_MOVES.back_to_review.to })
        .where(and(eq(users.id, user.id), movableNow(users.reviewState, PROFILE_REVIEW_MOVES, 'back_to_review')));
    if (within) await within(tx);
  });
  // A listed profile's edit shows in search answers and on its page at once (docs/decisions/037-search-cache.md).
  announcer.announce({ kind: 'listing changed', doctorId: user.id });
}

/** profile-submit: puts a complete profile in the review queue and sets submit_at. */
export async function submitProfile(db: DbOrTx, user: UserRow, now: Date): Promise<void> {
  const profile = await findProfile(db, user.id);
  if (!profile?.step1DoneAt) throw profileProblem('Please complete Step 1 (contact details) before you submit your profile.', 201);
  if (!profile.step2DoneAt) throw profileProblem('Please complete Step 2 (working time and practice details) before you submit your profile.', 201);
  // Already in review or listed: nothing to do; later edits are recorded by saveProfile.
  if (!mayMove(PROFILE_REVIEW_MOVES, user.reviewState, 'submit')) return;
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ submitAt: now, reviewState: PROFILE_REVIEW_MOVES.submit.to, updatedAt: now })
      .where(and(eq(users.id, user.id), movableNow(users.reviewState, PROFILE_REVIEW_MOVES, 'submit')))
      .returning({ id: users.id });
    if (!updated) return;
    await tx.insert(auditLog).values({
      actorId: user.id,
      action: 'profile.submitted',
      targetType: 'profile',
      targetId: String(user.id),
      details: { previous_state: user.reviewState },
    });
  });
}
