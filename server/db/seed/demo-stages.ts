// Demo vets at every stage of onboarding (docs/product.md, Profile and review), so a newcomer can
// sign in as each and see what a vet sees: no plan, paid but draft, in review, rejected (with the
// administrator's reason) and approved. Fictional names, 555-01xx phone numbers, generated avatars.
// They share one random password, printed once when they are created.
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { auditLog, payments, profiles, users, zipCodes, type ReviewState, type WorkingDay } from '../schema';
import type { FileStorage } from '../../storage/storage';
import { storeInitialsAvatar } from './demo-avatars';

export const STAGE_VET_DOMAIN = 'stages.demo.animaldoctor.local';

interface StageVet {
  first: string;
  last: string;
  stage: 'no_plan' | ReviewState;
  plan: 0 | 1 | 2 | 3;
  clinic: string;
  zip: string;
  street: string;
  phone: string;
  timeZone: string;
  summary: string;
  reason?: string;
}

const STAGE_VETS: StageVet[] = [
  {
    first: 'Nora',
    last: 'Whitfield',
    stage: 'no_plan',
    plan: 0,
    clinic: 'Harbor Light Veterinary',
    zip: '04101',
    street: '18 Fore St',
    phone: '(207) 555-0161',
    timeZone: 'America/New_York',
    summary: '',
  },
  {
    first: 'Owen',
    last: 'Castillo',
    stage: 'draft',
    plan: 1,
    clinic: 'Treasure Valley Pet Clinic',
    zip: '83702',
    street: '410 W Idaho St',
    phone: '(208) 555-0162',
    timeZone: 'America/Boise',
    summary: '',
  },
  {
    first: 'Ines',
    last: 'Takahashi',
    stage: 'pending',
    plan: 2,
    clinic: 'Isthmus Animal Hospital',
    zip: '53703',
    street: '120 E Johnson St',
    phone: '(608) 555-0163',
    timeZone: 'America/Chicago',
    summary: 'A small-animal hospital two blocks from the Capitol, with evening appointments and a cat-only waiting room.',
  },
  {
    first: 'Felix',
    last: 'Brennan',
    stage: 'rejected',
    plan: 1,
    clinic: 'Old Town Critter Care',
    zip: '87102',
    street: '300 Central Ave SW',
    phone: '(505) 555-0164',
    timeZone: 'America/Denver',
    summary: 'Best vet in New Mexico, guaranteed cures for every pet.',
    reason: 'Please remove the guarantee of cures from your summary and add your New Mexico licence number.',
  },
  {
    first: 'Lena',
    last: 'Marsh',
    stage: 'approved',
    plan: 2,
    clinic: 'Old Port Animal Clinic',
    zip: '04101',
    street: '95 Exchange St',
    phone: '(207) 555-0165',
    timeZone: 'America/New_York',
    summary: 'A walk-in friendly clinic in the Old Port for dogs, cats and rabbits, with house calls on the peninsula.',
  },
];

const HOURS: WorkingDay[] = [
  { day: 'mon', closed: false, open: '08:30', close: '17:30' },
  { day: 'tue', closed: false, open: '08:30', close: '17:30' },
  { day: 'wed', closed: false, open: '08:30', close: '19:00' },
  { day: 'thu', closed: false, open: '08:30', close: '17:30' },
  { day: 'fri', closed: false, open: '08:30', close: '16:00' },
  { day: 'sat', closed: false, open: '09:00', close: '12:00' },
  { day: 'sun', closed: true },
];

const stageVetEmail = (vet: StageVet) => `${vet.first}.${vet.last}@${STAGE_VET_DOMAIN}`.toLowerCase();
const stageLabel = (vet: StageVet) => (vet.stage === 'no_plan' ? 'no plan' : vet.stage === 'pending' ? 'in review' : vet.stage);

/** Each stage vet's e-mail and stage, as printed when they are created. */
export const STAGE_VET_ACCOUNTS = STAGE_VETS.map((vet) => ({ email: stageVetEmail(vet), stage: stageLabel(vet) }));

