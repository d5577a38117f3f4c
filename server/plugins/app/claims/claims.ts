// Claiming an imported practice (docs/product.md section 20): by a code e-mailed to an address at the
// practice website's domain, or by a document an administrator decides on. The transfer moves the
// claimant's sign-in onto the practice's account row, so the practice keeps its id, address and reviews,
// and retires the claimant's empty account; what it changed is kept on the claim, so an administrator can
// restore it (docs/decisions/108-imported-practice-is-an-account-row.md).
import crypto from 'node:crypto';
import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, lt, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  checkoutSessions,
  payments,
  practiceClaimGuesses,
  practiceClaims,
  profiles,
  reviews,
  users,
  type ClaimState,
  type ReviewState,
} from '../../../db/schema';
import { CLAIM_CODE } from '../../../../shared/constants/import';
import type { Claim, ClaimInput } from '../../../../shared/schemas/import-claim';
import { stateCode } from '../../../../shared/constants/us-states';
import { addressLine } from '../../../../shared/lib/address';
import { domainError } from '../../../lib/domain-error';
import { quantity } from '../../../lib/wording';
import { CODE_RULES, codeHash, codeMatches, newCode } from '../../../lib/one-time-codes';
import type { Clock } from '../../../lib/clock';
import type { Mailer } from '../mail/index';
import type { Announcer } from '../listing/changes';
import type { Counters } from '../limits/counters';
import type { FileStorage } from '../../../storage/storage';
import type { TokenService } from '../auth/tokens';
import type { SendLimits } from '../accounts/index';
import { writeAudit, type Actor } from '../audit/audit-log';
import type { UserRow } from '../users/user-repository';
import { unclaimedEmail } from '../practice-import/index';
import { claimCodeEmail, claimDecisionEmail } from '../mail/templates';
import { documentType, emailDomain, emailMatchesPractice, practiceEmailDomain } from './claim-domain';
import { isAdmin } from '../auth/index';
import { rowsOf, isUniqueViolation } from '../../../lib/sql-rows';
import { phoneKey } from '../../../../shared/lib/profile-rules';
import { normalizeEmail } from '../../../../shared/lib/email-address';

export interface ClaimDeps {
  db: DbOrTx;
  mailer: Mailer;
  changes: Announcer;
  clock: Clock;
  counters: Counters;
  storage: FileStorage;
  tokens: TokenService;
  /** The one send budget (docs/decisions/012): a code e-mail spends the recipient's and the client's. */
  sendLimits: SendLimits;
  practiceLink: (id: number) => string;
}

