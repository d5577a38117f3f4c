// What the payment calls change (docs/product.md, Plans and payment): a plan changes only when the
// provider confirms, exactly once per provider event (processed_events), and every change of a plan
// is written to the audit log. Providers only talk to the outside (./provider.ts). Each command is given
// the moment it runs at (`now`, from the app's clock: the area's index.ts binds `fastify.clock`).
import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { planById, planPrice, type Plan, type PlanPeriod } from '../../../../shared/constants/plans';
import type { Db, DbOrTx } from '../../../db/client';
import { auditLog, checkoutSessions, payments, processedEvents, users } from '../../../db/schema';
import { domainError } from '../../../lib/domain-error';
import { hasPaidPlan } from '../listing/listing-rule';
import type { Counters } from '../limits/counters';
import type { UserRow } from '../users/index';
import type { Announcer } from '../listing/changes';
import { addPeriod, type PaymentProvider, type PaymentRow, type ProviderName } from './provider';
import { formatDate } from '../../../../shared/lib/formats';

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

/** An open checkout is good for a day, like a hosted checkout. */
export const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const PAYMENT_MESSAGES = {
  samePlan: (plan: Plan, period: PlanPeriod) => `You already have the ${plan.name} plan, billed ${period === 'year' ? 'yearly' : 'monthly'}.`,
  noPlan: 'You have no paid plan to cancel.',
  alreadyCanceling: (end: Date | null) => `Your plan is already set to end${end ? ` on ${formatDate(end)}` : ''}.`,
  canceled: (end: Date | null) => `Your plan stays active until ${end ? formatDate(end) : 'the end of the period you paid for'}, then it ends.`,
  checkoutNotFound: 'This checkout does not exist.',
  checkoutPaid: 'This checkout is already paid.',
  checkoutExpired: 'This checkout has expired. Start again from the Pricing page.',
  cardDeclined: 'Your card was declined. No money was taken and your plan has not changed.',
  providerDown: 'The payment provider did not answer. Please try again in a minute.',
  checkoutOpening: 'A checkout for your account is already being opened. Please wait a moment and try again.',
  tooManyCheckouts: 'You have opened too many checkouts in the last hour. Please try again later.',
} as const;

export async function findPayment(db: DbOrTx, userId: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.userId, userId));
  return row;
}

async function audit(tx: DbOrTx, actorId: number | null, action: string, userId: number, details: Record<string, unknown>): Promise<void> {
  await tx.insert(auditLog).values({ actorId, action, targetType: 'user', targetId: String(userId), details });
}

/** Records a provider event; false when it was already processed (a replay changes nothing). */
async function recordEvent(tx: DbOrTx, eventId: string, provider: ProviderName, type: string): Promise<boolean> {
  const inserted = await tx.insert(processedEvents).values({ eventId, provider, type }).onConflictDoNothing().returning({ id: processedEvents.eventId });
  return inserted.length === 1;
}

export async function eventSeen(db: DbOrTx, eventId: string): Promise<boolean> {
  const [row] = await db.select({ id: processedEvents.eventId }).from(processedEvents).where(eq(processedEvents.eventId, eventId));
  return Boolean(row);
}

/** New checkouts one account may open per hour: each costs calls to the provider and may leave objects there. */
export const CHECKOUTS_PER_HOUR = 10;
/** An open checkout is offered again for the same plan and period while it has at least an hour left. */
const REUSE_WITHIN_MS = CHECKOUT_LIFETIME_MS - 60 * 60 * 1000;
/** How long one account's checkout may take to open (the provider's calls with their retries) before another may start. */
const OPENING_LEASE_MS = 3 * 60 * 1000;

/** The newest checkout of this account for this plan and period that is still open with time left. */
async function findReusableCheckout(db: DbOrTx, userId: number, provider: ProviderName, plan: number, period: PlanPeriod, now: Date) {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.userId, userId),
        eq(checkoutSessions.provider, provider),
        eq(checkoutSessions.plan, plan),
        eq(checkoutSessions.period, period),
        eq(checkoutSessions.status, 'open'),
        gt(checkoutSessions.createdAt, new Date(now.getTime() - REUSE_WITHIN_MS)),
      ),
    )
    .orderBy(desc(checkoutSessions.createdAt))
    .limit(1);
  return row;
}

/**
 * The account's customer at the provider, made by its first checkout and kept on the account. The first
 * customer stored wins in one statement (COALESCE), so servers that do not share a lease still keep one;
 * a customer that lost is removed from the provider again.
 */