export interface StageVetsResult {
  accounts: { email: string; stage: string }[];
  /** Set when this call created them; stored only as a hash. */
  password: string;
}

export async function loadDemoStageVets(
  tx: DbOrTx,
  options: { storage: FileStorage; passwordHash: string; password: string; adminId: number | null; now: Date; periodEnd: Date },
): Promise<StageVetsResult> {
  const { now } = options;
  const zips = await tx
    .select()
    .from(zipCodes)
    .where(
      inArray(
        zipCodes.zip,
        STAGE_VETS.map((v) => v.zip),
      ),
    );
  const zipByCode = new Map(zips.map((z) => [z.zip, z]));
  const accounts: StageVetsResult['accounts'] = [];
  for (const [index, vet] of STAGE_VETS.entries()) {
    const place = zipByCode.get(vet.zip);
    if (!place) continue;
    const reviewState: ReviewState = vet.stage === 'no_plan' ? 'draft' : vet.stage;
    const submitted = reviewState !== 'draft';
    const decided = reviewState === 'approved' || reviewState === 'rejected';
    const email = stageVetEmail(vet);
    const [user] = await tx
      .insert(users)
      .values({
        email,
        passwordHash: options.passwordHash,
        firstName: vet.first,
        lastName: vet.last,
        verify: true,
        verifiedAt: now,
        submitAt: submitted ? new Date(now.getTime() - (index + 1) * 3_600_000) : null,
        reviewState,
        reviewReason: vet.reason ?? null,
        reviewedAt: decided ? now : null,
        reviewedBy: decided ? options.adminId : null,
      })
      .onConflictDoNothing()
      .returning();
    if (!user) continue;
    accounts.push({ email, stage: stageLabel(vet) });
    if (vet.plan > 0) {
      await tx.insert(payments).values({
        userId: user.id,
        plan: vet.plan,
        status: 'active',
        provider: 'sandbox',
        email,
        customerId: `cus_demo_${user.id}`,
        subscriptionId: `sub_demo_${user.id}`,
        currentPeriodEnd: options.periodEnd,
      });
    }
    if (vet.stage === 'no_plan') continue;
    const complete = vet.stage !== 'draft';
    const avatar = await storeInitialsAvatar(options.storage, user.id, vet.first, vet.last, index + 3);
    await tx.insert(profiles).values({
      userId: user.id,
      clinicName: vet.clinic,
      contactPhone: vet.phone,
      contactEmail: `front-desk@${STAGE_VET_DOMAIN}`,
      street: vet.street,
      city: place.city,
      state: place.state,
      zip: vet.zip,
      latitude: place.latitude,
      longitude: place.longitude,
      websiteTitle: null,
      websiteUrl: null,
      avatarUrl: avatar.url,
      avatarKey: avatar.key,
      workingTime: complete ? HOURS : null,
      timeZone: complete ? vet.timeZone : null,
      summary: complete ? `${vet.summary} This is a demo listing.` : null,
      education: complete ? [{ degree: 'Doctor of Veterinary Medicine (DVM)', school: 'Colorado State University', year: 2011 + index }] : [],
      services: complete ? ['Wellness exams', 'Vaccinations'] : [],
      species: complete ? ['dogs', 'cats'] : [],
      acceptingNewPatients: complete,
      acceptingConfirmedAt: complete ? now : null,
      licenseNumber: vet.stage === 'rejected' ? null : `DEMO-${2000 + index}`,
      licenseState: place.state,
      step1DoneAt: now,
      step2DoneAt: complete ? now : null,
    });
    if (submitted) {
      await tx
        .insert(auditLog)
        .values({ actorId: user.id, action: 'profile.submitted', targetType: 'profile', targetId: String(user.id), details: { previous_state: 'draft' } });
    }
    if (decided) {
      await tx.insert(auditLog).values({
        actorId: options.adminId,
        action: reviewState === 'approved' ? 'profile.approved' : 'profile.rejected',
        targetType: 'profile',
        targetId: String(user.id),
        details: { reason: vet.reason ?? null, changes: { review_state: { from: 'pending', to: reviewState } } },
      });
    }
  }
  return { accounts, password: options.password };
}
