// Manage Users commands (docs/product.md, Administration): the paged account list, one account in full, and
// the actions. Each action changes the account and writes its audit entry in one transaction; a
// refusal changes nothing and says why in a sentence.
import { and, asc, count, desc, eq, inArray, ne, not, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { checkoutSessions, payments, profiles, users } from '../../../db/schema';
import { domainError } from '../../../lib/domain-error';
import { containsPattern } from '../../../lib/sql-rows';
import type { AdminUserDetail, AdminUserRow, AdminUsersAnswer, AdminUsersBody } from '../../../../shared/schemas/admin';
import { auditAbout, writeAudit, type Actor } from '../audit/audit-log';
import type { Announcer } from '../listing/changes';
import { isListed, planInForceSql } from '../listing/listing-rule';
import { presentIdentity, presentReviewedUser, presentUser, type UserRow } from '../users/index';
import { isAdmin } from '../auth/index';

export const ADMIN_MESSAGES = {
  notFound: 'There is no account with this id.',
  alreadyVerified: 'This e-mail address is already verified.',
  alreadySuspended: 'This account is already suspended.',
  notSuspended: 'This account is not suspended.',
  suspendAdmin: 'Administrators cannot be suspended. Make them a regular user first.',
  suspendSelf: 'You cannot suspend your own account.',
  sameRole: (role: string) => (role === 'admin' ? 'This account is already an administrator.' : 'This account is already a regular user.'),
  lastAdmin: 'This is the last administrator. Make someone else an administrator first.',
  confirmSelf: 'You are removing your own administrator rights. Send confirm: true to go ahead.',
  suspendedAdmin: 'A suspended account cannot become an administrator. Reactivate it first.',
  unverifiedAdmin: 'Only an account with a verified e-mail address can become an administrator.',
  deleteAdmin: 'Administrators cannot be deleted. Make them a regular user first.',
  confirmEmail: 'Type the account’s e-mail address exactly to confirm the deletion.',
} as const;

function userConditions(input: AdminUsersBody): SQL | undefined {
  const conditions: SQL[] = [];
  const term = input.search.trim().toLowerCase();
  if (term) {
    const pattern = containsPattern(term);
    // NOTE: a union of three index lookups (trigram GIN on e-mail, name and clinic, migration 0008)
    // instead of one OR across the join, which PostgreSQL can only answer by reading every row.
    conditions.push(
      sql`${users.id} in (select id from ${users} where email like ${pattern} union select id from ${users} where lower(first_name || ' ' || last_name) like ${pattern} union select user_id from ${profiles} where lower(clinic_name) like ${pattern})`,
    );
  }
  if (input.role) conditions.push(eq(users.manageRole, input.role));
  if (input.verified !== undefined) conditions.push(eq(users.verify, input.verified));
  if (input.review_state) conditions.push(eq(users.reviewState, input.review_state));
  if (input.suspended !== undefined) conditions.push(input.suspended ? eq(users.status, 'suspended') : ne(users.status, 'suspended'));
  // docs/product.md section 20: imported practices are account rows (decision 108) without a person; the list
  // shows people unless asked for the unclaimed listings.
  const listings = input.listings ?? 'accounts';
  if (listings !== 'all') conditions.push(eq(users.claimed, listings === 'accounts'));
  if (input.plan !== undefined) conditions.push(input.plan === 0 ? not(planInForceSql(users.id)) : planInForceSql(users.id, input.plan));
  return conditions.length ? and(...conditions) : undefined;
}

function userOrder(sort: AdminUsersBody['sort']): SQL[] {
  const key = (sort ?? '-created_at').replace(/^-/, '');
  const dir = sort?.startsWith('-') || !sort ? desc : asc;
  switch (key) {
    case 'name':
      return [dir(sql`lower(${users.lastName} || ' ' || ${users.firstName})`), dir(users.id)];
    case 'email':
      return [dir(users.email)];
    case 'submit_at':
      return [sort?.startsWith('-') ? sql`${users.submitAt} desc nulls last` : sql`${users.submitAt} asc nulls last`, dir(users.id)];
    default:
      return [dir(users.createdAt), dir(users.id)];
  }
}

export async function listUsers(db: DbOrTx, input: AdminUsersBody, now: Date): Promise<AdminUsersAnswer> {
  const where = userConditions(input);
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, payment: payments, clinic: profiles.clinicName, city: profiles.city, state: profiles.state })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .leftJoin(payments, eq(payments.userId, users.id))
      .where(where)
      .orderBy(...userOrder(input.sort))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const data: AdminUserRow[] = rows.map(({ user, payment, clinic, city, state }) => {
    const presented = presentUser(user, now, payment);
    return {
      ...presentIdentity(user),
      suspended: user.status === 'suspended',
      submit_at: presented.submit_at,
      review_state: user.reviewState,
      payment: presented.payment,
      clinic_name: clinic,
      city,
      state,
      claimed: user.claimed,
      created_at: user.createdAt.toISOString(),
    };
  });
  return { data, totalCount: Number(total?.n ?? 0) };
}