async function accountCustomer(
  db: DbOrTx,
  provider: PaymentProvider,
  user: UserRow,
  call: <T>(work: () => Promise<T>) => Promise<T>,
  logProviderError: (error: unknown) => void,
): Promise<string | null> {
  if (!provider.createCustomer) return null;
  const [stored] = await db.select({ id: users.stripeCustomerId }).from(users).where(eq(users.id, user.id));
  if (stored?.id) return stored.id;
  const created = await call(() => provider.createCustomer!(user));
  const [kept] = await db
    .update(users)
    .set({ stripeCustomerId: sql`coalesce(${users.stripeCustomerId}, ${created})` })
    .where(eq(users.id, user.id))
    .returning({ id: users.stripeCustomerId });
  if (kept?.id && kept.id !== created) await provider.deleteCustomer?.(created).catch(logProviderError);
  return kept?.id ?? created;
}

/**
 * Opens a checkout with the provider for a plan and period; the plan itself does not change here
 * (docs/product.md, Plans and payment). One account opens one checkout at a time, reuses its open
 * checkout for the same plan and period and its one customer, and opens at most CHECKOUTS_PER_HOUR
 * an hour (docs/decisions/086-one-customer-and-open-checkout-per-account.md).
 */
export async function startCheckout(
  db: DbOrTx,
  provider: PaymentProvider,
  counters: Counters,
  { user, planId, period, next }: { user: UserRow; planId: number; period: PlanPeriod; next?: string | undefined },
  logProviderError: (error: unknown) => void,
  now: Date,
): Promise<{ id: string; url: string }> {
  const plan = planById(planId);
  if (!plan) throw domainError(400, 'VALIDATION_ERROR', 'Choose plan 1, 2 or 3.');
  const current = await findPayment(db, user.id);
  if (hasPaidPlan(current, now) && current!.plan === plan.id && current!.period === period && current!.status === 'active') {
    throw domainError(409, 'SAME_PLAN', PAYMENT_MESSAGES.samePlan(plan, period));
  }
  // Set and checked in one atomic step (SET NX in Redis): parallel calls of one account cannot each open one.
  const lease = `checkout-opening:${user.id}`;
  if (!(await counters.claim(lease, OPENING_LEASE_MS))) throw domainError(409, 'CHECKOUT_IN_PROGRESS', PAYMENT_MESSAGES.checkoutOpening);
  try {
    const call = async <T>(work: () => Promise<T>): Promise<T> => {
      try {
        return await work();
      } catch (error) {
        logProviderError(error);
        throw domainError(502, 'PROVIDER_ERROR', PAYMENT_MESSAGES.providerDown);
      }
    };
    const open = await findReusableCheckout(db, user.id, provider.name, plan.id, period, now);
    // Paid or expired at the provider (a payment's webhook may still be on the way): a new checkout; the row is left to the webhook.
    const url = open ? await call(() => provider.openCheckoutUrl(open.id)) : null;
    if (open && url) return { id: open.id, url };
    // Only a checkout opened anew counts (it may leave a customer and a session at the provider).
    const budget = `checkouts:${user.id}`;
    if ((await counters.hit(budget, 60 * 60 * 1000)) > CHECKOUTS_PER_HOUR) {
      throw domainError(429, 'RATE_LIMITED', PAYMENT_MESSAGES.tooManyCheckouts, { retryAfter: Math.ceil((await counters.ttl(budget)) / 1000) });
    }
    const customerId = await accountCustomer(db, provider, user, call, logProviderError);
    const amountCents = planPrice(plan, period);
    const checkout = await call(() => provider.createCheckout({ user, plan, period, amountCents, customerId, next }));
    await db.insert(checkoutSessions).values({ id: checkout.id, userId: user.id, plan: plan.id, period, provider: provider.name, amountCents, createdAt: now });
    return checkout;
  } finally {
    await counters.reset(lease);
  }
}

export interface Confirmation {
  /** The provider's event id: one change per id, ever. */
  eventId: string;
  eventType: string;
  provider: ProviderName;
  sessionId: string;
  customerId?: string | null;
  subscriptionId?: string | null;
  /** As the provider states it; the sandbox leaves it to the session's period. */
  currentPeriodEnd?: Date | null;
}