export const CLAIM_MESSAGES = {
  notFound: 'This practice does not exist or cannot be claimed.',
  alreadyClaimed: 'This practice has already been claimed by its vet.',
  open: 'Someone is already claiming this practice and it is being checked. If it is yours, contact us.',
  hasPractice: 'Your account already has a practice profile. Each account manages one practice.',
  admin: 'Administrator accounts cannot claim a practice.',
  noDomain:
    "This practice's website does not show an e-mail domain we can check (it has none, or it is on a shared platform). Claim it with a document instead.",
  wrongDomain: (domain: string) =>
    `Use an address at ${domain}, the practice website's own domain (not a subdomain or a similar-looking one), or claim with a document.`,
  badEmail: 'Enter the e-mail address at the practice that should receive the code.',
  badState: 'Enter the licence state as its two-letter code, e.g. NY.',
  badDocument: 'The document must be a PDF, JPEG or PNG file.',
  noCodeClaim: 'There is no claim of this practice waiting for a code from your account. Start the claim again.',
  expired: 'The code has expired. Ask for a new one.',
  tooMany: 'Too many wrong codes. Ask for a new code.',
  practiceGuesses: 'Too many codes were tried for this practice in the last hour. Please try again later, or claim it with a document.',
  coolingDown: (minutes: number) =>
    `Too many wrong codes were entered for this practice. It can be claimed by e-mail again in ${quantity(minutes, 'minute')}; you can claim it with a document now.`,
  wrong: (left: number) => `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
  tooManyClaims: 'Too many claims from this account in the last hour. Please try again later.',
  codeSent: (email: string) => `We sent a six-digit code to ${email}. Enter it within 10 minutes.`,
  waiting: 'Thank you. An administrator will check your document and e-mail you the decision.',
  claimed: 'The practice is yours. You are signed in to it now.',
  /** Profile step 1's 202 (section 20): names the listing and where to claim it; the wizard reads the address at its end. */
  listedAlready: (twin: { id: number; clinicName: string | null; street: string | null; city: string | null; state: string | null; zip: string | null }) =>
    `${twin.clinicName ?? 'A practice'} at ${addressLine(twin)} is already listed and not claimed yet. If it is your practice, claim it instead of creating a second listing: /claim/${twin.id}`,
} as const;

/** Claims one account may start an hour: each e-mails a practice address, so they are few. */
const CLAIMS_PER_HOUR = 5;
const HOUR = 3_600_000;
/** Claim documents live under a prefix that GET /uploads never serves (server/routes/uploads). */
export const PRIVATE_PREFIX = 'private/';

interface Practice {
  id: number;
  claimed: boolean;
  status: string;
  clinicName: string | null;
  websiteUrl: string | null;
  reviewedWebsiteUrl: string | null;
  externalId: string | null;
}

async function practiceOf(db: DbOrTx, id: number): Promise<Practice | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      claimed: users.claimed,
      status: users.status,
      clinicName: profiles.clinicName,
      websiteUrl: profiles.websiteUrl,
      reviewedWebsiteUrl: profiles.reviewedWebsiteUrl,
      externalId: profiles.externalId,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, id));
  return row;
}

/** Who may claim: a verified account that manages no practice yet, and the practice: imported, active, unclaimed. */
async function checkClaim(deps: ClaimDeps, claimant: UserRow, doctorId: number): Promise<Practice> {
  if (isAdmin(claimant)) throw domainError(403, 'FORBIDDEN', CLAIM_MESSAGES.admin);
  const practice = await practiceOf(deps.db, doctorId);
  if (!practice || practice.externalId === null || practice.status !== 'active')
    throw domainError(404, 'NOT_FOUND', CLAIM_MESSAGES.notFound, { field: 'doctor_id' });
  if (practice.claimed) throw domainError(409, 'ALREADY_CLAIMED', CLAIM_MESSAGES.alreadyClaimed, { field: 'doctor_id' });
  const [own] = await deps.db.select({ step1: profiles.step1DoneAt, clinic: profiles.clinicName }).from(profiles).where(eq(profiles.userId, claimant.id));
  if (own?.step1 || own?.clinic) throw domainError(409, 'HAS_PRACTICE', CLAIM_MESSAGES.hasPractice);
  return practice;
}

/** Counts a claim that will e-mail a practice or store a document: a few an hour per account. */
async function countClaim(deps: ClaimDeps, claimant: UserRow): Promise<void> {
  if ((await deps.counters.hit(`claim:${claimant.id}`, HOUR)) > CLAIMS_PER_HOUR) throw domainError(429, 'RATE_LIMITED', CLAIM_MESSAGES.tooManyClaims);
}

/**
 * After a claim by e-mail used up its tries, nobody claims that practice by e-mail for an hour (docs/product.md
 * 20.8): a fresh claim from another account would otherwise bring five fresh guesses at once. Counted from the
 * used-up claim's start; a claim by document stays open to the real vet meanwhile.
 */
async function checkCoolDown(db: DbOrTx, doctorId: number, now: Date): Promise<void> {
  const [last] = await db
    .select({ at: sql<Date | string | null>`max(${practiceClaims.createdAt})` })
    .from(practiceClaims)
    .where(
      and(
        eq(practiceClaims.doctorId, doctorId),
        eq(practiceClaims.method, 'email'),
        sql`${practiceClaims.attempts} >= ${CODE_RULES.claim.tries}`,
        sql`${practiceClaims.createdAt} > ${new Date(now.getTime() - CLAIM_CODE.coolDownMs)}`,
      ),
    );
  if (!last?.at) return;
  const waitMs = new Date(last.at).getTime() + CLAIM_CODE.coolDownMs - now.getTime();
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  throw domainError(429, 'CLAIM_COOLING_DOWN', CLAIM_MESSAGES.coolingDown(minutes), { field: 'doctor_id', retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) });
}

/**
 * Takes one guess at a practice's codes from its hourly budget over every account and claim together
 * (docs/product.md 20.8): counted and checked in ONE statement, so parallel guesses from many accounts
 * never pass the limit. False when the budget is spent.
 */
async function takePracticeGuess(db: DbOrTx, doctorId: number, now: Date): Promise<boolean> {
  const windowOver = sql`${practiceClaimGuesses.windowStart} <= ${new Date(now.getTime() - HOUR)}`;
  const taken = await db
    .insert(practiceClaimGuesses)
    .values({ doctorId, windowStart: now, guesses: 1 })
    .onConflictDoUpdate({
      target: practiceClaimGuesses.doctorId,
      set: {
        guesses: sql`CASE WHEN ${windowOver} THEN 1 ELSE ${practiceClaimGuesses.guesses} + 1 END`,
        windowStart: sql`CASE WHEN ${windowOver} THEN ${now}::timestamptz ELSE ${practiceClaimGuesses.windowStart} END`,
      },
      setWhere: sql`${windowOver} OR ${practiceClaimGuesses.guesses} < ${CLAIM_CODE.practiceGuessesPerHour}`,
    })
    .returning({ guesses: practiceClaimGuesses.guesses });
  return taken.length > 0;
}

/** Ends open code claims whose code has expired, and the claimant's own open claim of this practice (a new one replaces it). */
async function closeStale(tx: DbOrTx, doctorId: number, claimantId: number, now: Date): Promise<void> {
  await tx
    .update(practiceClaims)
    .set({ state: 'expired' })
    .where(
      and(
        eq(practiceClaims.doctorId, doctorId),
        eq(practiceClaims.state, 'code_sent'),
        sql`(${practiceClaims.codeExpiresAt} <= ${now} OR ${practiceClaims.attempts} >= ${CODE_RULES.claim.tries} OR ${practiceClaims.claimantId} = ${claimantId})`,
      ),
    );
}

async function insertClaim(tx: DbOrTx, values: typeof practiceClaims.$inferInsert) {
  try {
    const [claim] = await tx.insert(practiceClaims).values(values).returning();
    return claim!;
  } catch (error) {
    if (isUniqueViolation(error)) throw domainError(409, 'CLAIM_OPEN', CLAIM_MESSAGES.open, { field: 'doctor_id' });
    throw error;
  }
}

const licence = (input: Pick<ClaimInput, 'license_number' | 'license_state'>) => {
  const state = stateCode(input.license_state.trim());
  if (!state) throw domainError(400, 'VALIDATION_ERROR', CLAIM_MESSAGES.badState, { field: 'license_state' });
  return { licenseNumber: input.license_number.trim(), licenseState: state };
};

/** A claim by e-mail: the address must be at the practice website's domain; a code goes there. */
export async function claimByEmail(deps: ClaimDeps, claimant: UserRow, input: ClaimInput, ip: string | null) {
  const email = normalizeEmail(input.email ?? '');
  if (!email || !emailDomain(email) || !/^[^\s@]+@[^\s@]+$/.test(email))
    throw domainError(400, 'VALIDATION_ERROR', CLAIM_MESSAGES.badEmail, { field: 'email' });
  const lic = licence(input);
  const practice = await checkClaim(deps, claimant, input.doctor_id);
  // The website as imported or last approved by an administrator, never one its holder typed since (20.8):
  // a wrongful holder's own domain must not let it claim the practice back after a restore.
  const domain = practiceEmailDomain(practice.reviewedWebsiteUrl);
  if (!domain) throw domainError(400, 'NO_EMAIL_DOMAIN', CLAIM_MESSAGES.noDomain, { field: 'method' });
  if (!emailMatchesPractice(email, practice.reviewedWebsiteUrl)) throw domainError(400, 'WRONG_DOMAIN', CLAIM_MESSAGES.wrongDomain(domain), { field: 'email' });
  const now = deps.clock.now();
  await checkCoolDown(deps.db, practice.id, now);
  await countClaim(deps, claimant);
  // The code goes to an address at the practice: it spends that recipient's and this client's e-mail budgets (20.8).
  await deps.sendLimits.take('claim_code', email, ip ?? 'unknown');
  const code = newCode();
  const claim = await deps.db.transaction(async (tx) => {
    await closeStale(tx, practice.id, claimant.id, now);
    const made = await insertClaim(tx, {
      doctorId: practice.id,
      claimantId: claimant.id,
      claimantEmail: claimant.email,
      method: 'email',
      email,
      ...lic,
      state: 'code_sent',
      codeHash: 'pending',
      codeExpiresAt: new Date(now.getTime() + CODE_RULES.claim.ttlMs),
      createdAt: now,
    });
    await tx
      .update(practiceClaims)
      .set({ codeHash: codeHash('claim', made.id, code) })
      .where(eq(practiceClaims.id, made.id));
    await deps.mailer.enqueue(tx, { address: email, kind: 'claim_code' }, claimCodeEmail(code, practice.clinicName ?? 'your practice'));
    await writeAudit(
      tx,
      { id: claimant.id, ip },
      { action: 'claim code sent', targetType: 'claim', targetId: made.id, details: { doctor_id: practice.id, email } },
    );
    return made;
  });
  return { message: CLAIM_MESSAGES.codeSent(email), claim_id: claim.id, state: claim.state, email };
}

/** A claim by document: checked by its first bytes, stored privately, and queued for an administrator. */
export async function claimByDocument(deps: ClaimDeps, claimant: UserRow, input: ClaimInput, bytes: Buffer, ip: string | null) {
  const lic = licence(input);
  const type = documentType(bytes);
  if (!type) throw domainError(400, 'VALIDATION_ERROR', CLAIM_MESSAGES.badDocument, { field: 'document' });
  const practice = await checkClaim(deps, claimant, input.doctor_id);
  await countClaim(deps, claimant);
  const now = deps.clock.now();
  const key = `${PRIVATE_PREFIX}claims/${crypto.randomUUID()}.${type.extension}`;
  const claim = await deps.db.transaction(async (tx) => {
    await closeStale(tx, practice.id, claimant.id, now);
    const made = await insertClaim(tx, {
      doctorId: practice.id,
      claimantId: claimant.id,
      claimantEmail: claimant.email,
      method: 'document',
      ...lic,
      documentKey: key,
      documentType: type.contentType,
      state: 'waiting',
      createdAt: now,
    });
    await writeAudit(
      tx,
      { id: claimant.id, ip },
      {
        action: 'claim document sent',
        targetType: 'claim',
        targetId: made.id,
        details: { doctor_id: practice.id, type: type.contentType, bytes: bytes.length },
      },
    );
    return made;
  });
  await deps.storage.put(key, bytes, type.contentType, null);
  return { message: CLAIM_MESSAGES.waiting, claim_id: claim.id, state: claim.state };
}

/** The code: 5 tries counted in one statement (parallel guesses cannot exceed them), valid 10 minutes; a right one transfers at once. */
export async function verifyClaimCode(deps: ClaimDeps, claimant: UserRow, input: { doctor_id: number; code: string }, ip: string | null) {
  const now = deps.clock.now();
  const [open] = await deps.db
    .select()
    .from(practiceClaims)
    .where(and(eq(practiceClaims.doctorId, input.doctor_id), eq(practiceClaims.claimantId, claimant.id), eq(practiceClaims.state, 'code_sent')))
    .orderBy(desc(practiceClaims.id))
    .limit(1);
  if (!open) throw domainError(404, 'NOT_FOUND', CLAIM_MESSAGES.noCodeClaim, { field: 'code' });
  if (open.codeExpiresAt!.getTime() <= now.getTime()) throw domainError(400, 'CODE_EXPIRED', CLAIM_MESSAGES.expired, { field: 'code' });
  // The practice's budget first (every account together), then the claim's own 5 tries.
  if (!(await takePracticeGuess(deps.db, open.doctorId, now))) throw domainError(429, 'TOO_MANY_GUESSES', CLAIM_MESSAGES.practiceGuesses, { field: 'code' });
  // NOTE: the try is counted and the limit checked in ONE statement; only a try that won a slot is compared.
  const [counted] = await deps.db
    .update(practiceClaims)
    .set({ attempts: sql`${practiceClaims.attempts} + 1` })
    .where(
      and(
        eq(practiceClaims.id, open.id),
        eq(practiceClaims.state, 'code_sent'),
        lt(practiceClaims.attempts, CODE_RULES.claim.tries),
        sql`${practiceClaims.codeExpiresAt} > ${now}`,
      ),
    )
    .returning({ attempts: practiceClaims.attempts, codeHash: practiceClaims.codeHash });
  if (!counted) throw domainError(429, 'TOO_MANY_TRIES', CLAIM_MESSAGES.tooMany, { field: 'code' });
  if (!codeMatches(counted.codeHash!, 'claim', open.id, input.code)) {
    const left = CODE_RULES.claim.tries - counted.attempts;
    await writeAudit(
      deps.db,
      { id: claimant.id, ip },
      { action: 'claim code wrong', targetType: 'claim', targetId: open.id, details: { doctor_id: open.doctorId, attempts: counted.attempts } },
    );
    if (left <= 0) throw domainError(429, 'TOO_MANY_TRIES', CLAIM_MESSAGES.tooMany, { field: 'code' });
    throw domainError(400, 'WRONG_CODE', CLAIM_MESSAGES.wrong(left), { field: 'code' });
  }
  const version = await deps.db.transaction(async (tx) => {
    const moved = await transferPractice(tx, open.id, 'code_sent', now);
    await writeAudit(
      tx,
      { id: open.doctorId, ip },
      {
        action: 'practice claimed',
        targetType: 'claim',
        targetId: open.id,
        details: { doctor_id: open.doctorId, method: 'email', email: open.email, claimant_email: open.claimantEmail },
      },
    );
    return moved;
  });
  deps.changes.announce({ kind: 'listing changed', doctorId: open.doctorId });
  return { message: CLAIM_MESSAGES.claimed, doctor_id: open.doctorId, token: await deps.tokens.sign(open.doctorId, 'session', version) };
}

/**
 * Moves the claimant's sign-in onto the practice's account (same id, address, reviews) and retires the
 * claimant's account, in the caller's transaction. Keeps on the claim what it changed (for restoring).
 * Returns the practice account's new token version: every older session of either account has ended.
 */
async function transferPractice(tx: DbOrTx, claimId: number, fromState: ClaimState, now: Date, decidedBy?: number): Promise<number> {
  // The claim row is taken first, in its open state: a second transfer of the same claim finds nothing.
  const [claim] = await tx
    .update(practiceClaims)
    .set({ state: 'approved', decidedAt: now, ...(decidedBy ? { decidedBy } : {}) })
    .where(and(eq(practiceClaims.id, claimId), eq(practiceClaims.state, fromState)))
    .returning();
  if (!claim) throw domainError(409, 'CLAIM_DECIDED', 'This claim has already been decided.');
  const [practice] = await tx.select().from(users).where(eq(users.id, claim.doctorId)).for('update');
  const claimant = claim.claimantId ? (await tx.select().from(users).where(eq(users.id, claim.claimantId)).for('update'))[0] : undefined;
  if (!practice || practice.claimed) throw domainError(409, 'ALREADY_CLAIMED', CLAIM_MESSAGES.alreadyClaimed);
  if (!claimant || claimant.status !== 'active') throw domainError(409, 'CLAIMANT_GONE', 'The account that made this claim no longer exists or is suspended.');
  const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, practice.id));
  const movedReviews = rowsOf<{ id: number }>(
    await tx.execute(sql`UPDATE reviews SET author_id = ${practice.id} WHERE author_id = ${claimant.id} AND doctor_id <> ${practice.id} RETURNING id`),
  ).map((r) => r.id);
  const [claimantPayment] = await tx.select().from(payments).where(eq(payments.userId, claimant.id));
  if (claimantPayment) {
    await tx.delete(payments).where(eq(payments.userId, practice.id));
    await tx.update(payments).set({ userId: practice.id }).where(eq(payments.userId, claimant.id));
  }
  await tx.update(checkoutSessions).set({ userId: practice.id }).where(eq(checkoutSessions.userId, claimant.id));
  const transfer = {
    practice: {
      email: practice.email,
      first_name: practice.firstName,
      last_name: practice.lastName,
      account_type: practice.accountType,
      submit_at: practice.submitAt?.toISOString() ?? null,
      review_state: practice.reviewState,
      review_reason: practice.reviewReason,
      reviewed_at: practice.reviewedAt?.toISOString() ?? null,
      reviewed_by: practice.reviewedBy,
    },
    // The whole profile as it was: a restore puts back every public field the claimant changed (20.12).
    profile_before: profile ?? null,
    profile: {
      license_number: profile?.licenseNumber ?? null,
      license_state: profile?.licenseState ?? null,
      contact_email: profile?.contactEmail ?? null,
      step1_done_at: profile?.step1DoneAt?.toISOString() ?? null,
    },
    claimant: {
      id: claimant.id,
      email: claimant.email,
      first_name: claimant.firstName,
      last_name: claimant.lastName,
      account_type: claimant.accountType,
      verified_at: claimant.verifiedAt?.toISOString() ?? null,
      created_at: claimant.createdAt.toISOString(),
    },
    moved_reviews: movedReviews,
    moved_payment: Boolean(claimantPayment),
  };
  // The address is unique: the retiring account lets go of it first.
  await tx
    .update(users)
    .set({ email: `retired-${claim.id}-${crypto.randomUUID()}@retired.invalid` })
    .where(eq(users.id, claimant.id));
  const [moved] = await tx
    .update(users)
    .set({
      email: claimant.email,
      passwordHash: claimant.passwordHash,
      firstName: claimant.firstName,
      lastName: claimant.lastName,
      verify: true,
      verifiedAt: claimant.verifiedAt ?? now,
      accountType: 'vet',
      claimed: true,
      // The listing is live and approved already: the new owner edits it with Edit Profile like any submitted
      // profile (docs/product.md 20.11), not through the first-time wizard.
      submitAt: practice.submitAt ?? now,
      stripeCustomerId: claimant.stripeCustomerId,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: now,
    })
    .where(and(eq(users.id, practice.id), eq(users.claimed, false)))
    .returning({ tokenVersion: users.tokenVersion });
  await tx
    .update(profiles)
    // The imported contact details are step 1's: the new owner goes on with step 2 or edits them.
    .set({
      licenseNumber: claim.licenseNumber,
      licenseState: claim.licenseState,
      contactEmail: profile?.contactEmail ?? claim.email ?? claimant.email,
      step1DoneAt: profile?.step1DoneAt ?? now,
      updatedAt: now,
    })
    .where(eq(profiles.userId, practice.id));
  await tx.delete(users).where(eq(users.id, claimant.id));
  // The claimant is the practice's account now (the retired row's id is gone with it).
  await tx.update(practiceClaims).set({ transfer, claimantId: practice.id }).where(eq(practiceClaims.id, claim.id));
  return moved!.tokenVersion;
}

/** An administrator's decision on a claim by document; approving transfers at once. Both e-mail the claimant. */
export async function decideClaim(deps: ClaimDeps, admin: Actor, input: { claim_id: number; decision: 'approve' | 'reject'; reason: string }) {
  const now = deps.clock.now();
  const reason = input.reason.trim();
  if (input.decision === 'reject' && reason.length < 10)
    throw domainError(400, 'VALIDATION_ERROR', 'Give the claimant a reason of at least 10 characters.', { field: 'reason' });
  const [claim] = await deps.db.select().from(practiceClaims).where(eq(practiceClaims.id, input.claim_id));
  if (!claim) throw domainError(404, 'NOT_FOUND', 'There is no claim with this id.', { field: 'claim_id' });
  if (claim.state !== 'waiting') throw domainError(409, 'CLAIM_DECIDED', 'This claim is not waiting for a decision.', { field: 'claim_id' });
  const practice = await practiceOf(deps.db, claim.doctorId);
  await deps.db.transaction(async (tx) => {
    if (input.decision === 'approve') await transferPractice(tx, claim.id, 'waiting', now, admin.id);
    else {
      const [done] = await tx
        .update(practiceClaims)
        .set({ state: 'rejected', reason, decidedBy: admin.id, decidedAt: now })
        .where(and(eq(practiceClaims.id, claim.id), eq(practiceClaims.state, 'waiting')))
        .returning();
      if (!done) throw domainError(409, 'CLAIM_DECIDED', 'This claim is not waiting for a decision.', { field: 'claim_id' });
    }
    if (reason && input.decision === 'approve') await tx.update(practiceClaims).set({ reason }).where(eq(practiceClaims.id, claim.id));
    await writeAudit(tx, admin, {
      action: input.decision === 'approve' ? 'claim approved' : 'claim rejected',
      targetType: 'claim',
      targetId: claim.id,
      details: { doctor_id: claim.doctorId, claimant_email: claim.claimantEmail, reason },
    });
    await deps.mailer.enqueue(
      tx,
      { address: claim.claimantEmail, kind: 'claim_decision' },
      claimDecisionEmail({
        approved: input.decision === 'approve',
        clinic: practice?.clinicName ?? 'the practice',
        reason,
        link: deps.practiceLink(claim.doctorId),
      }),
    );
  });
  if (input.decision === 'approve') deps.changes.announce({ kind: 'listing changed', doctorId: claim.doctorId });
  return { claim: (await listClaims(deps.db, { ids: [claim.id] })).data[0]! };
}

/** Profile columns a restore never writes back: the row's key and identity, what the database derives, and the counters of visits. */
const KEPT_ON_RESTORE = new Set(['userId', 'externalId', 'phoneKey', 'viewCount', 'createdAt', 'updatedAt']);

/**
 * The profile's columns as the transfer kept them (docs/product.md 20.12): every public field the claimant
 * changed goes back, the website it trusted for claims included. A column added after the transfer keeps its value.
 */
function profileAsBefore(before: Record<string, unknown>): Partial<typeof profiles.$inferInsert> {
  const values: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(profiles))) {
    if (KEPT_ON_RESTORE.has(key) || !(key in before)) continue;
    const value = before[key];
    values[key] = column.columnType === 'PgTimestamp' && typeof value === 'string' ? new Date(value) : value;
  }
  return values as Partial<typeof profiles.$inferInsert>;
}

/** Puts a practice back as it was before an approved claim: unclaimed again, and the claimant's own account back (with a new id). */
export async function restoreClaim(deps: ClaimDeps, admin: Actor, claimId: number) {
  const now = deps.clock.now();
  const [claim] = await deps.db.select().from(practiceClaims).where(eq(practiceClaims.id, claimId));
  if (!claim) throw domainError(404, 'NOT_FOUND', 'There is no claim with this id.', { field: 'claim_id' });
  if (claim.state !== 'approved' || !claim.transfer)
    throw domainError(409, 'NOT_RESTORABLE', 'Only an approved claim can be restored, once.', { field: 'claim_id' });
  const transfer = claim.transfer as {
    practice?: {
      submit_at?: string | null;
      review_state?: ReviewState;
      review_reason?: string | null;
      reviewed_at?: string | null;
      reviewed_by?: number | null;
    };
    profile_before?: Record<string, unknown> | null;
    profile: { license_number: string | null; license_state: string | null; contact_email: string | null; step1_done_at: string | null };
    claimant: { email: string; first_name: string; last_name: string; account_type: 'owner' | 'vet'; verified_at: string | null; created_at: string };
    moved_reviews: number[];
  };
  await deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(practiceClaims)
      .set({ state: 'restored', restoredAt: now })
      .where(and(eq(practiceClaims.id, claim.id), eq(practiceClaims.state, 'approved')))
      .returning();
    if (!done) throw domainError(409, 'NOT_RESTORABLE', 'Only an approved claim can be restored, once.', { field: 'claim_id' });
    const [practice] = await tx.select().from(users).where(eq(users.id, claim.doctorId)).for('update');
    if (!practice) throw domainError(404, 'NOT_FOUND', CLAIM_MESSAGES.notFound);
    // The practice lets go of the vet's sign-in (its sessions end), then the vet's own account comes back with it.
    await tx
      .update(users)
      .set({
        email: unclaimedEmail(),
        passwordHash: '!',
        firstName: '',
        lastName: '',
        verify: false,
        verifiedAt: null,
        submitAt: transfer.practice?.submit_at ? new Date(transfer.practice.submit_at) : null,
        // The review state as before the claim: a listing the claimant sent back to review is listed as it was.
        ...(transfer.practice?.review_state
          ? {
              reviewState: transfer.practice.review_state,
              reviewReason: transfer.practice.review_reason ?? null,
              reviewedAt: transfer.practice.reviewed_at ? new Date(transfer.practice.reviewed_at) : null,
              reviewedBy: transfer.practice.reviewed_by ?? null,
            }
          : {}),
        claimed: false,
        stripeCustomerId: null,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        updatedAt: now,
      })
      .where(eq(users.id, practice.id));
    const [back] = await tx
      .insert(users)
      .values({
        email: practice.email,
        passwordHash: practice.passwordHash,
        firstName: practice.firstName,
        lastName: practice.lastName,
        verify: true,
        verifiedAt: transfer.claimant.verified_at ? new Date(transfer.claimant.verified_at) : now,
        accountType: transfer.claimant.account_type,
        stripeCustomerId: practice.stripeCustomerId,
        createdAt: new Date(transfer.claimant.created_at),
      })
      .returning({ id: users.id });
    await tx.update(practiceClaims).set({ claimantId: back!.id }).where(eq(practiceClaims.id, claim.id));
    if (transfer.moved_reviews.length) await tx.update(reviews).set({ authorId: back!.id }).where(inArray(reviews.id, transfer.moved_reviews));
    // What the vet paid for is theirs: the plan goes with their account.
    await tx.update(payments).set({ userId: back!.id }).where(eq(payments.userId, practice.id));
    await tx.update(checkoutSessions).set({ userId: back!.id }).where(eq(checkoutSessions.userId, practice.id));
    await tx
      .update(profiles)
      .set({
        ...(transfer.profile_before
          ? profileAsBefore(transfer.profile_before)
          : {
              // A claim transferred before whole profiles were kept (migration 0023) restores what it kept.
              licenseNumber: transfer.profile.license_number,
              licenseState: transfer.profile.license_state,
              contactEmail: transfer.profile.contact_email,
              step1DoneAt: transfer.profile.step1_done_at ? new Date(transfer.profile.step1_done_at) : null,
            }),
        updatedAt: now,
      })
      .where(eq(profiles.userId, practice.id));
    // Nobody could answer reviews while the practice was unclaimed: every reply is the claimant's and goes (20.12).
    await tx
      .update(reviews)
      .set({ replyText: null, replyCreatedAt: null, replyUpdatedAt: null })
      .where(and(eq(reviews.doctorId, practice.id), sql`${reviews.replyText} IS NOT NULL`));
    await writeAudit(tx, admin, {
      action: 'claim restored',
      targetType: 'claim',
      targetId: claim.id,
      details: { doctor_id: claim.doctorId, restored_account_id: back!.id, email: practice.email },
    });
  });
  deps.changes.announce({ kind: 'listing changed', doctorId: claim.doctorId });
  return { claim: (await listClaims(deps.db, { ids: [claim.id] })).data[0]! };
}

/** Claims for the administrators' Claims tab: waiting ones (oldest first) by default; with the count and age of the queue. */
export async function listClaims(db: DbOrTx, filter: { state?: ClaimState; page?: number; pageSize?: number; ids?: number[] }) {
  const state = filter.state ?? 'waiting';
  const page = filter.page ?? 1;
  const pageSize = filter.pageSize ?? 20;
  const where = filter.ids ? inArray(practiceClaims.id, filter.ids) : eq(practiceClaims.state, state);
  const claimant = sql`claimant`;
  const [rows, [total], [queue]] = await Promise.all([
    db
      .select({
        claim: practiceClaims,
        clinicName: profiles.clinicName,
        websiteUrl: profiles.websiteUrl,
        street: profiles.street,
        city: profiles.city,
        state: profiles.state,
        zip: profiles.zip,
        claimantName: sql<string | null>`${claimant}.first_name || ' ' || ${claimant}.last_name`,
      })
      .from(practiceClaims)
      .leftJoin(profiles, eq(profiles.userId, practiceClaims.doctorId))
      .leftJoin(sql`users claimant`, sql`${claimant}.id = ${practiceClaims.claimantId}`)
      .where(where)
      .orderBy(state === 'waiting' ? asc(practiceClaims.createdAt) : desc(practiceClaims.createdAt), asc(practiceClaims.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(practiceClaims).where(where),
    db
      .select({ n: count(), oldest: min(practiceClaims.createdAt) })
      .from(practiceClaims)
      .where(and(eq(practiceClaims.state, 'waiting'), isNull(practiceClaims.restoredAt))),
  ]);
  const data: Claim[] = rows.map(({ claim, ...r }) => ({
    id: claim.id,
    doctor_id: claim.doctorId,
    clinic_name: r.clinicName,
    website_url: r.websiteUrl,
    practice_address: addressLine({ street: r.street, city: r.city, state: r.state, zip: r.zip }),
    claimant_id: claim.claimantId,
    claimant_name: claim.claimantId ? r.claimantName : null,
    claimant_email: claim.claimantEmail,
    method: claim.method,
    email: claim.email,
    license_number: claim.licenseNumber,
    license_state: claim.licenseState,
    has_document: claim.documentKey !== null,
    document_type: claim.documentType,
    state: claim.state,
    reason: claim.reason,
    created_at: claim.createdAt.toISOString(),
    decided_at: claim.decidedAt?.toISOString() ?? null,
    restorable: claim.state === 'approved' && claim.transfer !== null,
  }));
  const oldest = queue?.oldest ? new Date(queue.oldest as unknown as string) : null;
  return { data, total: Number(total?.n ?? 0), waiting: Number(queue?.n ?? 0), oldest_waiting_at: oldest ? oldest.toISOString() : null };
}

/** A claim's document for an administrator: its bytes and type. */
export async function claimDocument(deps: ClaimDeps, claimId: number) {
  const [claim] = await deps.db.select().from(practiceClaims).where(eq(practiceClaims.id, claimId));
  const object = claim?.documentKey ? await deps.storage.get(claim.documentKey) : undefined;
  if (!claim || !object) throw domainError(404, 'NOT_FOUND', 'This claim has no document.', { field: 'claim_id' });
  return {
    bytes: object.bytes,
    contentType: claim.documentType ?? 'application/octet-stream',
    name: `claim-${claim.id}.${claim.documentKey!.split('.').pop()}`,
  };
}

/** An unclaimed listing at this phone number or street and zip code (profile step 1 offers to claim it). */
export async function unclaimedTwin(db: DbOrTx, input: { phone: string | null; street: string; zip: string }, exceptId: number) {
  const phone = phoneKey(input.phone) ?? '';
  const street = input.street.trim().toLowerCase().replace(/\s+/g, ' ');
  const [found] = await db
    .select({ id: users.id, clinicName: profiles.clinicName, street: profiles.street, city: profiles.city, state: profiles.state, zip: profiles.zip })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      and(
        eq(users.claimed, false),
        eq(users.status, 'active'),
        sql`${users.id} <> ${exceptId}`,
        sql`((${phone} <> '' AND ${profiles.phoneKey} = ${phone}) OR (${profiles.zip} = ${input.zip.trim()} AND regexp_replace(lower(btrim(${profiles.street})), '\\s+', ' ', 'g') = ${street}))`,
      ),
    )
    .limit(1);
  return found;
}