async function presentAdminUser(db: DbOrTx, user: UserRow, now: Date) {
  const [[payment], [profile]] = await Promise.all([
    db.select().from(payments).where(eq(payments.userId, user.id)),
    db.select().from(profiles).where(eq(profiles.userId, user.id)),
  ]);
  return {
    ...presentReviewedUser(user, now, payment, profile),
    suspended: user.status === 'suspended',
    created_at: user.createdAt.toISOString(),
    verified_at: user.verifiedAt?.toISOString() ?? null,
  };
}

export async function userDetail(db: DbOrTx, userId: number, now: Date): Promise<AdminUserDetail> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw domainError(404, 'NOT_FOUND', ADMIN_MESSAGES.notFound);
  const [presented, [payment], listed, checkouts, reviewHistory, recent] = await Promise.all([
    presentAdminUser(db, user, now),
    db.select().from(payments).where(eq(payments.userId, userId)),
    isListed(db, userId),
    db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, userId)).orderBy(desc(checkoutSessions.createdAt)).limit(50),
    auditAbout(db, userId, { reviewOnly: true, limit: 50 }),
    auditAbout(db, userId, { limit: 30 }),
  ]);
  return {
    user: presented,
    // docs/product.md, Profile and review: public while approved, paid and active (listing-rule.ts).
    listed,
    subscription: payment
      ? {
          plan: payment.plan,
          status: payment.status,
          provider: payment.provider,
          customer_id: payment.customerId,
          period: payment.period,
          current_period_end: payment.currentPeriodEnd?.toISOString() ?? null,
        }
      : null,
    payments: checkouts.map((c) => ({
      id: c.id,
      plan: c.plan,
      period: c.period,
      amount_cents: c.amountCents,
      status: c.status,
      provider: c.provider,
      created_at: c.createdAt.toISOString(),
      completed_at: c.completedAt?.toISOString() ?? null,
    })),
    review_history: reviewHistory,
    recent_activity: recent,
  };
}

/** The target row, locked for the rest of the transaction, or 404. */
async function lockUser(tx: DbOrTx, userId: number): Promise<UserRow> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw domainError(404, 'NOT_FOUND', ADMIN_MESSAGES.notFound);
  return user;
}

type Presented = Awaited<ReturnType<typeof presentAdminUser>>;

export async function verifyEmailByHand(db: DbOrTx, actor: Actor, userId: number, now: Date): Promise<Presented> {
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (user.verify) throw domainError(409, 'ALREADY_VERIFIED', ADMIN_MESSAGES.alreadyVerified);
    const [updated] = await tx.update(users).set({ verify: true, verifiedAt: now, updatedAt: now }).where(eq(users.id, userId)).returning();
    await writeAudit(tx, actor, { action: 'user.verify_email', targetType: 'user', targetId: userId, details: { verify: { from: false, to: true } } });
    return presentAdminUser(tx, updated!, now);
  });
}