export type ConfirmOutcome =
  { outcome: 'applied'; userId: number; plan: number; replacedSubscriptionId: string | null } | { outcome: 'duplicate' | 'not-open' };

/**
 * Applies a provider's confirmation of a paid checkout: the session's plan replaces the current one
 * (upgrade or downgrade at once) with a fresh period. Safe under any number of parallel or replayed
 * confirmations: the event id and the session's open -> complete step each let exactly one through.
 */
export async function confirmCheckout(db: Db, announcer: Announcer, confirmation: Confirmation, now: Date): Promise<ConfirmOutcome> {
  const result = await db.transaction(async (tx) => {
    if (!(await recordEvent(tx, confirmation.eventId, confirmation.provider, confirmation.eventType))) return { outcome: 'duplicate' as const };
    const [session] = await tx
      .update(checkoutSessions)
      .set({ status: 'complete', completedAt: now })
      .where(and(eq(checkoutSessions.id, confirmation.sessionId), eq(checkoutSessions.provider, confirmation.provider), eq(checkoutSessions.status, 'open')))
      .returning();
    if (!session) return { outcome: 'not-open' as const };
    const [user] = await tx.select().from(users).where(eq(users.id, session.userId));
    const [before] = await tx.select().from(payments).where(eq(payments.userId, session.userId)).for('update');
    const values = {
      plan: session.plan,
      status: 'active',
      provider: confirmation.provider,
      period: session.period,
      email: user!.email,
      customerId: confirmation.customerId ?? (before?.provider === confirmation.provider ? before.customerId : null) ?? `cus_sandbox_${session.userId}`,
      subscriptionId: confirmation.subscriptionId ?? null,
      currentPeriodEnd: confirmation.currentPeriodEnd ?? addPeriod(now, session.period),
      updatedAt: now,
    };
    await tx
      .insert(payments)
      .values({ userId: session.userId, ...values })
      .onConflictDoUpdate({ target: payments.userId, set: values });
    const previousPlan = hasPaidPlan(before, now) ? before!.plan : 0;
    await audit(tx, session.userId, previousPlan === 0 ? 'plan.activated' : 'plan.changed', session.userId, {
      from: previousPlan,
      to: session.plan,
      period: session.period,
      amount_cents: session.amountCents,
      provider: confirmation.provider,
      checkout_session: session.id,
      event: confirmation.eventId,
      current_period_end: values.currentPeriodEnd.toISOString(),
    });
    const replaced =
      before?.subscriptionId && before.subscriptionId !== values.subscriptionId && before.provider === confirmation.provider && hasPaidPlan(before, now)
        ? before.subscriptionId
        : null;
    return { outcome: 'applied' as const, userId: session.userId, plan: session.plan, replacedSubscriptionId: replaced };
  });
  // The plan decides whether the vet is listed and what the page shows.
  if (result.outcome === 'applied') announcer.announce({ kind: 'listing changed', doctorId: result.userId });
  return result;
}

/** Ends the plan at the end of its paid period (status 'canceling'; the plan counts until then). */
export async function cancelPlan(
  db: Db,
  announcer: Announcer,
  providerFor: (name: string) => PaymentProvider | undefined,
  user: UserRow,
  logProviderError: (error: unknown) => void,
  now: Date,
): Promise<PaymentRow> {
  const payment = await findPayment(db, user.id);
  if (!payment || !hasPaidPlan(payment, now)) throw domainError(409, 'NO_PLAN', PAYMENT_MESSAGES.noPlan);
  if (payment.status === 'canceling') throw domainError(409, 'ALREADY_CANCELING', PAYMENT_MESSAGES.alreadyCanceling(payment.currentPeriodEnd));
  const provider = providerFor(payment.provider);
  if (!provider) throw domainError(502, 'PROVIDER_ERROR', PAYMENT_MESSAGES.providerDown);
  let confirmed: { currentPeriodEnd: Date | null };
  try {
    confirmed = await provider.cancelAtPeriodEnd(payment);
  } catch (error) {
    logProviderError(error);
    throw domainError(502, 'PROVIDER_ERROR', PAYMENT_MESSAGES.providerDown);
  }
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(payments)
      .set({ status: 'canceling', currentPeriodEnd: confirmed.currentPeriodEnd, updatedAt: now })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'active')))
      .returning();
    if (!row) throw domainError(409, 'ALREADY_CANCELING', PAYMENT_MESSAGES.alreadyCanceling(payment.currentPeriodEnd));
    await audit(tx, user.id, 'plan.cancel_requested', user.id, {
      plan: row.plan,
      provider: row.provider,
      current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
    });
    return row;
  });
  // The plan decides whether the vet is listed and what the page shows.
  announcer.announce({ kind: 'listing changed', doctorId: user.id });
  return result;
}

