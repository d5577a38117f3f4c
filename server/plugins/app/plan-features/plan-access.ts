// Which plan features a vet has now (docs/product.md section 5). A feature call runs after
// requireVerified and refuses a plan without the feature with 403 and a plain sentence.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { authGuard } from '../auth';
import type { DbOrTx } from '../../../db/client';
import { payments } from '../../../db/schema';
import { planIncludes, type PlanFeature } from '../../../../shared/constants/plans';
import { domainError } from '../../../lib/domain-error';
import { activePlan } from '../listing/listing-rule';
import type { Photo } from '../../../../shared/schemas/plan-features';

export const FEATURE_MESSAGES: Record<Exclude<PlanFeature, 'listed' | 'featured'>, string> = {
  photos: 'Practice photos are part of the Professional and Premium plans. Choose one on the Pricing page to add photos.',
  services: 'Services are part of the Professional and Premium plans. Choose one on the Pricing page to list your services.',
  contact_form: 'The contact form and its messages are part of the Professional and Premium plans. Choose one on the Pricing page.',
  statistics: 'Profile statistics are part of the Premium plan. Choose it on the Pricing page to see them.',
};

/** The plan in force for a user at `now` (0 when none, expired or lapsed). */
export async function planInForce(db: DbOrTx, userId: number, now: Date): Promise<number> {
  const [payment] = await db.select().from(payments).where(eq(payments.userId, userId));
  return activePlan(payment, now);
}

/** A guard for a plan feature call (run before validation): signed in, verified, and a plan that includes `feature`. */
export function requireFeature(fastify: FastifyInstance, feature: keyof typeof FEATURE_MESSAGES): preHandlerAsyncHookHandler {
  return authGuard(async function (this: FastifyInstance, request: FastifyRequest, reply) {
    await fastify.requireVerified.call(this, request, reply);
    if (!planIncludes(await planInForce(fastify.database.db, request.user.id, fastify.clock.now()), feature))
      throw domainError(403, 'PLAN_REQUIRED', FEATURE_MESSAGES[feature]);
  });
}

/**
 * What a public profile shows of the plan features now, from the plan in force: photos and
 * services only while the plan includes them, and whether the contact form is open. Hidden data is
 * kept for an upgrade (docs/product.md, Plans and payment).
 */
export async function publicPlanFeatures(
  plan: number,
  services: string[],
  readPhotos: () => Promise<Photo[]>,
): Promise<{ services?: string[]; photos?: Photo[]; contact_form: boolean }> {
  return {
    ...(planIncludes(plan, 'services') ? { services } : {}),
    // Read only when shown: most plans that a page is asked for do not show photos.
    ...(planIncludes(plan, 'photos') ? { photos: await readPhotos() } : {}),
    contact_form: planIncludes(plan, 'contact_form'),
  };
}