/**
 * Suspends an account: its sessions end at once (the token version moves on and the account is
 * no longer active), and its profile leaves search (search lists active accounts only; cached
 * answers and pages are dropped at once: the change is announced).
 */
export async function suspendUser(db: DbOrTx, announcer: Announcer, actor: Actor, userId: number, now: Date): Promise<Presented> {
  const suspended = await db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (user.id === actor.id) throw domainError(409, 'SELF', ADMIN_MESSAGES.suspendSelf);
    if (isAdmin(user)) throw domainError(409, 'IS_ADMIN', ADMIN_MESSAGES.suspendAdmin);
    if (user.status === 'suspended') throw domainError(409, 'ALREADY_SUSPENDED', ADMIN_MESSAGES.alreadySuspended);
    const [updated] = await tx
      .update(users)
      .set({ status: 'suspended', tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    await writeAudit(tx, actor, { action: 'user.suspend', targetType: 'user', targetId: userId, details: { status: { from: 'active', to: 'suspended' } } });
    return presentAdminUser(tx, updated!, now);
  });
  announcer.announce({ kind: 'listing changed', doctorId: userId });
  return suspended;
}

export async function reactivateUser(db: DbOrTx, announcer: Announcer, actor: Actor, userId: number, now: Date): Promise<Presented> {
  const reactivated = await db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (user.status !== 'suspended') throw domainError(409, 'NOT_SUSPENDED', ADMIN_MESSAGES.notSuspended);
    const [updated] = await tx.update(users).set({ status: 'active', updatedAt: now }).where(eq(users.id, userId)).returning();
    await writeAudit(tx, actor, { action: 'user.reactivate', targetType: 'user', targetId: userId, details: { status: { from: 'suspended', to: 'active' } } });
    return presentAdminUser(tx, updated!, now);
  });
  announcer.announce({ kind: 'listing changed', doctorId: userId });
  return reactivated;
}

/**
 * Makes or unmakes an administrator. Never the last one: every administrator row is locked first,
 * so two administrators demoting each other at once cannot leave none.
 */
export async function setRole(
  db: DbOrTx,
  actor: Actor,
  input: { user_id: number; role: 'admin' | 'user'; confirm?: boolean | undefined },
  now: Date,
): Promise<Presented> {
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.manageRole, 'admin'), eq(users.status, 'active')))
      .for('update');
    const user = await lockUser(tx, input.user_id);
    if (user.manageRole === input.role) throw domainError(409, 'SAME_ROLE', ADMIN_MESSAGES.sameRole(input.role));
    if (input.role === 'user') {
      if (admins.filter((a) => a.id !== user.id).length === 0) throw domainError(409, 'LAST_ADMIN', ADMIN_MESSAGES.lastAdmin);
      if (user.id === actor.id && input.confirm !== true) throw domainError(409, 'CONFIRM_REQUIRED', ADMIN_MESSAGES.confirmSelf, { field: 'confirm' });
    } else {
      if (user.status === 'suspended') throw domainError(409, 'SUSPENDED', ADMIN_MESSAGES.suspendedAdmin);
      if (!user.verify) throw domainError(409, 'NOT_VERIFIED', ADMIN_MESSAGES.unverifiedAdmin);
    }
    const [updated] = await tx.update(users).set({ manageRole: input.role, updatedAt: now }).where(eq(users.id, user.id)).returning();
    await writeAudit(tx, actor, {
      action: 'user.set_role',
      targetType: 'user',
      targetId: user.id,
      details: { manage_role: { from: user.manageRole, to: input.role } },
    });
    return presentAdminUser(tx, updated!, now);
  });
}

/** Used by the bulk actions: ids that exist (the others are reported as missing). */
export async function existingIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  return new Set(rows.map((r) => r.id));
}
