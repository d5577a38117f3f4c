// Moving a claimed practice (docs/decisions/108-imported-practice-is-an-account-row.md): the transfer moves
// the claimant's sign-in onto the practice's account row, so the practice keeps its id, address and
// reviews, and retires the claimant's empty account; what it changed is kept on the claim, so an
// administrator can restore it (docs/product.md 20.12).
import crypto from 'node:crypto';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { checkoutSessions, payments, practiceClaims, profiles, reviews, users, type ReviewState } from '../../../db/schema';
import { domainError } from '../../../lib/domain-error';
import { movableNow } from '../../../lib/state-moves';
import { mayMove } from '../../../../shared/lib/state-machine';
import { writeAudit, type Actor } from '../audit/audit-log';
import { unclaimedEmail } from '../practice-import/index';
import { rowsOf } from '../../../lib/sql-rows';
import { CLAIM_MESSAGES, type ClaimDeps } from './claim-deps';
import { CLAIM_MOVES } from './claim-states';
import { listClaims } from './claim-queries';

/**
 * Moves the claimant's sign-in onto the practice's account (same id, address, reviews) and retires the
 * claimant's account, in the caller's transaction. Keeps on the claim what it changed (for restoring).
 * Returns the practice account's new token version: every older session of either account has ended.
 */
export async function transferPractice(tx: DbOrTx, claimId: number, move: 'confirm_code' | 'approve', now: Date, decidedBy?: number): Promise<number> {
  // The claim row is taken first, in its open state: a second transfer of the same claim finds nothing.
  const [claim] = await tx
    .update(practiceClaims)
    .set({ state: CLAIM_MOVES[move].to, decidedAt: now, ...(decidedBy ? { decidedBy } : {}) })
    .where(and(eq(practiceClaims.id, claimId), movableNow(practiceClaims.state, CLAIM_MOVES, move)))
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
      // The address the code went to, and the claimant's sign-in address, are never published as the practice's
      // e-mail (docs/product.md 28.8): the imported one stays, or none until the vet sets one in Edit Profile.
      contactEmail: profile?.contactEmail ?? null,
      step1DoneAt: profile?.step1DoneAt ?? now,
      updatedAt: now,
    })
    .where(eq(profiles.userId, practice.id));
  await tx.delete(users).where(eq(users.id, claimant.id));
  // The claimant is the practice's account now (the retired row's id is gone with it).
  await tx.update(practiceClaims).set({ transfer, claimantId: practice.id }).where(eq(practiceClaims.id, claim.id));
  return moved!.tokenVersion;
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
  if (!mayMove(CLAIM_MOVES, claim.state, 'restore') || !claim.transfer)
    throw domainError(409, 'NOT_RESTORABLE', CLAIM_MESSAGES.notRestorable, { field: 'claim_id' });
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
      .set({ state: CLAIM_MOVES.restore.to, restoredAt: now })
      .where(and(eq(practiceClaims.id, claim.id), movableNow(practiceClaims.state, CLAIM_MOVES, 'restore')))
      .returning();
    if (!done) throw domainError(409, 'NOT_RESTORABLE', CLAIM_MESSAGES.notRestorable, { field: 'claim_id' });
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