export interface SubscriptionChange {
  eventId: string;
  eventType: string;
  provider: ProviderName;
  subscriptionId: string;
  /** The provider's subscription status ('active', 'past_due', 'canceled', ...). */
  providerStatus: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  /** The subscription is gone (Stripe's customer.subscription.deleted). */
  ended: boolean;
}

/** The provider's word on a subscription: renewals, cancel at period end, resumption, the end. */
export async function applySubscriptionChange(
  db: Db,
  announcer: Announcer,
  change: SubscriptionChange,
  now: Date,
): Promise<'applied' | 'duplicate' | 'ignored'> {
  let changedUser: number | undefined;
  const result = await db.transaction(async (tx) => {
    if (!(await recordEvent(tx, change.eventId, change.provider, change.eventType))) return 'duplicate' as const;
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.subscriptionId, change.subscriptionId), eq(payments.provider, change.provider)))
      .for('update');
    // An event about a subscription that a newer plan replaced changes nothing.
    if (!payment) return 'ignored' as const;
    const status = change.ended
      ? 'expired'
      : change.providerStatus === 'active' || change.providerStatus === 'trialing'
        ? change.cancelAtPeriodEnd
          ? 'canceling'
          : 'active'
        : change.providerStatus;
    const currentPeriodEnd = change.ended
      ? new Date(Math.min(now.getTime(), (change.currentPeriodEnd ?? now).getTime()))
      : (change.currentPeriodEnd ?? payment.currentPeriodEnd);
    if (status === payment.status && currentPeriodEnd?.getTime() === payment.currentPeriodEnd?.getTime()) return 'applied' as const;
    await tx.update(payments).set({ status, currentPeriodEnd, updatedAt: now }).where(eq(payments.id, payment.id));
    changedUser = payment.userId;
    await audit(tx, null, change.ended ? 'plan.ended' : status === payment.status ? 'plan.renewed' : `plan.${status}`, payment.userId, {
      plan: payment.plan,
      from_status: payment.status,
      to_status: status,
      provider: change.provider,
      event: change.eventId,
      current_period_end: currentPeriodEnd?.toISOString() ?? null,
    });
    return 'applied' as const;
  });
  // The plan decides whether the vet is listed and what the page shows.
  if (changedUser !== undefined) announcer.announce({ kind: 'listing changed', doctorId: changedUser });
  return result;
}

/**
 * Marks plans whose paid period has ended as expired (docs/product.md, Plans and payment). Reads
 * already treat an ended period as unpaid (listing/listing-rule.ts); this makes the
 * stored status and the audit log say so too. Runs periodically; safe on several servers at once.
 */
export async function expireEndedPlans(db: Db, announcer: Announcer, now: Date): Promise<number> {
  const result = await db.transaction(async (tx) => {
    const expired = await tx
      .update(payments)
      .set({ status: 'expired', updatedAt: now })
      .where(and(inArray(payments.status, ['active', 'canceling', 'past_due']), lte(payments.currentPeriodEnd, now)))
      .returning();
    for (const row of expired) {
      await audit(tx, null, 'plan.expired', row.userId, {
        plan: row.plan,
        provider: row.provider,
        current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
      });
    }
    return expired.map((row) => row.userId);
  });
  // The plan decides whether the vet is listed and what the page shows.
  for (const doctorId of result) announcer.announce({ kind: 'listing changed', doctorId });
  return result.length;
}

/** An open checkout of this user's, or a 404 (another user's checkout is indistinguishable from none). */
export async function findOwnCheckout(db: DbOrTx, id: string, userId: number, provider: ProviderName): Promise<CheckoutSessionRow> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.userId, userId), eq(checkoutSessions.provider, provider)));
  if (!row) throw domainError(404, 'NOT_FOUND', PAYMENT_MESSAGES.checkoutNotFound);
  return row;
}

export function checkoutState(row: CheckoutSessionRow, now: Date): 'open' | 'complete' | 'expired' {
  if (row.status === 'open' && now.getTime() - row.createdAt.getTime() > CHECKOUT_LIFETIME_MS) return 'expired';
  return row.status;
}
