// The claims commands (docs/product.md section 20): a claim by e-mail (a code sent to an address at the
// practice website's domain), a claim by document, the code's check, and an administrator's decision.
// A right code or an approval transfers the practice (claim-transfer.ts).
import crypto from 'node:crypto';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { practiceClaimGuesses, practiceClaims, profiles } from '../../../db/schema';
import { CLAIM_CODE } from '../../../../shared/constants/import';
import type { ClaimInput } from '../../../../shared/schemas/import-claim';
import { stateCode } from '../../../../shared/constants/us-states';
import { domainError } from '../../../lib/domain-error';
import { CODE_RULES, codeHash, codeMatches, newCode } from '../../../lib/one-time-codes';
import { movableNow } from '../../../lib/state-moves';
import { mayMove } from '../../../../shared/lib/state-machine';
import { writeAudit, type Actor } from '../audit/audit-log';
import type { UserRow } from '../users/index';
import { claimCodeEmail, claimDecisionEmail } from '../mail/templates';
import { documentType, emailDomain, emailMatchesPractice, practiceEmailDomain } from './claim-domain';
import { isAdmin } from '../auth/index';
import { isUniqueViolation } from '../../../lib/sql-rows';
import { normalizeEmail } from '../../../../shared/lib/email-address';
import { CLAIM_MESSAGES, practiceOf, type ClaimDeps, type Practice } from './claim-deps';
import { CLAIM_MOVES } from './claim-states';
import { transferPractice } from './claim-transfer';
import { listClaims } from './claim-queries';

/** Claims one account may start an hour: each e-mails a practice address, so they are few. */
const CLAIMS_PER_HOUR = 5;
const HOUR = 3_600_000;
/** Claim documents live under a prefix that GET /uploads never serves (plugins/app/uploads/routes/uploads.ts). */
const PRIVATE_PREFIX = 'private/';

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
    .set({ state: CLAIM_MOVES.expire.to })
    .where(
      and(
        eq(practiceClaims.doctorId, doctorId),
        movableNow(practiceClaims.state, CLAIM_MOVES, 'expire'),
        sql`(${practiceClaims.codeExpiresAt} <= ${now} OR ${practiceClaims.attempts} >= ${CODE_RULES.claim.tries} OR ${practiceClaims.claimantId} = ${claimantId})`,
      ),
    );
}

/** Who claims what and when: the part every new claim shares. */
interface Opening {
  practice: Practice;
  claimant: UserRow;
  ip: string | null;
  now: Date;
}

/**
 * Opens a claim in the caller's transaction: the stale ones of the practice end first, and the audit entry
 * names what was sent. A second open claim of the practice answers 409 (a unique index keeps one).
 */
async function openClaim(
  tx: DbOrTx,
  { practice, claimant, ip, now }: Opening,
  values: Omit<typeof practiceClaims.$inferInsert, 'doctorId' | 'claimantId' | 'claimantEmail' | 'createdAt'>,
  audit: { action: string; details: Record<string, unknown> },
) {
  await closeStale(tx, practice.id, claimant.id, now);
  let made: typeof practiceClaims.$inferSelect;
  try {
    [made] = (await tx
      .insert(practiceClaims)
      .values({ doctorId: practice.id, claimantId: claimant.id, claimantEmail: claimant.email, createdAt: now, ...values })
      .returning()) as [typeof practiceClaims.$inferSelect];
  } catch (error) {
    if (isUniqueViolation(error)) throw domainError(409, 'CLAIM_OPEN', CLAIM_MESSAGES.open, { field: 'doctor_id' });
    throw error;
  }
  await writeAudit(
    tx,
    { id: claimant.id, ip },
    { action: audit.action, targetType: 'claim', targetId: made.id, details: { doctor_id: practice.id, ...audit.details } },
  );
  return made;
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
    const made = await openClaim(
      tx,
      { practice, claimant, ip, now },
      { method: 'email', email, ...lic, state: 'code_sent', codeHash: 'pending', codeExpiresAt: new Date(now.getTime() + CODE_RULES.claim.ttlMs) },
      { action: 'claim code sent', details: { email } },
    );
    await tx
      .update(practiceClaims)
      .set({ codeHash: codeHash('claim', made.id, code) })
      .where(eq(practiceClaims.id, made.id));
    await deps.mailer.enqueue(tx, { address: email, kind: 'claim_code' }, claimCodeEmail(code, practice.clinicName ?? 'your practice'));
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
  const claim = await deps.db.transaction((tx) =>
    openClaim(
      tx,
      { practice, claimant, ip, now },
      { method: 'document', ...lic, documentKey: key, documentType: type.contentType, state: 'waiting' },
      { action: 'claim document sent', details: { type: type.contentType, bytes: bytes.length } },
    ),
  );
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
    const moved = await transferPractice(tx, open.id, 'confirm_code', now);
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

/** An administrator's decision on a claim by document; approving transfers at once. Both e-mail the claimant. */
export async function decideClaim(deps: ClaimDeps, admin: Actor, input: { claim_id: number; decision: 'approve' | 'reject'; reason: string }) {
  const now = deps.clock.now();
  const reason = input.reason.trim();
  if (input.decision === 'reject' && reason.length < 10)
    throw domainError(400, 'VALIDATION_ERROR', 'Give the claimant a reason of at least 10 characters.', { field: 'reason' });
  const [claim] = await deps.db.select().from(practiceClaims).where(eq(practiceClaims.id, input.claim_id));
  if (!claim) throw domainError(404, 'NOT_FOUND', 'There is no claim with this id.', { field: 'claim_id' });
  const move = input.decision === 'approve' ? 'approve' : 'reject';
  if (!mayMove(CLAIM_MOVES, claim.state, move)) throw domainError(409, 'CLAIM_DECIDED', CLAIM_MESSAGES.notWaiting, { field: 'claim_id' });
  const practice = await practiceOf(deps.db, claim.doctorId);
  await deps.db.transaction(async (tx) => {
    if (move === 'approve') await transferPractice(tx, claim.id, 'approve', now, admin.id);
    else {
      const [done] = await tx
        .update(practiceClaims)
        .set({ state: CLAIM_MOVES.reject.to, reason, decidedBy: admin.id, decidedAt: now })
        .where(and(eq(practiceClaims.id, claim.id), movableNow(practiceClaims.state, CLAIM_MOVES, 'reject')))
        .returning();
      if (!done) throw domainError(409, 'CLAIM_DECIDED', CLAIM_MESSAGES.notWaiting, { field: 'claim_id' });
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
